import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import type { OptionalFeesFields } from '../order-selection.dto';

/** Take the lines back (returned), with the fees that apply. Answers the order as the actor reads it. */
export class ReturnLines extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly fields: OptionalFeesFields, readonly actor: OrderActor) {
    super();
  }
}

export class ReturnLinesOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly fields: OptionalFeesFields, readonly actor: OrderActor) {
    super();
  }
}

const returnLines = (fields: OptionalFeesFields): OrderChange<void> => (order, lineIds) => order.returnLines(lineIds, { shippingFee: fields.shippingFee, fee: fields.fee });

@CommandHandler(ReturnLines)
export class ReturnLinesHandler implements ICommandHandler<ReturnLines> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, fields, actor }: ReturnLines) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, returnLines(fields)));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(ReturnLinesOfMany)
export class ReturnLinesOfManyHandler implements ICommandHandler<ReturnLinesOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, fields, actor }: ReturnLinesOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, returnLines(fields)));
  }
}

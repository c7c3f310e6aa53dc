import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import type { CancelFields } from './cancel.dto';

/** Cancel the lines, with the fees that apply. Answers the order as the actor reads it. */
export class Cancel extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly fields: CancelFields, readonly actor: OrderActor) {
    super();
  }
}

export class CancelOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly fields: CancelFields, readonly actor: OrderActor) {
    super();
  }
}

const cancel = (fields: CancelFields): OrderChange<void> => (order, lineIds) => order.cancel(lineIds, { shippingFee: fields.shippingFee, fee: fields.fee });

@CommandHandler(Cancel)
export class CancelHandler implements ICommandHandler<Cancel> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, fields, actor }: Cancel) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, cancel(fields)));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(CancelOfMany)
export class CancelOfManyHandler implements ICommandHandler<CancelOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, fields, actor }: CancelOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, cancel(fields)));
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import type { OptionalFeesFields } from '../order-selection.dto';

/** Refund the lines, with the fees that apply. Answers the order as the actor reads it. */
export class Refund extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly fields: OptionalFeesFields, readonly actor: OrderActor) {
    super();
  }
}

export class RefundOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly fields: OptionalFeesFields, readonly actor: OrderActor) {
    super();
  }
}

const refund = (fields: OptionalFeesFields): OrderChange<void> => (order, lineIds) => order.refund(lineIds, { shippingFee: fields.shippingFee, fee: fields.fee });

@CommandHandler(Refund)
export class RefundHandler implements ICommandHandler<Refund> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, fields, actor }: Refund) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, refund(fields)));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(RefundOfMany)
export class RefundOfManyHandler implements ICommandHandler<RefundOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, fields, actor }: RefundOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, refund(fields)));
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import type { ChangeRevenueFields } from './change-revenue.dto';

/** Move the order's revenue to another month. Answers the order as the actor reads it. */
export class ChangeRevenue extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly fields: ChangeRevenueFields, readonly actor: OrderActor) {
    super();
  }
}

export class ChangeRevenueOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly fields: ChangeRevenueFields, readonly actor: OrderActor) {
    super();
  }
}

/** With a monthly timeline, the month must be one of its months (NAL-REVENUE-001): read in the same transaction. */
const changeRevenue = (manager: EntityManager, orders: OrderRepository, fields: ChangeRevenueFields): OrderChange<void> =>
  async (order, lineIds) => order.changeRevenue(lineIds, fields.revenueMonth, await orders.timeline(manager));

@CommandHandler(ChangeRevenue)
export class ChangeRevenueHandler implements ICommandHandler<ChangeRevenue> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, fields, actor }: ChangeRevenue) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, changeRevenue(manager, this.orders, fields)));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(ChangeRevenueOfMany)
export class ChangeRevenueOfManyHandler implements ICommandHandler<ChangeRevenueOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, fields, actor }: ChangeRevenueOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, changeRevenue(manager, this.orders, fields)));
  }
}

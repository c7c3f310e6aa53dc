import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { japanToday } from '@oms/domain';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';

/** Order the lines from their makers (the worker then writes and sends the sheets). Answers the order as the actor reads it. */
export class OrderToMaker extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly actor: OrderActor) {
    super();
  }
}

export class OrderToMakerOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly actor: OrderActor) {
    super();
  }
}

const orderToMaker = (): OrderChange<void> => (order, lineIds) => order.orderToMaker(lineIds, japanToday());

@CommandHandler(OrderToMaker)
export class OrderToMakerHandler implements ICommandHandler<OrderToMaker> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, actor }: OrderToMaker) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, orderToMaker()));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(OrderToMakerOfMany)
export class OrderToMakerOfManyHandler implements ICommandHandler<OrderToMakerOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, actor }: OrderToMakerOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, orderToMaker()));
  }
}

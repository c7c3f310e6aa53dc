import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LineStatus } from '@oms/domain';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import type { ChangeStatusFields } from './change-status.dto';

/** Correct the lines' status by hand. Answers the order as the actor reads it. */
export class ChangeStatus extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly fields: ChangeStatusFields, readonly actor: OrderActor) {
    super();
  }
}

export class ChangeStatusOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly fields: ChangeStatusFields, readonly actor: OrderActor) {
    super();
  }
}

const changeStatus = (fields: ChangeStatusFields): OrderChange<void> => (order, lineIds) => order.changeStatus(lineIds, fields.status as LineStatus);

@CommandHandler(ChangeStatus)
export class ChangeStatusHandler implements ICommandHandler<ChangeStatus> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, fields, actor }: ChangeStatus) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, changeStatus(fields)));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(ChangeStatusOfMany)
export class ChangeStatusOfManyHandler implements ICommandHandler<ChangeStatusOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, fields, actor }: ChangeStatusOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, changeStatus(fields)));
  }
}

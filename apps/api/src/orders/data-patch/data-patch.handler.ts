import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';

/** Mark the lines as patched by hand (data patch). Answers the order as the actor reads it. */
export class DataPatch extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly actor: OrderActor) {
    super();
  }
}

export class DataPatchOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly actor: OrderActor) {
    super();
  }
}

/** The ship dates must fall in the monthly timeline (NAL_ORD-191), which also gives the sales month: read in the same transaction. */
const dataPatch = (manager: EntityManager, orders: OrderRepository): OrderChange<void> =>
  async (order, lineIds) => order.dataPatch(lineIds, await orders.timeline(manager));

@CommandHandler(DataPatch)
export class DataPatchHandler implements ICommandHandler<DataPatch> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, actor }: DataPatch) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, dataPatch(manager, this.orders)));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(DataPatchOfMany)
export class DataPatchOfManyHandler implements ICommandHandler<DataPatchOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, actor }: DataPatchOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, dataPatch(manager, this.orders)));
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BatchResult, OrderActor, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource } from 'typeorm';

/** Confirm payment of an order's lines; answers whether to offer ordering from makers, and the order's new time and version. */
export class ConfirmPayment extends Command<{ isShowPopup: boolean; orderUpdatedAt: Date; version: number }> {
  constructor(readonly target: OrderTarget, readonly actor: OrderActor) {
    super();
  }
}

export class ConfirmPaymentOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly actor: OrderActor) {
    super();
  }
}

/** Paid answers no order: the console reloads it, so nothing reads the view here. */
@CommandHandler(ConfirmPayment)
export class ConfirmPaymentHandler implements ICommandHandler<ConfirmPayment> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  async execute({ target, actor }: ConfirmPayment) {
    const { result, version, updatedAt } = await this.dataSource.transaction((manager) =>
      this.orders.change(manager, target, actor, (order, lineIds) => order.confirmPayment(lineIds)),
    );
    return { isShowPopup: result.isShowPopup, orderUpdatedAt: updatedAt, version };
  }
}

@CommandHandler(ConfirmPaymentOfMany)
export class ConfirmPaymentOfManyHandler implements ICommandHandler<ConfirmPaymentOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, actor }: ConfirmPaymentOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, (order, lineIds) => order.confirmPayment(lineIds)));
  }
}

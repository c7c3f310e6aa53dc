import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DeliveryInfo, FieldValidationError, parseDate } from '@oms/domain';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import type { MakerShipFields } from './maker-ship.dto';

/** Ship the lines (ship date, delivery company, tracking code). Answers the order as the actor reads it. */
export class MakerShip extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly fields: MakerShipFields, readonly actor: OrderActor) {
    super();
  }
}

export class MakerShipOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly fields: MakerShipFields, readonly actor: OrderActor) {
    super();
  }
}

/** The validated body as the delivery the aggregate takes (left out: unchanged). */
function deliveryOf(fields: MakerShipFields): Partial<DeliveryInfo> {
  return {
    shipDate: fields.shipDate ? parseDate(fields.shipDate)! : undefined,
    deliveryCompanyId: fields.deliveryCompanyId ? String(fields.deliveryCompanyId) : undefined,
    trackingCode: fields.trackingCode || undefined,
  };
}

/** The delivery company a ship names must be live (a deleted one keeps only the orders that have it). */
async function checkDeliveryCompany(manager: EntityManager, delivery: Partial<DeliveryInfo>): Promise<void> {
  if (!delivery.deliveryCompanyId) return;
  const [live] = await manager.query(`SELECT 1 FROM delivery_companies WHERE id = $1 AND deleted_at IS NULL`, [delivery.deliveryCompanyId]);
  if (!live) throw new FieldValidationError([{ field: 'delivery_company_id', errorCode: 'exists' }]);
}

/** The ship date must fall in the monthly timeline (NAL_ORD-191): read in the same transaction. */
const makerShip = (manager: EntityManager, orders: OrderRepository, delivery: Partial<DeliveryInfo>): OrderChange<void> =>
  async (order, lineIds) => order.makerShip(lineIds, delivery, await orders.timeline(manager));

@CommandHandler(MakerShip)
export class MakerShipHandler implements ICommandHandler<MakerShip> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, fields, actor }: MakerShip) {
    const delivery = deliveryOf(fields);
    await this.dataSource.transaction(async (manager) => {
      await checkDeliveryCompany(manager, delivery);
      return this.orders.change(manager, target, actor, makerShip(manager, this.orders, delivery));
    });
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(MakerShipOfMany)
export class MakerShipOfManyHandler implements ICommandHandler<MakerShipOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, fields, actor }: MakerShipOfMany) {
    const delivery = deliveryOf(fields);
    return this.dataSource.transaction(async (manager) => {
      await checkDeliveryCompany(manager, delivery);
      return this.orders.changeMany(manager, targets, actor, makerShip(manager, this.orders, delivery));
    });
  }
}

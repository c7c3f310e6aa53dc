import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { LineStatus, MakerConfirmStatus, parseDate } from '@oms/domain';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { OrderIdParam } from '../../common/http/id.param';
import { ApplyOrderAction, ApplyOrderActionToMany, OrderTarget } from './apply-order-action';
import {
  BatchBodyNoFields,
  CancelBatchBody,
  CancelBody,
  CancelFields,
  ChangeRevenueBatchBody,
  ChangeRevenueBody,
  ChangeRevenueFields,
  ChangeStatusBatchBody,
  ChangeStatusBody,
  ChangeStatusFields,
  ConfirmPaymentBody,
  MakerReceiveBatchBody,
  MakerReceiveBody,
  MakerReceiveFields,
  MakerShipBatchBody,
  MakerShipBody,
  MakerShipFields,
  OptionalFeesBatchBody,
  OptionalFeesBody,
  OptionalFeesFields,
  OrderBody,
  OrderSelection,
} from './order-command.dto';
import { OrderAction } from './order-action';

const target = (orderId: number, body: OrderSelection): OrderTarget => ({ orderId: String(orderId), version: body.version, lineIds: body.lineIds.map(String) });
const date = (text: string) => parseDate(text)!;
const optionalDate = (text: string | null | undefined) => (text ? date(text) : text === undefined ? undefined : null);

/** The command's fields, from a validated body, as the action the aggregate is asked to do. */
const ACTIONS = {
  makerReceive: (b: MakerReceiveFields): OrderAction => ({
    kind: 'maker_received_process',
    makerReceiveDate: date(b.makerReceiveDate),
    confirmStatus: b.confirmStatus as MakerConfirmStatus,
    refusalReason: b.refusalReason ?? null,
    estimatedShipDate: optionalDate(b.estimatedShipDate),
  }),
  makerShip: (b: MakerShipFields): OrderAction => ({
    kind: 'maker_ship_process',
    shipDate: b.shipDate ? date(b.shipDate) : undefined,
    deliveryCompanyId: b.deliveryCompanyId ? String(b.deliveryCompanyId) : undefined,
    trackingCode: b.trackingCode || undefined,
  }),
  changeStatus: (b: ChangeStatusFields): OrderAction => ({ kind: 'change_status', status: b.status as LineStatus }),
  returnLines: (b: OptionalFeesFields): OrderAction => ({ kind: 'return_process', shippingFee: b.shippingFee, fee: b.fee }),
  refund: (b: OptionalFeesFields): OrderAction => ({ kind: 'refund_process', shippingFee: b.shippingFee, fee: b.fee }),
  cancel: (b: CancelFields): OrderAction => ({ kind: 'cancel', shippingFee: b.shippingFee, fee: b.fee }),
  changeRevenue: (b: ChangeRevenueFields): OrderAction => ({ kind: 'change_revenue', revenueMonth: b.revenueMonth }),
};

/**
 * The line commands of DESIGN.md §5, on one order (`/orders/:orderId/…`) and on many
 * (`/orders/batch/…`, one result per order). The batch routes come first: `batch` is not an id.
 */
@Controller('orders')
export class OrderCommandsController {
  constructor(private readonly commands: CommandBus) {}

  private async many(body: { orders: { orderId: number; version: number; lineIds: number[] }[] }, action: OrderAction, actor: SignedInUser) {
    const targets = body.orders.map((o) => target(o.orderId, o));
    return one(await this.commands.execute(new ApplyOrderActionToMany(targets, action, actor)));
  }

  private async single(orderId: number, body: OrderSelection, action: OrderAction, actor: SignedInUser) {
    const { order } = await this.commands.execute(new ApplyOrderAction(target(orderId, body), action, actor));
    return one(order);
  }

  @Put('batch/paid')
  @Allow('orders.payment')
  batchPaid(@CurrentUser() actor: SignedInUser, @Body() body: BatchBodyNoFields) {
    return this.many(body, { kind: 'paid' }, actor);
  }

  @Put('batch/order_process')
  @Allow('orders.process')
  batchOrderProcess(@CurrentUser() actor: SignedInUser, @Body() body: BatchBodyNoFields) {
    return this.many(body, { kind: 'order_process' }, actor);
  }

  @Put('batch/maker_received_process')
  @Allow('orders.maker')
  batchMakerReceive(@CurrentUser() actor: SignedInUser, @Body() body: MakerReceiveBatchBody) {
    return this.many(body, ACTIONS.makerReceive(body), actor);
  }

  @Put('batch/maker_ship_process')
  @Allow('orders.maker')
  batchMakerShip(@CurrentUser() actor: SignedInUser, @Body() body: MakerShipBatchBody) {
    return this.many(body, ACTIONS.makerShip(body), actor);
  }

  @Put('batch/data_patch')
  @Allow('orders.process')
  batchDataPatch(@CurrentUser() actor: SignedInUser, @Body() body: BatchBodyNoFields) {
    return this.many(body, { kind: 'data_patch' }, actor);
  }

  @Put('batch/change_status')
  @Allow('orders.process')
  batchChangeStatus(@CurrentUser() actor: SignedInUser, @Body() body: ChangeStatusBatchBody) {
    return this.many(body, ACTIONS.changeStatus(body), actor);
  }

  @Put('batch/return_process')
  @Allow('orders.process')
  batchReturn(@CurrentUser() actor: SignedInUser, @Body() body: OptionalFeesBatchBody) {
    return this.many(body, ACTIONS.returnLines(body), actor);
  }

  @Put('batch/refund_process')
  @Allow('orders.payment')
  batchRefund(@CurrentUser() actor: SignedInUser, @Body() body: OptionalFeesBatchBody) {
    return this.many(body, ACTIONS.refund(body), actor);
  }

  @Put('batch/cancel')
  @Allow('orders.process')
  batchCancel(@CurrentUser() actor: SignedInUser, @Body() body: CancelBatchBody) {
    return this.many(body, ACTIONS.cancel(body), actor);
  }

  @Put('batch/change_revenue')
  @Allow('orders.payment')
  batchChangeRevenue(@CurrentUser() actor: SignedInUser, @Body() body: ChangeRevenueBatchBody) {
    return this.many(body, ACTIONS.changeRevenue(body), actor);
  }

  /** Payment confirmation answers whether to offer ordering from makers, and the order's new time and version. */
  @Put('paid')
  @Allow('orders.payment')
  async paid(@CurrentUser() actor: SignedInUser, @Body() body: ConfirmPaymentBody) {
    const applied = await this.commands.execute(new ApplyOrderAction(target(body.orderId, body), { kind: 'paid' }, actor));
    return one({ isShowPopup: applied.isShowPopup ?? false, orderUpdatedAt: applied.updatedAt, version: applied.version });
  }

  @Put(':orderId/order_process')
  @Allow('orders.process')
  orderProcess(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OrderBody) {
    return this.single(orderId, body, { kind: 'order_process' }, actor);
  }

  @Put(':orderId/maker_received_process')
  @Allow('orders.maker')
  makerReceive(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: MakerReceiveBody) {
    return this.single(orderId, body, ACTIONS.makerReceive(body), actor);
  }

  @Put(':orderId/maker_ship_process')
  @Allow('orders.maker')
  makerShip(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: MakerShipBody) {
    return this.single(orderId, body, ACTIONS.makerShip(body), actor);
  }

  @Put(':orderId/data_patch')
  @Allow('orders.process')
  dataPatch(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OrderBody) {
    return this.single(orderId, body, { kind: 'data_patch' }, actor);
  }

  @Put(':orderId/change_status')
  @Allow('orders.process')
  changeStatus(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: ChangeStatusBody) {
    return this.single(orderId, body, ACTIONS.changeStatus(body), actor);
  }

  @Put(':orderId/return_process')
  @Allow('orders.process')
  returnLines(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OptionalFeesBody) {
    return this.single(orderId, body, ACTIONS.returnLines(body), actor);
  }

  @Put(':orderId/refund_process')
  @Allow('orders.payment')
  refund(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OptionalFeesBody) {
    return this.single(orderId, body, ACTIONS.refund(body), actor);
  }

  @Put(':orderId/cancel')
  @Allow('orders.process')
  cancel(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: CancelBody) {
    return this.single(orderId, body, ACTIONS.cancel(body), actor);
  }

  @Put(':orderId/change_revenue')
  @Allow('orders.payment')
  changeRevenue(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: ChangeRevenueBody) {
    return this.single(orderId, body, ACTIONS.changeRevenue(body), actor);
  }
}

import { MONEY_LIMITS, ORDER_LIMITS } from '@oms/domain';
import { ArrayMaxSize, ArrayNotEmpty, IsArray } from 'class-validator';
import { Id, Ids, Money, Nested, NotNull, Required, Version } from '../common/validation/rules';

/**
 * What every line command's body shares: the order as the client last read it (its version and the
 * selected lines), and the batch form naming many orders. Each command's own fields are in its folder.
 */

/** The fees return, refund and cancel set (the total they make is the aggregate's: NAL_ORD-106). */
export const Fee = () => Money(MONEY_LIMITS.feeMax);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the mixin pattern needs any[] constructor arguments
type Fields = new (...args: any[]) => object;

/** The order a command acts on, as the client last read it: its version and the selected lines. */
export class OrderSelection {
  @Required()
  @Version()
  version!: number;

  @Ids(ORDER_LIMITS.linesPerCommand)
  lineIds!: number[];
}

/** The selection with the order's id in the body. */
export class OrderSelectionWithId extends OrderSelection {
  @Required()
  @Id()
  orderId!: number;
}

/** One order of a batch (inheriting every field keeps the contract's field order: version, line_ids, order_id). */
export class OrderBatchTarget extends OrderSelectionWithId {}

/** The body of a command on one order: its fields, the version and the lines. */
export function oneOrderBody<F extends Fields>(fields: F) {
  class OneOrderBody extends fields {
    @Required()
    @Version()
    version!: number;

    @Ids(ORDER_LIMITS.linesPerCommand)
    lineIds!: number[];
  }
  return OneOrderBody;
}

/** The body of a command on many orders: its fields once, and each order with its version and lines. */
export function batchBody<F extends Fields>(fields: F) {
  class BatchBody extends fields {
    @Nested(() => OrderBatchTarget)
    @ArrayMaxSize(ORDER_LIMITS.ordersPerBatch, { context: { errorCode: 'max', params: { max: ORDER_LIMITS.ordersPerBatch } } })
    @ArrayNotEmpty({ context: { errorCode: 'required' } })
    @IsArray({ context: { errorCode: 'required' } })
    orders!: OrderBatchTarget[];
  }
  return BatchBody;
}

export class NoFields {}

/** The commands with no fields of their own (order to maker, data patch) and every batch of paid. */
export class OrderBody extends oneOrderBody(NoFields) {}
export class BatchBodyNoFields extends batchBody(NoFields) {}

/** Return and refund: the shipping and payment fees that apply, when they do. */
export class OptionalFeesFields {
  @NotNull()
  @Fee()
  shippingFee?: number;

  @NotNull()
  @Fee()
  fee?: number;
}

export class OptionalFeesBody extends oneOrderBody(OptionalFeesFields) {}
export class OptionalFeesBatchBody extends batchBody(OptionalFeesFields) {}

/** The order and lines a command names, as the unit of work takes them (ids as strings). */
export const targetOf = (orderId: number, body: OrderSelection) => ({ orderId: String(orderId), version: body.version, lineIds: body.lineIds.map(String) });

/** Each order a batch names, as the unit of work takes it. */
export const targetsOf = (body: { orders: OrderBatchTarget[] }) => body.orders.map((o) => targetOf(o.orderId, o));

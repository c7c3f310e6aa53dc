import { LINE_STATUSES, MAKER_CONFIRM_STATUS, MONEY_LIMITS, ORDER_LIMITS } from '@oms/domain';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined } from 'class-validator';
import { Id, Ids, Int, Money, Nested, NotNull, OneOf, Optional, Printable, Required, Text, Version } from '../../common/validation/rules';
import { DateText, MonthText } from '../../settings/settings.rules';


/** The fees return, refund and cancel set (the total they make is the aggregate's: NAL_ORD-106). */
const Fee = () => Money(MONEY_LIMITS.feeMax);

export class MakerReceiveFields {
  @Required()
  @DateText()
  makerReceiveDate!: DateText;

  @Required()
  @OneOf(Object.values(MAKER_CONFIRM_STATUS))
  @Int()
  confirmStatus!: 1 | 2 | 3;

  @Optional()
  @Text(ORDER_LIMITS.refusalReason)
  refusalReason?: string | null;

  @Optional()
  @DateText()
  estimatedShipDate?: DateText | null;
}

export class MakerShipFields {
  @Optional()
  @DateText()
  shipDate?: DateText;

  @Optional()
  @Id()
  deliveryCompanyId?: number;

  @Optional()
  @Text(ORDER_LIMITS.trackingCode)
  @Printable()
  trackingCode?: string;
}

export class ChangeStatusFields {
  @Required()
  @OneOf(LINE_STATUSES)
  @Int()
  status!: number;
}

/** Return and refund: the shipping and payment fees that apply, when they do. */
export class OptionalFeesFields {
  @NotNull()
  @Fee()
  shippingFee?: number;

  @NotNull()
  @Fee()
  fee?: number;
}

export class CancelFields {
  @IsDefined({ context: { errorCode: 'required' } })
  @Fee()
  shippingFee!: number;

  @IsDefined({ context: { errorCode: 'required' } })
  @Fee()
  fee!: number;
}

export class ChangeRevenueFields {
  @Required()
  @MonthText()
  revenueMonth!: string;
}

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

/** PUT /orders/paid names the order in the body. */
export class ConfirmPaymentBody extends OrderSelection {
  @Required()
  @Id()
  orderId!: number;
}

export class OrderBatchTarget extends ConfirmPaymentBody {}

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

export class OrderBody extends oneOrderBody(NoFields) {}
export class MakerReceiveBody extends oneOrderBody(MakerReceiveFields) {}
export class MakerShipBody extends oneOrderBody(MakerShipFields) {}
export class ChangeStatusBody extends oneOrderBody(ChangeStatusFields) {}
export class OptionalFeesBody extends oneOrderBody(OptionalFeesFields) {}
export class CancelBody extends oneOrderBody(CancelFields) {}
export class ChangeRevenueBody extends oneOrderBody(ChangeRevenueFields) {}

export class BatchBodyNoFields extends batchBody(NoFields) {}
export class MakerReceiveBatchBody extends batchBody(MakerReceiveFields) {}
export class MakerShipBatchBody extends batchBody(MakerShipFields) {}
export class ChangeStatusBatchBody extends batchBody(ChangeStatusFields) {}
export class OptionalFeesBatchBody extends batchBody(OptionalFeesFields) {}
export class CancelBatchBody extends batchBody(CancelFields) {}
export class ChangeRevenueBatchBody extends batchBody(ChangeRevenueFields) {}

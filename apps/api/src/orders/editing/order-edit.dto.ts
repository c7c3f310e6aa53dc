import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsISO8601, ValidateBy, ValidateIf, ValidationArguments } from 'class-validator';
import { DateText, Email, Id, Int, Katakana, Money, Nested, NotNull, OneOf, Optional, PhoneNumber, Postcode, Printable, Required, Text, Version } from '../../common/validation/rules';
import { ediNoteFits, MONEY_LIMITS, ORDER_LIMITS, parseDate, PREFERRED_PERIOD_MAX, PREFERRED_PERIOD_MIN, PreferredPeriod } from '@oms/domain';

/** An ISO 8601 time of a real instant: Date reads it and its calendar date exists (2026-02-30 does not). */
function isRealTime(value: string): boolean {
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return !Number.isNaN(Date.parse(value)) && !!date && parseDate(date[1]) !== null;
}


/** The rule key and bound the validation pipe answers with (as common/validation/rules.ts does). */
const rule = (errorCode: string, params?: Record<string, string | number>) => ({ context: { errorCode, params } });


/** Fees and prices (MONEY_LIMITS); the total they make is the handler's (NAL_ORD-106). */
const Fee = () => Money(MONEY_LIMITS.feeMax);
const Price = () => Money(MONEY_LIMITS.priceMax);
const Flag = () => applyDecorators(OneOf([0, 1]), Int());


export const EDI_NOTE_ISSUE = { field: 'edi_note', errorCode: 'max_length', params: { max: ORDER_LIMITS.ediNoteWithAddress, other: 'delivery_address' } } as const;

/**
 * edi_note with the body's delivery_address (an edit that leaves one of them out is checked by the
 * handler against the stored value). Asynchronous so that the rule key is attached (settings.rules).
 */
const EdiNoteWithAddress = () =>
  ValidateBy(
    {
      name: 'ediNoteWithAddress',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          Promise.resolve(typeof value !== 'string' || ediNoteFits(value, textOrUndefined((args!.object as { deliveryAddress?: unknown }).deliveryAddress))),
      },
    },
    rule(EDI_NOTE_ISSUE.errorCode, EDI_NOTE_ISSUE.params),
  );

/** A field another rule reads may not be text yet (its own rule refuses it): read it only when it is. */
const textOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Required when the line names no product (its name, maker and price then come from the client). */
const RequiredWithoutProduct = (key: string) =>
  applyDecorators(
    ValidateIf((line: Record<string, unknown>) => line.productId === undefined || line.productId === null || (line[key] !== undefined && line[key] !== null)),
    Required(),
  );

/** One order line: a product (whose name, maker, price, tax rate and options are the defaults) or a free line. */
export class OrderLineBody {
  /** Edit: a line the order already has (kept, with its status); absent: a new line. */
  @Optional()
  @Id()
  id?: number | null;

  @Optional()
  @Id()
  productId?: number | null;

  @RequiredWithoutProduct('productName')
  @Text(ORDER_LIMITS.productName)
  @Printable()
  productName?: string;

  @RequiredWithoutProduct('makerId')
  @Id()
  makerId?: number;

  @Required()
  @Int(ORDER_LIMITS.amountMin, ORDER_LIMITS.amountMax)
  amount!: number;

  @RequiredWithoutProduct('priceWithTax')
  @Price()
  priceWithTax?: number;

  @NotNull()
  @Int(0, ORDER_LIMITS.taxPercentageMax)
  taxPercentage?: number;

  @Optional()
  @Price()
  wholesalePrice?: number | null;

  @NotNull()
  @Fee()
  makerShippingFee?: number;

  @Optional()
  @Text(ORDER_LIMITS.option)
  @Printable()
  option1?: string | null;

  @Optional()
  @Text(ORDER_LIMITS.option)
  @Printable()
  option2?: string | null;
}

/** Edit: a field may be left out (it keeps its value) but not cleared. */
const Kept = NotNull;

/**
 * The fields of an order, as create and edit take them; `must` marks the fields an order cannot be
 * without (Required on create, Kept on edit), so the two bodies share one list of rules.
 */
function orderFields(must: () => PropertyDecorator) {
  class OrderFieldsBody {
    @must()
    @Id()
    shopId!: number;

    @Optional()
    @Id()
    customerId?: number | null;

    @must()
    @Int(0, 5)
    paymentMethodId!: number;

    @Optional()
    @Id()
    deliveryMethodId?: number | null;

    @must()
    @DateText()
    orderDate!: DateText;

    @Optional()
    @Text(ORDER_LIMITS.ecOrderId)
    @Printable()
    ecOrderId?: string | null;

    @must()
    @Text(ORDER_LIMITS.name)
    @Printable()
    buyerName!: string;

    @Optional()
    @Text(ORDER_LIMITS.kana)
    @Katakana()
    buyerKana?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.tel)
    @PhoneNumber()
    buyerTel?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.zip)
    @Postcode()
    buyerZip?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.address)
    @Printable()
    buyerAddress?: string | null;

    @Optional()
    @Email(ORDER_LIMITS.email)
    buyerEmail?: string | null;

    @must()
    @Text(ORDER_LIMITS.name)
    @Printable()
    deliveryName!: string;

    @Optional()
    @Text(ORDER_LIMITS.kana)
    @Katakana()
    deliveryKana?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.tel)
    @PhoneNumber()
    deliveryTel?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.zip)
    @Postcode()
    deliveryZip?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.address)
    @Printable()
    deliveryAddress?: string | null;

    /** A date (`Y-m-d` or `Y/m/d`) or blank, not before the order date (the handler checks it, with the stored one on edit). */
    @Optional()
    @ValidateIf((_: object, v: unknown) => v !== '')
    @Text(ORDER_LIMITS.preferredDate)
    @DateText()
    preferredDate?: DateText | null;

    /** A transport time slot's code, 0 none (libs/domain preferred-period); never null. */
    @NotNull()
    @Int(PREFERRED_PERIOD_MIN, PREFERRED_PERIOD_MAX)
    preferredPeriod?: PreferredPeriod;

    @Optional()
    @Text(ORDER_LIMITS.memo)
    memo?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.memo)
    @Printable({ multiline: true })
    supplierMemo?: string | null;

    @Optional()
    @Text(ORDER_LIMITS.ediNoteWithAddress)
    @Printable()
    @EdiNoteWithAddress()
    ediNote?: string | null;

    @NotNull()
    @Fee()
    settlementFee?: number;

    @NotNull()
    @Fee()
    otherFee?: number;

    @NotNull()
    @Fee()
    shippingFee?: number;

    @NotNull()
    @Flag()
    sendMailFlag?: number;

    @NotNull()
    @Flag()
    sentToOriginFlag?: number;

    @NotNull()
    @OneOf(['pdf', 'csv'])
    fileType?: 'pdf' | 'csv';

    @must()
    @IsArray(rule('invalid'))
    @ArrayMinSize(ORDER_LIMITS.linesMin, rule('min', { min: ORDER_LIMITS.linesMin }))
    @ArrayMaxSize(ORDER_LIMITS.linesMax, rule('max', { max: ORDER_LIMITS.linesMax }))
    @Nested(() => OrderLineBody)
    lines!: OrderLineBody[];

    /** When the form loaded its products (ISO 8601): products changed since are refused with NAL-PRO-002. */
    @Optional()
    @IsISO8601({ strict: true, strictSeparator: true }, rule('date_format'))
    @ValidateBy({ name: 'realTime', validator: { validate: (v: unknown) => Promise.resolve(typeof v !== 'string' || isRealTime(v)) } }, rule('date_format'))
    confirmedProductChangesAt?: string;
  }
  return OrderFieldsBody;
}

/** POST /orders. */
export class CreateOrderBody extends orderFields(Required) {
  /** The new order takes that order's number and the next branch number. */
  @Optional()
  @Id()
  branchOfOrderId?: number;
}

export type OrderFieldsBody = Omit<CreateOrderBody, 'branchOfOrderId'>;

/** PUT /orders/{id}: what is left out keeps its value; `lines`, when sent, is the whole new set. */
export class EditOrderBody extends orderFields(Kept) {
  @Required()
  @Version()
  version!: number;
}

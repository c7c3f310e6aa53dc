import dayjs, { type Dayjs } from 'dayjs';
import { Order, OrderInput, OrderLineInput } from './api/order';
import { DATE_FORMAT } from './format';
import { PREFERRED_PERIOD } from './api/preferred-period';
import type { LineValues } from './OrderLinesEditor';

/** The form's values: the order date as a Dayjs, the lines as the editor holds them. */
export type OrderFormValues = Omit<OrderInput, 'orderDate' | 'lines' | 'confirmedProductChangesAt' | 'branchOfOrderId'> & { orderDate: Dayjs; lines: LineValues[] };

/** Money, counts and codes: left empty they are left out (the API keeps the value, or takes the product's or its default). */
const NUMBERS = new Set(['settlementFee', 'otherFee', 'shippingFee', 'preferredPeriod', 'amount', 'priceWithTax', 'taxPercentage', 'wholesalePrice', 'makerShippingFee']);

/**
 * Form values as a body: blank text is sent as null (an optional field left empty or cleared), an
 * empty number is left out; in a line an untouched field is left out too (a product fills it).
 */
function clean(values: object, dropUndefined: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (NUMBERS.has(key) && (value === null || value === undefined)) continue;
    if (value === undefined && dropUndefined) continue;
    out[key] = typeof value === 'string' && value.trim() === '' ? null : (value ?? null);
  }
  return out;
}

/** The form's values as the API's body. */
export function toInput(values: OrderFormValues, confirmedProductChangesAt: string, branchOfOrderId?: string): OrderInput {
  const { orderDate, lines, version, ...header } = values;
  return {
    ...(clean(header, false) as Omit<OrderInput, 'orderDate' | 'lines' | 'confirmedProductChangesAt'>),
    orderDate: orderDate.format(DATE_FORMAT),
    // A new line has no id; an existing one keeps its own.
    lines: (lines ?? []).map(({ productLabel: _label, id, ...line }) => ({ ...(id ? { id } : {}), ...(clean(line, true) as Omit<OrderLineInput, 'id'>) })),
    ...(branchOfOrderId ? { branchOfOrderId } : {}),
    ...(version ? { version: Number(version) } : {}),
    confirmedProductChangesAt,
  };
}

/** A new order's starting values: today, mail on, one line of one. */
export const newOrderValues = (): Partial<OrderFormValues> => ({
  orderDate: dayjs(),
  sendMailFlag: 1,
  sentToOriginFlag: 0,
  fileType: 'pdf',
  settlementFee: 0,
  shippingFee: 0,
  otherFee: 0,
  preferredPeriod: PREFERRED_PERIOD.none,
  lines: [{ amount: 1, taxPercentage: 10, makerShippingFee: 0 }],
});

/** An order as the form's values (edit, or the header of a branch). */
export function orderToFormValues(order: Order, withLines = true): Partial<OrderFormValues> {
  return {
    shopId: order.shopId,
    customerId: order.customerId,
    paymentMethodId: order.paymentMethodId,
    deliveryMethodId: order.deliveryMethodId,
    orderDate: dayjs(order.orderDate),
    ecOrderId: order.ecOrderId,
    buyerName: order.buyerName,
    buyerKana: order.buyerKana,
    buyerTel: order.buyerTel,
    buyerZip: order.buyerZip,
    buyerAddress: order.buyerAddress,
    buyerEmail: order.buyerEmail,
    deliveryName: order.deliveryName,
    deliveryKana: order.deliveryKana,
    deliveryTel: order.deliveryTel,
    deliveryZip: order.deliveryZip,
    deliveryAddress: order.deliveryAddress,
    preferredDate: order.preferredDate,
    preferredPeriod: order.preferredPeriod,
    memo: order.memo,
    supplierMemo: order.supplierMemo,
    ediNote: order.ediNote,
    settlementFee: order.settlementFee,
    otherFee: order.otherFee,
    shippingFee: order.shippingFee,
    sendMailFlag: order.sendMailFlag,
    sentToOriginFlag: order.sentToOriginFlag,
    fileType: order.fileType,
    ...(withLines
      ? {
          version: order.version,
          lines: order.lines.map((l) => ({
            id: l.id,
            productId: l.productId,
            productLabel: l.productId ? `${l.productCode ?? ''} ${l.productName}`.trim() : undefined,
            productName: l.productName,
            makerId: l.makerId,
            amount: l.amount,
            priceWithTax: l.priceWithTax,
            taxPercentage: l.taxPercentage,
            wholesalePrice: l.wholesalePrice,
            makerShippingFee: l.makerShippingFee,
            option1: l.option1,
            option2: l.option2,
          })),
        }
      : { lines: newOrderValues().lines }),
  };
}

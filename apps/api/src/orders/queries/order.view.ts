import { CLOSED_STATUSES, hasDeliveryInfo, LineStatus, orderTotals, summaryStatus } from '@oms/domain';
import type { MakerOrderRecord, OrderMakerRecord, OrderRecord, PaymentMethodRecord } from '@oms/infra';


export function paymentMethodView(pm: PaymentMethodRecord) {
  return {
    id: pm.id,
    code: pm.code,
    nameJa: pm.nameJa,
    nameEn: pm.nameEn,
    isPostpaid: pm.isPostpaid,
    businessOnly: pm.businessOnly,
    feeWithTax: pm.feeWithTax,
    limitAmount: pm.limitAmount,
  };
}

export type PaymentMethodView = ReturnType<typeof paymentMethodView>;

/** A maker's part as the order answers it: its order and estimated ship dates only on the single order (detail). */
type OrderMakerPart = Omit<OrderMakerRecord, 'makerOrderDate' | 'estimatedShipDate'> & Partial<Pick<OrderMakerRecord, 'makerOrderDate' | 'estimatedShipDate'>>;

/**
 * The order as staff read it (docs/orders-api.md "The order"). `detail` adds what only the single
 * order shows (the payment method's customer, the maker parts' order and estimated ship dates, the errors).
 */
export function orderView(r: OrderRecord, options: { detail: boolean }) {
  const fees = { settlementFee: r.settlementFee, shippingFee: r.shippingFee, otherFee: r.otherFee, fee: r.fee, refundFee: r.refundFee };
  const totals = orderTotals(
    r.lines.map((l) => ({ amount: l.amount, priceWithTax: l.priceWithTax, taxPercentage: l.taxPercentage, counts: !(CLOSED_STATUSES as readonly number[]).includes(l.status) })),
    fees,
  );
  const makers: OrderMakerPart[] = options.detail
    ? r.makers
    : r.makers.map(({ makerOrderDate: _ordered, estimatedShipDate: _estimated, ...part }) => part);
  return {
    id: r.id,
    orderNo: r.orderNo,
    branchNo: r.branchNo,
    origin: r.origin,
    ecOrderId: r.ecOrderId,
    shopId: r.shopId,
    shopName: r.shopName,
    customerId: r.customerId,
    paymentMethodId: r.paymentMethodId,
    paymentMethod: { ...paymentMethodView(r.paymentMethod), ...(options.detail ? { customer: r.customer } : {}) },
    deliveryMethodId: r.deliveryMethodId,
    orderDate: r.orderDate,
    revenueMonth: r.revenueMonth,
    preferredDate: r.preferredDate,
    preferredPeriod: r.preferredPeriod,
    buyerName: r.buyerName,
    buyerKana: r.buyerKana,
    buyerTel: r.buyerTel,
    buyerZip: r.buyerZip,
    buyerAddress: r.buyerAddress,
    buyerEmail: r.buyerEmail,
    deliveryName: r.deliveryName,
    deliveryKana: r.deliveryKana,
    deliveryTel: r.deliveryTel,
    deliveryZip: r.deliveryZip,
    deliveryAddress: r.deliveryAddress,
    memo: r.memo,
    supplierMemo: r.supplierMemo,
    ediNote: r.ediNote,
    sendMailFlag: r.sendMailFlag,
    sentToOriginFlag: r.sentToOriginFlag,
    fileType: r.fileType,
    ...fees,
    productsTotal: r.productsTotal,
    taxTotal: r.taxTotal,
    total: r.total,
    taxByRate: totals.taxByRate,
    status: r.status,
    hasDeliveryInfo: r.hasDeliveryInfo,
    errorCount: r.errorCount,
    version: r.version,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lines: r.lines,
    makers,
    ...(options.detail ? { errors: r.errors } : {}),
  };
}

/**
 * The order as a maker user reads it (DESIGN.md §8, docs/orders-api.md "A maker's view"): its own
 * lines from the moment they were ordered from it, at wholesale prices, what it ships and to whom,
 * the maker memo and its own part. Another type, not the staff's with fields blanked: nothing of
 * the buyer, payment, retail prices, fees, totals, tax or staff memo is in it, and no zero stands
 * for a value it may not know. `view: 'maker'` tells clients which one they hold.
 */
export function makerOrderView(r: MakerOrderRecord) {
  const live = r.lines.filter((l) => !(CLOSED_STATUSES as readonly number[]).includes(l.status));
  return {
    view: 'maker' as const,
    id: r.id,
    orderNo: r.orderNo,
    branchNo: r.branchNo,
    orderDate: r.orderDate,
    shopName: r.shopName,
    preferredDate: r.preferredDate,
    preferredPeriod: r.preferredPeriod,
    deliveryName: r.deliveryName,
    deliveryTel: r.deliveryTel,
    deliveryZip: r.deliveryZip,
    deliveryAddress: r.deliveryAddress,
    supplierMemo: r.supplierMemo,
    ediNote: r.ediNote,
    // What the shop owes it for the live lines; unknown (null) while a line has no wholesale price.
    wholesaleTotal: live.some((l) => l.wholesalePrice === null) ? null : live.reduce((sum, l) => sum + l.wholesalePrice! * l.amount, 0),
    status: summaryStatus(r.lines.map((l) => l.status as LineStatus)),
    hasDeliveryInfo: r.makers.length > 0 && r.makers.every(hasDeliveryInfo),
    version: r.version,
    updatedAt: r.updatedAt,
    lines: r.lines,
    makers: r.makers,
  };
}

export type OrderView = ReturnType<typeof orderView>;
export type MakerOrderView = ReturnType<typeof makerOrderView>;

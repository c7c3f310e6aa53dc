import { LINE_STATUS, LineStatus, orderTotals, summaryStatus } from '@oms/domain';
import type { OrderRecord, PaymentMethodRecord } from '@oms/infra';

/** Cancelled and refunded lines no longer count towards the money of an order (as the aggregate computes it). */
const CLOSED: readonly number[] = [LINE_STATUS.cancel, LINE_STATUS.refunded];

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

/**
 * The order of docs/orders-api.md "The order". `detail` adds what only the single order shows (the
 * payment method's customer, the maker parts' order and estimated ship dates, the errors).
 * `scopedToMaker`: the record holds only that maker's lines, part and errors (OrderReader), so the
 * summary status and the money are those of its lines; the order's fees stay as they are.
 */
export function orderView(r: OrderRecord, options: { detail: boolean; scopedToMaker: boolean }) {
  const fees = { settlementFee: r.settlementFee, shippingFee: r.shippingFee, otherFee: r.otherFee, fee: r.fee, refundFee: r.refundFee };
  const totals = orderTotals(
    r.lines.map((l) => ({ amount: l.amount, priceWithTax: l.priceWithTax, taxPercentage: l.taxPercentage, counts: !CLOSED.includes(l.status) })),
    fees,
  );
  const scoped = options.scopedToMaker;
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
    paymentMethod: {
      ...paymentMethodView(r.paymentMethod),
      ...(options.detail ? { customer: r.customer } : {}),
    },
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
    productsTotal: scoped ? totals.productsTotal : r.productsTotal,
    taxTotal: scoped ? totals.taxTotal : r.taxTotal,
    total: scoped ? totals.total : r.total,
    taxByRate: totals.taxByRate,
    status: scoped && r.lines.length ? summaryStatus(r.lines.map((l) => l.status as LineStatus)) : r.status,
    hasDeliveryInfo: r.hasDeliveryInfo,
    errorCount: r.errorCount,
    version: r.version,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lines: r.lines,
    makers: options.detail
      ? r.makers
      : r.makers.map(({ makerOrderDate: _ordered, estimatedShipDate: _estimated, ...part }) => part),
    ...(options.detail ? { errors: r.errors } : {}),
  };
}

export type OrderView = ReturnType<typeof orderView>;

import { CLOSED_STATUSES, hasDeliveryInfo, LineStatus, orderTotals, summaryStatus } from '@oms/domain';
import type { OrderRecord, PaymentMethodRecord } from '@oms/infra';


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
 * summary status, delivery info and money are those of its lines; the order's fees, staff memo and
 * customer are left out.
 */
export function orderView(r: OrderRecord, options: { detail: boolean; scopedToMaker: boolean }) {
  const scoped = options.scopedToMaker;
  // A maker sees its own lines and part: the order's fees, staff memo and customer are not its business.
  const fees = scoped
    ? { settlementFee: 0, shippingFee: 0, otherFee: 0, fee: 0, refundFee: 0 }
    : { settlementFee: r.settlementFee, shippingFee: r.shippingFee, otherFee: r.otherFee, fee: r.fee, refundFee: r.refundFee };
  const totals = orderTotals(
    r.lines.map((l) => ({ amount: l.amount, priceWithTax: l.priceWithTax, taxPercentage: l.taxPercentage, counts: !(CLOSED_STATUSES as readonly number[]).includes(l.status) })),
    fees,
  );
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
      ...(options.detail && !scoped ? { customer: r.customer } : {}),
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
    memo: scoped ? null : r.memo,
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
    hasDeliveryInfo: scoped ? r.makers.length > 0 && r.makers.every(hasDeliveryInfo) : r.hasDeliveryInfo,
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

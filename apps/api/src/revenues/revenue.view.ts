import type { RevenueRow, RevenueTotals } from '@oms/infra';

/** A revenue record (SPEC.md §3): the order's figures, what the shop paid itself, the margin. */
export function revenueView(r: RevenueRow) {
  return {
    id: Number(r.id),
    orderId: Number(r.orderId),
    orderNo: r.orderNo,
    branchNo: r.branchNo,
    shop: { id: Number(r.shopId), name: r.shopName },
    customerId: r.customerId === null ? null : Number(r.customerId),
    paymentMethodId: r.paymentMethodId,
    makerIds: r.makerIds.map(Number),
    productName: r.productName,
    productCount: r.productCount,
    salesMonth: r.salesMonth,
    shipDate: r.shipDate,
    productsTotal: r.productsTotal,
    taxTotal: r.taxTotal,
    total: r.total,
    wholesaleTotal: r.wholesaleTotal,
    reshipCost: r.reshipCost,
    paymentFee: r.paymentFee,
    shippingFee: r.shippingFee,
    otherFee: r.otherFee,
    refundFee: r.refundFee,
    actualShipCost: r.actualShipCost,
    transferFee: r.transferFee,
    otherCost: r.otherCost,
    margin: r.margin,
    buyerName: r.buyerName,
    buyerKana: r.buyerKana,
    memo: r.memo,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
  };
}
export type RevenueView = ReturnType<typeof revenueView>;

/** The sums of the list's filter: records, sales with tax and the tax in them, makers' costs, the shop's costs, margin. */
export function revenueTotalsView(t: RevenueTotals) {
  return {
    count: t.count,
    productsTotal: t.productsTotal,
    taxTotal: t.taxTotal,
    total: t.total,
    wholesaleTotal: t.wholesaleTotal,
    reshipCost: t.reshipCost,
    costs: t.costs,
    margin: t.margin,
  };
}
export type RevenueTotalsView = ReturnType<typeof revenueTotalsView>;

import type { CandidateRow, DepositRow, PaymentRow, RecordRow } from '@oms/infra';

/** An upload: its file, where matching is (`progress`: records decided of all) and its records counted by state and status. */
export function depositView(d: DepositRow) {
  return {
    id: Number(d.id),
    fileName: d.fileName,
    format: d.format,
    encoding: d.encoding,
    state: d.state,
    recordCount: d.recordCount,
    skippedCount: d.skippedCount,
    totalAmount: d.totalAmount,
    firstDate: d.firstDate,
    lastDate: d.lastDate,
    progress: { decided: d.recordCount - d.counts.pending, total: d.recordCount },
    counts: d.counts,
    createdBy: { id: Number(d.createdBy.id), name: d.createdBy.name },
    createdAt: d.createdAt,
    matchedAt: d.matchedAt,
    revertedAt: d.revertedAt,
    revertReason: d.revertReason,
    version: d.version,
  };
}
export type DepositView = ReturnType<typeof depositView>;

/** A payment on an order (SPEC.md §3 Deposit): type, status, date, amount, fees, and whether it was taken back. */
export function depositPaymentView(p: PaymentRow) {
  return {
    id: Number(p.id),
    orderId: Number(p.orderId),
    orderNo: p.orderNo,
    branchNo: p.branchNo,
    recordId: p.recordId === null ? null : Number(p.recordId),
    depositId: p.depositId === null ? null : Number(p.depositId),
    type: p.type,
    status: p.status,
    paidDate: p.paidDate,
    amount: p.amount,
    dueAmount: p.dueAmount,
    settlementFee: p.settlementFee,
    transferFee: p.transferFee,
    otherFee: p.otherFee,
    shippingFee: p.shippingFee,
    createdAt: p.createdAt,
    revertedAt: p.revertedAt,
    revertReason: p.revertReason,
  };
}
export type DepositPaymentView = ReturnType<typeof depositPaymentView>;

/** An unpaid order offered for a record left for staff, and how it was found. */
export function depositCandidateView(c: CandidateRow) {
  return {
    orderId: Number(c.orderId),
    orderNo: c.orderNo,
    branchNo: c.branchNo,
    version: c.version,
    total: c.total,
    buyerName: c.buyerName,
    buyerKana: c.buyerKana,
    orderDate: c.orderDate,
    foundBy: c.foundBy,
  };
}
export type DepositCandidateView = ReturnType<typeof depositCandidateView>;

/** A bank record of an upload: as the bank wrote it, what matching (or staff) decided, its payments, and candidates while it waits for staff. */
export function depositRecordView(r: RecordRow, candidates: readonly CandidateRow[]) {
  return {
    id: Number(r.id),
    depositId: Number(r.depositId),
    line: r.line,
    inquiryNo: r.inquiryNo,
    accountDate: r.accountDate,
    amount: r.amount,
    payerName: r.payerName,
    ediInfo: r.ediInfo,
    orderNoHint: r.orderNoHint,
    orderNos: r.orderNos,
    bankName: r.bankName,
    branchName: r.branchName,
    state: r.state,
    reviewReason: r.reviewReason,
    status: r.status,
    matchedBy: r.matchedBy,
    difference: r.difference,
    transferFee: r.transferFee,
    decidedAt: r.decidedAt,
    version: r.version,
    /** A bank's cancellation or correction, kept for staff to see: it pays no order. */
    takesBack: r.takesBack,
    payments: r.payments.map(depositPaymentView),
    candidates: candidates.map(depositCandidateView),
  };
}
export type DepositRecordView = ReturnType<typeof depositRecordView>;

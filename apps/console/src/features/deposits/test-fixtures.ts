/** Deposits as the API sends them (snake_case), for the MSW handlers of the deposits tests. */

export const keysetPage = (total: number, perPage = 50) => ({
  from: total ? 1 : null,
  to: total ? Math.min(total, perPage) : null,
  total,
  current_page: 1,
  per_page: perPage,
  last_page: 1,
  next_cursor: null,
  prev_cursor: null,
});

export function wireDeposit(extra: Record<string, unknown> = {}) {
  return {
    id: 7,
    file_name: 'nyukin-1120.txt',
    format: 'zengin_transfer',
    encoding: 'shift_jis',
    state: 'done',
    record_count: 3,
    skipped_count: 0,
    total_amount: 18860,
    first_date: '2026-11-20',
    last_date: '2026-11-20',
    progress: { decided: 3, total: 3 },
    counts: { pending: 0, matched: 2, review: 1, duplicate: 0, reverted: 0, not_paid: 1, exact: 1, over: 1, under: 0 },
    created_by: { id: 1, name: '経理 花子' },
    created_at: '2026-11-20T01:00:00Z',
    matched_at: '2026-11-20T01:00:05Z',
    reverted_at: null,
    revert_reason: null,
    version: 1,
    ...extra,
  };
}

export function wirePayment(orderId: number, extra: Record<string, unknown> = {}) {
  return {
    id: orderId * 10,
    order_id: orderId,
    order_no: `20261101-00000${orderId}`,
    branch_no: 1,
    record_id: null,
    deposit_id: 7,
    type: 0,
    status: 2,
    paid_date: '2026-11-20',
    amount: 5500,
    due_amount: 5500,
    settlement_fee: 0,
    transfer_fee: 0,
    other_fee: 0,
    shipping_fee: 0,
    created_at: '2026-11-20T01:00:05Z',
    reverted_at: null,
    revert_reason: null,
    ...extra,
  };
}

export function wireRecord(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    deposit_id: 7,
    line: id - 99,
    inquiry_no: String(100000 + id),
    account_date: '2026-11-20',
    amount: 5500,
    payer_name: 'ｻﾄｳ ｲﾁﾛｳ',
    edi_info: null,
    order_no_hint: null,
    order_nos: [],
    bank_name: null,
    branch_name: null,
    state: 'matched',
    review_reason: null,
    status: 2,
    matched_by: 'name',
    difference: 0,
    transfer_fee: 0,
    decided_at: '2026-11-20T01:00:05Z',
    version: 2,
    takes_back: false,
    payments: [],
    candidates: [],
    ...extra,
  };
}

/** Three records of one upload: matched exact by number, matched over by name, and one left for review with a candidate short by a fee. */
export const threeRecords = () => [
  wireRecord(101, { matched_by: 'order_no', payer_name: '2026110100000011 ｻﾄｳ', payments: [wirePayment(11, { record_id: 101 })] }),
  wireRecord(102, { amount: 2500, payer_name: 'ﾀｶﾊｼ ｹﾝ', status: 3, difference: 300, payments: [wirePayment(12, { record_id: 102, amount: 2500, due_amount: 2200, status: 3 })] }),
  wireRecord(103, {
    amount: 10560,
    payer_name: 'ｲﾄｳ ｼﾖｳ',
    state: 'review',
    review_reason: 'no_match',
    status: 1,
    matched_by: null,
    difference: null,
    transfer_fee: null,
    version: 1,
    candidates: [{ order_id: 21, order_no: '20261101-0000021', branch_no: 1, version: 4, total: 11000, buyer_name: '伊藤 翔', buyer_kana: 'イトウ ショウ', order_date: '2026-11-01', found_by: 'amount' }],
  }),
];

/** A refusal in DESIGN.md §4's envelope. */
export const refusal = (code: string, errors: object[] = []) => ({ error: { error_code: code, message: `message ${code}`, errors, request_id: 'r-1' } });

export const accountant = { id: 1, name: '経理 花子', email: 'keiri@example.com', role: 'accountant', permissions: ['orders.read', 'orders.payment', 'deposits.read', 'deposits.write', 'revenue.read', 'revenue.write'] };
export const operator = { ...accountant, id: 2, name: 'Operator', role: 'operator', permissions: ['orders.read', 'deposits.read', 'revenue.read'] };

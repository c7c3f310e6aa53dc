import { CopyCsvQuery } from '../csv/csv-copy';

/** SPEC.md §4 deposit status as the files write it. */
const STATUS_LABEL = (sql: string) => `CASE ${sql} WHEN 1 THEN '未入金' WHEN 2 THEN '一致' WHEN 3 THEN '過入金' WHEN 4 THEN '不足' END`;
const TYPE_LABEL = (sql: string) =>
  `CASE ${sql} WHEN 0 THEN '入金' WHEN 1 THEN '返金' WHEN 2 THEN '交換' WHEN 3 THEN '振込' WHEN 4 THEN '現金' WHEN 5 THEN 'その他' WHEN 6 THEN '後払い' WHEN 7 THEN 'バーチャル口座' WHEN 8 THEN 'クレジット' WHEN 9 THEN '代引き' WHEN 10 THEN 'ポイント利用' END`;
const RECORD_STATE_LABEL = `CASE r.state WHEN 'pending' THEN '照合中' WHEN 'matched' THEN '消込済' WHEN 'review' THEN '要確認' WHEN 'duplicate' THEN '重複' WHEN 'reverted' THEN '取消' END`;
const REVIEW_LABEL = `CASE r.review_reason WHEN 'no_match' THEN '該当なし' WHEN 'ambiguous' THEN '候補複数' WHEN 'order_not_due' THEN '受注番号が未入金でない' WHEN 'already_claimed' THEN '他の入金と重複' WHEN 'changed' THEN '照合中に受注が変更' WHEN 'too_little' THEN '金額不足' WHEN 'reverted' THEN '取消済' END`;
const MATCHED_BY_LABEL = `CASE r.matched_by WHEN 'order_no' THEN '受注番号' WHEN 'name' THEN '名義' WHEN 'alias' THEN '学習済み名義' WHEN 'manual' THEN '手動' END`;

/**
 * An upload's result (GET /deposits/{id}/download-result): every record in file order with what became
 * of it: its state and SPEC.md §4 status, the orders it paid, the difference and the transfer fee.
 */
export function depositResultCopy(depositId: string): CopyCsvQuery {
  return {
    columns: [
      { header: '行', key: 'line', sql: 'r.line' },
      { header: '照会番号', key: 'inquiryNo', sql: 'r.inquiry_no', text: true },
      { header: '勘定日', key: 'accountDate', sql: `to_char(r.account_date, 'YYYY/MM/DD')` },
      { header: '金額', key: 'amount', sql: 'r.amount' },
      { header: '振込依頼人名', key: 'payerName', sql: 'r.payer_name', text: true },
      { header: 'EDI情報', key: 'ediInfo', sql: 'r.edi_info', text: true },
      { header: '処理', key: 'state', sql: RECORD_STATE_LABEL },
      { header: '入金ステータス', key: 'status', sql: STATUS_LABEL('r.status') },
      { header: '照合方法', key: 'matchedBy', sql: MATCHED_BY_LABEL },
      { header: '受注番号', key: 'orderNos', sql: `(SELECT string_agg(o.order_no || '-' || o.branch_no, ' ' ORDER BY o.id) FROM deposit_payments p JOIN orders o ON o.id = p.order_id WHERE p.record_id = r.id AND p.reverted_at IS NULL)` },
      { header: '差額', key: 'difference', sql: 'r.difference' },
      { header: '振込手数料', key: 'transferFee', sql: 'r.transfer_fee' },
      { header: '確認理由', key: 'reviewReason', sql: REVIEW_LABEL },
    ],
    from: `FROM deposit_records r WHERE r.deposit_id = $1 ORDER BY r.line`,
    params: [depositId],
  };
}

const PAYMENT_COLUMNS: CopyCsvQuery['columns'] = [
  { header: '入金日', key: 'paidDate', sql: `to_char(p.paid_date, 'YYYY/MM/DD')` },
  { header: '受注番号', key: 'orderNo', sql: 'o.order_no', text: true },
  { header: '枝番', key: 'branchNo', sql: 'o.branch_no' },
  { header: '購入者名', key: 'buyerName', sql: 'o.buyer_name', text: true },
  { header: '入金種別', key: 'type', sql: TYPE_LABEL('p.type') },
  { header: '入金ステータス', key: 'status', sql: STATUS_LABEL('p.status') },
  { header: '入金額', key: 'amount', sql: 'p.amount' },
  { header: '請求額', key: 'dueAmount', sql: 'p.due_amount' },
  { header: '決済手数料', key: 'settlementFee', sql: 'p.settlement_fee' },
  { header: '振込手数料', key: 'transferFee', sql: 'p.transfer_fee' },
  { header: 'その他手数料', key: 'otherFee', sql: 'p.other_fee' },
  { header: '送料', key: 'shippingFee', sql: 'p.shipping_fee' },
];

/**
 * The deposit history of a period (GET /deposits/report): every payment whose paid date falls in it,
 * live and taken back (with when and why), with the bank file and record it came from.
 */
export function depositReportCopy(from: string, to: string): CopyCsvQuery {
  return {
    columns: [
      ...PAYMENT_COLUMNS,
      { header: '入金ファイル', key: 'fileName', sql: 'd.file_name', text: true },
      { header: '照会番号', key: 'inquiryNo', sql: 'r.inquiry_no', text: true },
      { header: '振込依頼人名', key: 'payerName', sql: 'r.payer_name', text: true },
      { header: '登録者', key: 'createdBy', sql: 'u.name', text: true },
      { header: '登録日時', key: 'createdAt', sql: `to_char(p.created_at AT TIME ZONE 'Asia/Tokyo', 'YYYY/MM/DD HH24:MI')` },
      { header: '取消日時', key: 'revertedAt', sql: `to_char(p.reverted_at AT TIME ZONE 'Asia/Tokyo', 'YYYY/MM/DD HH24:MI')` },
      { header: '取消理由', key: 'revertReason', sql: 'p.revert_reason', text: true },
    ],
    from: `FROM deposit_payments p JOIN orders o ON o.id = p.order_id LEFT JOIN deposit_records r ON r.id = p.record_id
           LEFT JOIN deposits d ON d.id = p.deposit_id LEFT JOIN users u ON u.id = p.created_by
           WHERE p.paid_date BETWEEN $1::date AND $2::date ORDER BY p.paid_date, p.id`,
    params: [from, to],
  };
}

/**
 * Advance payments at a cut-off date (前受金): orders with a payment received and recorded on or before
 * it, and taken back only after it, with nothing shipped by then (no maker part with a ship date on or
 * before it), cancelled or refunded orders left out. Orders confirmed paid without a deposit (PUT
 * /orders/paid) have no amount received to list.
 */
export function advancePaymentsCopy(cutOff: string): CopyCsvQuery {
  return {
    columns: [
      ...PAYMENT_COLUMNS,
      { header: '受注日', key: 'orderDate', sql: `to_char(o.order_date, 'YYYY/MM/DD')` },
      { header: '受注合計', key: 'total', sql: 'o.total' },
    ],
    from: `FROM deposit_payments p JOIN orders o ON o.id = p.order_id
           WHERE p.paid_date <= $1::date
             AND (p.created_at AT TIME ZONE 'Asia/Tokyo')::date <= $1::date
             AND (p.reverted_at IS NULL OR (p.reverted_at AT TIME ZONE 'Asia/Tokyo')::date > $1::date)
             AND NOT (o.line_statuses <@ '{7,8}'::smallint[])
             AND NOT EXISTS (SELECT 1 FROM order_makers om WHERE om.order_id = o.id AND om.ship_date <= $1::date)
           ORDER BY p.paid_date, p.id`,
    params: [cutOff],
  };
}

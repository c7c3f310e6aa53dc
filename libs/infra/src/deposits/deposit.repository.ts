import { BankFileFormat, DepositStatus, DueOrder, MatchedBy, RecordCandidates, RecordToKeep, ReviewReason } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedRow, KeysetOrder, keysetPageSql, KeysetPage, PagePosition, readKeysetPage } from '../database/keyset';

export interface DepositToKeep {
  readonly fileName: string;
  readonly fileKey: string;
  readonly sha256: string;
  readonly format: BankFileFormat;
  readonly encoding: 'utf-8' | 'shift_jis';
  /** As the domain's recordsToKeep made them of the file. */
  readonly records: readonly RecordToKeep[];
  readonly skippedCount: number;
  readonly createdBy: string;
}

export type DepositState = 'matching' | 'done' | 'reverted';
export type RecordState = 'pending' | 'matched' | 'review' | 'duplicate' | 'reverted';

/** An upload as its history and its page show it, with its records counted by state and status. */
export interface DepositRow {
  id: string;
  fileName: string;
  fileKey: string;
  format: BankFileFormat;
  encoding: 'utf-8' | 'shift_jis';
  state: DepositState;
  recordCount: number;
  skippedCount: number;
  totalAmount: number;
  firstDate: string | null;
  lastDate: string | null;
  createdBy: { id: string; name: string };
  createdAt: Date;
  matchedAt: Date | null;
  revertedAt: Date | null;
  revertReason: string | null;
  version: number;
  counts: { pending: number; matched: number; review: number; duplicate: number; reverted: number; notPaid: number; exact: number; over: number; under: number };
}

/** A payment applied to an order (SPEC.md §3 Deposit). */
export interface PaymentRow {
  id: string;
  orderId: string;
  orderNo: string;
  branchNo: number;
  recordId: string | null;
  depositId: string | null;
  type: number;
  status: DepositStatus;
  paidDate: string;
  amount: number;
  dueAmount: number;
  settlementFee: number;
  transferFee: number;
  otherFee: number;
  shippingFee: number;
  confirmedLineIds: string[];
  createdBy: string | null;
  createdAt: Date;
  revertedAt: Date | null;
  revertReason: string | null;
}

/** One record of an upload, with the payments it made. */
export interface RecordRow {
  id: string;
  depositId: string;
  line: number;
  inquiryNo: string | null;
  accountDate: string;
  amount: number;
  payerName: string;
  payerKey: string;
  ediInfo: string | null;
  orderNoHint: string | null;
  orderNos: string[];
  bankName: string | null;
  branchName: string | null;
  state: RecordState;
  reviewReason: ReviewReason | null;
  status: DepositStatus;
  matchedBy: MatchedBy | null;
  difference: number | null;
  transferFee: number | null;
  decidedAt: Date | null;
  version: number;
  /** A bank's cancellation or correction (not a deposit): it pays no order. */
  takesBack: boolean;
  payments: PaymentRow[];
}

/** An unpaid order offered for a record left for staff. */
export interface CandidateRow {
  recordId: string;
  orderId: string;
  orderNo: string;
  branchNo: number;
  version: number;
  total: number;
  buyerName: string;
  buyerKana: string | null;
  orderDate: string;
  /** How it was found: the number the record names, the payer's name, a taught name, or its amount alone. */
  foundBy: 'order_no' | 'name' | 'alias' | 'amount';
}

export interface RecordFilter {
  state?: RecordState;
  status?: DepositStatus;
}

/**
 * The orders a bank deposit may pay: paid by bank transfer (a card, cash on delivery or a deferred-payment
 * provider settle otherwise, and a name match on one of those would be a wrong match), with an unpaid line
 * and no live payment. `o` is the order, `pm` its method. Staff apply a record to any order by hand.
 */
const DUE = `o.line_statuses @> '{1}'::smallint[] AND pm.code = 'bank_transfer'
  AND NOT EXISTS (SELECT 1 FROM deposit_payments p WHERE p.order_id = o.id AND p.reverted_at IS NULL)`;

/**
 * The statement matching reads its candidates with: `records` (a query answering id, line, amount,
 * payer_key and order_nos) joined with the due orders by the numbers a record names, by its payer-name
 * key against the buyers' kana and the customers' kana (expression indexes on deposit_payer_key), and by
 * the names staff taught. It answers a row for each record (its amount and numbers, `way` null) and one
 * for each order found (its way and the order), in file order.
 *
 * Shaped so that no plan is quadratic in the records, whose number the planner cannot know (an upload's
 * pending records are never in the statistics: it guesses one): nothing joins what was found back to
 * the records (a nested loop over a record guessed alone re-ran the whole search once per record), and
 * the numbers are unnested into an equality join (`o.order_no = ANY (r.order_nos)` compared each record
 * with every due order). A buyer's payer group is the record's key, which the join made equal to it.
 * The bench runs this over a staging table for its PostgreSQL-alone baseline (docs/benchmarks.md
 * "Deposit matching").
 */
export function depositCandidatesSql(records: string): string {
  return `WITH rec AS (${records})
    SELECT x.record_id::text AS record_id, x.amount::text AS amount, x.order_nos::text[] AS order_nos, x.way, x.order_id::text AS order_id, x.version, x.total, x.payer_group
      FROM (
        SELECT r.id AS record_id, r.line, r.amount, r.order_nos, NULL AS way, NULL::bigint AS order_id, NULL::int AS version, NULL::int AS total, NULL AS payer_group
          FROM rec r
        UNION ALL
        SELECT r.id, r.line, NULL, NULL, 'number', o.id, o.version, o.total, COALESCE('c' || o.customer_id, 'k' || deposit_payer_key(o.buyer_kana))
          FROM rec r CROSS JOIN unnest(r.order_nos) AS n(order_no) JOIN orders o ON o.order_no = n.order_no JOIN payment_methods pm ON pm.id = o.payment_method_id
         WHERE ${DUE}
        UNION ALL
        SELECT r.id, r.line, NULL, NULL, 'name', o.id, o.version, o.total, COALESCE('c' || o.customer_id, 'k' || r.payer_key)
          FROM rec r JOIN orders o ON deposit_payer_key(o.buyer_kana) = r.payer_key JOIN payment_methods pm ON pm.id = o.payment_method_id
         WHERE cardinality(r.order_nos) = 0 AND r.payer_key <> '' AND ${DUE}
        UNION ALL
        SELECT r.id, r.line, NULL, NULL, 'name', o.id, o.version, o.total, 'c' || o.customer_id
          FROM rec r JOIN customers c ON deposit_payer_key(c.name_kana) = r.payer_key JOIN orders o ON o.customer_id = c.id
          JOIN payment_methods pm ON pm.id = o.payment_method_id
         WHERE cardinality(r.order_nos) = 0 AND r.payer_key <> '' AND ${DUE}
        UNION ALL
        SELECT r.id, r.line, NULL, NULL, 'alias', o.id, o.version, o.total, 'c' || o.customer_id
          FROM rec r JOIN deposit_payer_aliases a ON a.payer_key = r.payer_key JOIN orders o ON o.customer_id = a.customer_id
          JOIN payment_methods pm ON pm.id = o.payment_method_id
         WHERE cardinality(r.order_nos) = 0 AND ${DUE}
      ) x
     ORDER BY x.line, x.order_id NULLS FIRST`;
}

const DEPOSIT_COLUMNS = `d.id::text AS id, d.file_name AS "fileName", d.file_key AS "fileKey", d.format, d.encoding, d.state,
  d.record_count AS "recordCount", d.skipped_count AS "skippedCount", d.total_amount::float8 AS "totalAmount",
  to_char(d.first_date, 'YYYY-MM-DD') AS "firstDate", to_char(d.last_date, 'YYYY-MM-DD') AS "lastDate",
  json_build_object('id', u.id::text, 'name', u.name) AS "createdBy", d.created_at AS "createdAt", d.matched_at AS "matchedAt",
  d.reverted_at AS "revertedAt", d.revert_reason AS "revertReason", d.version,
  (SELECT json_build_object(
     'pending', count(*) FILTER (WHERE r.state = 'pending'), 'matched', count(*) FILTER (WHERE r.state = 'matched'),
     'review', count(*) FILTER (WHERE r.state = 'review'), 'duplicate', count(*) FILTER (WHERE r.state = 'duplicate'),
     'reverted', count(*) FILTER (WHERE r.state = 'reverted'),
     'notPaid', count(*) FILTER (WHERE r.status = 1 AND r.state IN ('pending', 'review')), 'exact', count(*) FILTER (WHERE r.status = 2 AND r.state = 'matched'),
     'over', count(*) FILTER (WHERE r.status = 3 AND r.state = 'matched'), 'under', count(*) FILTER (WHERE r.status = 4 AND r.state = 'matched'))
   FROM deposit_records r WHERE r.deposit_id = d.id) AS counts`;

const PAYMENT_COLUMNS = `p.id::text AS id, p.order_id::text AS "orderId", o.order_no AS "orderNo", o.branch_no AS "branchNo",
  p.record_id::text AS "recordId", p.deposit_id::text AS "depositId", p.type, p.status, to_char(p.paid_date, 'YYYY-MM-DD') AS "paidDate",
  p.amount, p.due_amount AS "dueAmount", p.settlement_fee AS "settlementFee", p.transfer_fee AS "transferFee", p.other_fee AS "otherFee",
  p.shipping_fee AS "shippingFee", p.confirmed_line_ids::text[] AS "confirmedLineIds", p.created_by::text AS "createdBy", p.created_at AS "createdAt",
  p.reverted_at AS "revertedAt", p.revert_reason AS "revertReason"`;

const RECORD_COLUMNS = `r.id::text AS id, r.deposit_id::text AS "depositId", r.line, r.inquiry_no AS "inquiryNo",
  to_char(r.account_date, 'YYYY-MM-DD') AS "accountDate", r.amount::float8 AS amount, r.payer_name AS "payerName", r.payer_key AS "payerKey",
  r.edi_info AS "ediInfo", r.order_no_hint AS "orderNoHint", r.order_nos::text[] AS "orderNos", r.bank_name AS "bankName", r.branch_name AS "branchName",
  r.state, r.review_reason AS "reviewReason", r.status, r.matched_by AS "matchedBy", r.difference::float8 AS difference,
  r.transfer_fee AS "transferFee", r.decided_at AS "decidedAt", r.version, r.record_key ~ '^(cancellation|correction):' AS "takesBack"`;

/** The history's order: newest upload first. */
export const DEPOSIT_HISTORY_ORDER: KeysetOrder = { name: '-created_at', column: { sql: 'd.created_at', kind: 'timestamp' }, id: 'd.id', desc: true };
/** An upload's records in file order. */
export const DEPOSIT_RECORDS_ORDER: KeysetOrder = { name: 'line', column: { sql: 'r.line', kind: 'integer' }, id: 'r.id', desc: false };

/**
 * Deposits in SQL (issue 13): uploads, their records and the payments they make. Writes run in the
 * caller's transaction; matching reads a whole upload's candidates in one statement (set-based: the
 * records joined with the unpaid orders by number, payer-name key and taught names).
 */
export class DepositRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Keeps an upload and its records. Uploads take turns (a transaction lock): a bank record another
   * live upload holds (the same key) is kept as `duplicate`, never matched again, and two uploads of the
   * same records at once cannot both hold them.
   */
  async create(m: EntityManager, upload: DepositToKeep): Promise<string> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('deposit-uploads'))`);
    const rs = upload.records;
    const dates = rs.map((r) => r.accountDate).sort();
    const [deposit]: { id: string }[] = await m.query(
      `INSERT INTO deposits (file_name, file_key, file_sha256, format, encoding, record_count, skipped_count, total_amount, first_date, last_date, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id::text AS id`,
      [upload.fileName, upload.fileKey, upload.sha256, upload.format, upload.encoding, rs.length, upload.skippedCount, rs.reduce((t, r) => t + r.amount, 0), dates[0] ?? null, dates[dates.length - 1] ?? null, upload.createdBy],
    );
    await m.query(
      `INSERT INTO deposit_records (deposit_id, line, inquiry_no, account_date, amount, payer_name, payer_key, edi_info, order_no_hint, order_nos, bank_name, branch_name, record_key, state, review_reason)
       SELECT $1, x.line, x.inquiry_no, x.account_date, x.amount, x.payer_name, x.payer_key, x.edi_info, x.order_no_hint,
              CASE WHEN x.order_nos = '' THEN '{}'::varchar[] ELSE string_to_array(x.order_nos, ' ')::varchar[] END,
              x.bank_name, x.branch_name, x.record_key,
              CASE WHEN EXISTS (SELECT 1 FROM deposit_records h WHERE h.record_key = x.record_key AND h.state IN ('pending', 'matched', 'review')) THEN 'duplicate' ELSE x.state END,
              -- A duplicate keeps why it would wait for staff: released later (releaseDuplicatesOf), it waits for them.
              x.review_reason
         FROM unnest($2::int[], $3::text[], $4::date[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])
           AS x(line, inquiry_no, account_date, amount, payer_name, payer_key, edi_info, order_no_hint, order_nos, bank_name, branch_name, record_key, state, review_reason)`,
      [
        deposit.id,
        rs.map((r) => r.line),
        rs.map((r) => r.inquiryNo),
        rs.map((r) => r.accountDate),
        rs.map((r) => r.amount),
        rs.map((r) => r.payerName),
        rs.map((r) => r.payerKey),
        rs.map((r) => r.ediInfo),
        rs.map((r) => r.orderNo),
        rs.map((r) => r.orderNos.join(' ')),
        rs.map((r) => r.bankName),
        rs.map((r) => r.branchName),
        rs.map((r) => r.recordKey),
        rs.map((r) => r.state),
        rs.map((r) => r.reviewReason),
      ],
    );
    return deposit.id;
  }

  /**
   * Every pending record of an upload with the unpaid orders each way of matching finds, in one
   * statement: by the order numbers it names, by its payer-name key against buyers' and customers'
   * kana (expression indexes on deposit_payer_key), and by the names staff taught. In file order.
   */
  async candidates(m: EntityManager, depositId: string): Promise<RecordCandidates[]> {
    // A record's own row (way null) holds its amount and numbers; each other row an order found for it.
    const rows: { record_id: string; amount: string | null; order_nos: string[] | null; way: 'number' | 'name' | 'alias' | null; order_id: string | null; version: number | null; total: number | null; payer_group: string | null }[] =
      await m.query(
        depositCandidatesSql(`SELECT id, line, amount, payer_key, order_nos FROM deposit_records WHERE deposit_id = $1 AND state = 'pending'`),
        [depositId],
      );
    const byRecord = new Map<string, { amount: number; namedOrderNos: string[]; byNumber: DueOrder[]; byName: DueOrder[]; byAlias: DueOrder[] }>();
    for (const row of rows) {
      let record = byRecord.get(row.record_id);
      if (!record) byRecord.set(row.record_id, (record = { amount: 0, namedOrderNos: [], byNumber: [], byName: [], byAlias: [] }));
      if (!row.way) {
        record.amount = Number(row.amount);
        record.namedOrderNos = row.order_nos ?? [];
        continue;
      }
      const due: DueOrder = { orderId: row.order_id!, version: row.version!, total: row.total!, payerGroup: row.payer_group! };
      (row.way === 'number' ? record.byNumber : row.way === 'name' ? record.byName : record.byAlias).push(due);
    }
    return [...byRecord].map(([recordId, r]) => ({ recordId, ...r }));
  }

  /** Leaves records for staff, set-based; a record decided meanwhile (by another run) keeps what it got. */
  async leaveForReview(m: EntityManager, decisions: readonly { recordId: string; reason: ReviewReason }[]): Promise<void> {
    if (decisions.length === 0) return;
    await m.query(
      `UPDATE deposit_records r SET state = 'review', review_reason = x.reason, status = 1, decided_at = now(), version = r.version + 1
         FROM unnest($1::bigint[], $2::text[]) AS x(id, reason) WHERE r.id = x.id AND r.state = 'pending'`,
      [decisions.map((d) => d.recordId), decisions.map((d) => d.reason)],
    );
  }

  /** A record locked for a change, or null when there is none. */
  async lockRecord(m: EntityManager, recordId: string): Promise<RecordRow | null> {
    const [row]: RecordRow[] = await m.query(`SELECT ${RECORD_COLUMNS} FROM deposit_records r WHERE r.id = $1 FOR UPDATE`, [recordId]);
    return row ? { ...row, payments: [] } : null;
  }

  /** Locks an upload's row (its revert, its end of matching). */
  async lockDeposit(m: EntityManager, depositId: string): Promise<{ id: string; state: DepositState; version: number; fileName: string } | null> {
    const [row] = await m.query(`SELECT id::text AS id, state, version, file_name AS "fileName" FROM deposits WHERE id = $1 FOR UPDATE`, [depositId]);
    return row ?? null;
  }

  /** An upload's matched records, locked in id order (its revert). */
  async matchedRecords(m: EntityManager, depositId: string): Promise<RecordRow[]> {
    const rows: RecordRow[] = await m.query(`SELECT ${RECORD_COLUMNS} FROM deposit_records r WHERE r.deposit_id = $1 AND r.state = 'matched' ORDER BY r.id FOR UPDATE`, [depositId]);
    return rows.map((r) => ({ ...r, payments: [] }));
  }

  /** Records what a record's matching or a hand decided: its state, status, difference and fee. */
  async decideRecord(
    m: EntityManager,
    recordId: string,
    decided: { state: RecordState; status: DepositStatus; matchedBy: MatchedBy | null; difference: number | null; transferFee: number | null; reviewReason: ReviewReason | null; decidedBy: string | null },
  ): Promise<void> {
    await m.query(
      `UPDATE deposit_records SET state = $2, status = $3, matched_by = $4, difference = $5, transfer_fee = $6, review_reason = $7, decided_by = $8,
              decided_at = now(), version = version + 1 WHERE id = $1`,
      [recordId, decided.state, decided.status, decided.matchedBy, decided.difference, decided.transferFee, decided.reviewReason, decided.decidedBy],
    );
  }

  async addPayment(
    m: EntityManager,
    payment: Omit<PaymentRow, 'id' | 'orderNo' | 'branchNo' | 'createdAt' | 'revertedAt' | 'revertReason'>,
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO deposit_payments (order_id, record_id, deposit_id, type, status, paid_date, amount, due_amount, settlement_fee, transfer_fee, other_fee, shipping_fee, confirmed_line_ids, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::bigint[], $14) RETURNING id::text AS id`,
      [
        payment.orderId,
        payment.recordId,
        payment.depositId,
        payment.type,
        payment.status,
        payment.paidDate,
        payment.amount,
        payment.dueAmount,
        payment.settlementFee,
        payment.transferFee,
        payment.otherFee,
        payment.shippingFee,
        payment.confirmedLineIds,
        payment.createdBy,
      ],
    );
    return row.id;
  }

  /** Every payment of an order, live and taken back, oldest first (its deposit and payment history). */
  payments(orderId: string): Promise<PaymentRow[]> {
    return this.dataSource.query(`SELECT ${PAYMENT_COLUMNS} FROM deposit_payments p JOIN orders o ON o.id = p.order_id WHERE p.order_id = $1 ORDER BY p.id`, [orderId]);
  }

  /** The live payments of a record, or of an order, or of an upload. */
  livePayments(m: EntityManager, of: { recordId?: string; orderId?: string; depositId?: string }): Promise<PaymentRow[]> {
    const [column, id] = of.recordId ? ['p.record_id', of.recordId] : of.orderId ? ['p.order_id', of.orderId] : ['p.deposit_id', of.depositId];
    return m.query(`SELECT ${PAYMENT_COLUMNS} FROM deposit_payments p JOIN orders o ON o.id = p.order_id WHERE ${column} = $1 AND p.reverted_at IS NULL ORDER BY p.order_id`, [id]);
  }

  async revertPayment(m: EntityManager, paymentId: string, by: string, reason: string): Promise<void> {
    await m.query(`UPDATE deposit_payments SET reverted_at = now(), reverted_by = $2, revert_reason = $3 WHERE id = $1 AND reverted_at IS NULL`, [paymentId, by, reason]);
  }

  /** Staff confirmed that this payer name is this customer's: later runs match it by the name (the newest teaching wins). */
  async teachAlias(m: EntityManager, payerKey: string, customerId: string, by: string): Promise<void> {
    if (!payerKey) return;
    await m.query(
      `INSERT INTO deposit_payer_aliases (payer_key, customer_id, taught_by) VALUES ($1, $2, $3)
       ON CONFLICT (payer_key) DO UPDATE SET customer_id = EXCLUDED.customer_id, taught_by = EXCLUDED.taught_by, updated_at = now()`,
      [payerKey, customerId, by],
    );
  }

  /** Forgets a name taught as the customer of one of these orders (its record was taken back). */
  async forgetAlias(m: EntityManager, payerKey: string, orderIds: readonly string[]): Promise<void> {
    await m.query(`DELETE FROM deposit_payer_aliases a USING orders o WHERE a.payer_key = $1 AND o.id = ANY($2::bigint[]) AND a.customer_id = o.customer_id`, [payerKey, orderIds]);
  }

  /**
   * After an upload was taken back, the bank records it held may be held again: in each later live
   * upload that kept one as a duplicate, the first such record becomes pending and its upload matches
   * again. Answers those uploads (the caller asks the workers to match them).
   */
  async releaseDuplicatesOf(m: EntityManager, depositId: string): Promise<string[]> {
    const rows: { deposit_id: string }[] = await m.query(
      `WITH freed AS (SELECT record_key FROM deposit_records WHERE deposit_id = $1),
            first_duplicate AS (
              SELECT DISTINCT ON (r.record_key) r.id FROM deposit_records r JOIN freed f ON f.record_key = r.record_key JOIN deposits d ON d.id = r.deposit_id
               WHERE r.state = 'duplicate' AND r.deposit_id <> $1 AND d.state <> 'reverted'
                 AND NOT EXISTS (SELECT 1 FROM deposit_records h WHERE h.record_key = r.record_key AND h.state IN ('pending', 'matched', 'review'))
               ORDER BY r.record_key, r.id
            ),
            released AS (
              UPDATE deposit_records r SET state = CASE WHEN r.review_reason IS NULL THEN 'pending' ELSE 'review' END, version = r.version + 1
                FROM first_duplicate x WHERE r.id = x.id RETURNING r.deposit_id
            )
       SELECT DISTINCT deposit_id::text FROM released`,
      [depositId],
    );
    const ids = rows.map((r) => r.deposit_id);
    if (ids.length) await m.query(`UPDATE deposits SET state = 'matching', matched_at = NULL, updated_at = now(), version = version + 1 WHERE id = ANY($1::bigint[])`, [ids]);
    return ids;
  }

  /** Marks an upload as being worked on now (its `updated_at`). */
  async touch(depositId: string): Promise<void> {
    await this.dataSource.query(`UPDATE deposits SET updated_at = now() WHERE id = $1`, [depositId]);
  }

  /** Ends an upload's matching once no record is pending; answers whether it did now. */
  async finishIfDone(m: EntityManager, depositId: string): Promise<boolean> {
    const [rows] = await m.query(
      `UPDATE deposits d SET state = 'done', matched_at = now(), updated_at = now(), version = version + 1
        WHERE id = $1 AND state = 'matching' AND NOT EXISTS (SELECT 1 FROM deposit_records r WHERE r.deposit_id = d.id AND r.state = 'pending') RETURNING id`,
      [depositId],
    );
    return rows.length > 0;
  }

  /** Marks an upload taken back whole, its records no longer holding their bank records. */
  async markReverted(m: EntityManager, depositId: string, by: string, reason: string): Promise<void> {
    await m.query(`UPDATE deposit_records SET state = 'reverted', status = 1, decided_at = now(), version = version + 1 WHERE deposit_id = $1 AND state <> 'duplicate'`, [depositId]);
    await m.query(`UPDATE deposits SET state = 'reverted', reverted_at = now(), reverted_by = $2, revert_reason = $3, updated_at = now(), version = version + 1 WHERE id = $1`, [
      depositId,
      by,
      reason,
    ]);
  }

  async find(id: string, m: EntityManager = this.dataSource.manager): Promise<DepositRow | null> {
    const [row] = await m.query(`SELECT ${DEPOSIT_COLUMNS} FROM deposits d JOIN users u ON u.id = d.created_by WHERE d.id = $1`, [id]);
    return row ? withCounts(row) : null;
  }

  /** The uploads, newest first, a page at a position (every upload ever: keyset paging). */
  async history(position: PagePosition, perPage: number): Promise<KeysetPage<DepositRow>> {
    const order = DEPOSIT_HISTORY_ORDER;
    const page = await readKeysetPage({
      order,
      position,
      perPage,
      rows: (at) => {
        const q = keysetPageSql({ select: 'd.id', from: 'deposits d', where: '', params: [] }, order, at, perPage);
        return this.dataSource.query(q.sql, q.params) as Promise<KeyedRow[]>;
      },
      total: this.dataSource.query(`SELECT count(*)::int AS total FROM deposits`).then(([{ total }]: { total: number }[]) => ({ total, exact: true })),
    });
    const ids = page.rows.map((r) => String(r.id));
    const found: DepositRow[] = ids.length ? await this.dataSource.query(`SELECT ${DEPOSIT_COLUMNS} FROM deposits d JOIN users u ON u.id = d.created_by WHERE d.id = ANY($1::bigint[])`, [ids]) : [];
    const byId = new Map(found.map((d) => [d.id, withCounts(d)]));
    return { ...page, rows: ids.map((id) => byId.get(id)!).filter(Boolean) };
  }

  /** An upload's records in file order, filtered by state or status, a page at a position, with their payments. */
  async records(depositId: string, filter: RecordFilter, position: PagePosition, perPage: number): Promise<KeysetPage<RecordRow>> {
    const params: unknown[] = [depositId];
    const where = ['r.deposit_id = $1'];
    if (filter.state) where.push(`r.state = $${params.push(filter.state)}`);
    if (filter.status) where.push(`r.status = $${params.push(filter.status)}${filter.status === 1 ? ` AND r.state IN ('pending', 'review')` : ` AND r.state = 'matched'`}`);
    const whereSql = `WHERE ${where.join(' AND ')}`;
    const order = DEPOSIT_RECORDS_ORDER;
    const page = await readKeysetPage({
      order,
      position,
      perPage,
      rows: (at) => {
        const q = keysetPageSql({ select: 'r.id', from: 'deposit_records r', where: whereSql, params }, order, at, perPage);
        return this.dataSource.query(q.sql, q.params) as Promise<KeyedRow[]>;
      },
      total: this.dataSource.query(`SELECT count(*)::int AS total FROM deposit_records r ${whereSql}`, params).then(([{ total }]: { total: number }[]) => ({ total, exact: true })),
    });
    const ids = page.rows.map((r) => String(r.id));
    return { ...page, rows: await this.recordsByIds(ids) };
  }

  /** Records by id in the order given, with their payments (live and taken back). */
  async recordsByIds(ids: readonly string[], m: EntityManager = this.dataSource.manager): Promise<RecordRow[]> {
    if (ids.length === 0) return [];
    const records: RecordRow[] = await m.query(`SELECT ${RECORD_COLUMNS} FROM deposit_records r WHERE r.id = ANY($1::bigint[])`, [ids]);
    const payments: PaymentRow[] = await m.query(`SELECT ${PAYMENT_COLUMNS} FROM deposit_payments p JOIN orders o ON o.id = p.order_id WHERE p.record_id = ANY($1::bigint[]) ORDER BY p.id`, [ids]);
    const byId = new Map(records.map((r) => [r.id, { ...r, payments: payments.filter((p) => p.recordId === r.id) }]));
    return ids.map((id) => byId.get(id)!).filter(Boolean);
  }

  /**
   * The unpaid orders staff may apply records to, for each record (at most `perRecord` each): those the
   * record names, those of its payer's name or taught name, and those whose total its amount pays exactly
   * (newest first). What matching would find now, for a record it left.
   */
  async candidatesFor(recordIds: readonly string[], perRecord = 5): Promise<CandidateRow[]> {
    if (recordIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT x.* FROM deposit_records r CROSS JOIN LATERAL (
         SELECT r.id::text AS "recordId", o.id::text AS "orderId", o.order_no AS "orderNo", o.branch_no AS "branchNo", o.version, o.total,
                o.buyer_name AS "buyerName", o.buyer_kana AS "buyerKana", to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate", f.found_by AS "foundBy"
           FROM (
             SELECT o.id, 'order_no' AS found_by, 1 AS rank FROM orders o WHERE o.order_no = ANY (r.order_nos)
             UNION ALL SELECT o.id, 'alias', 2 FROM deposit_payer_aliases a JOIN orders o ON o.customer_id = a.customer_id WHERE a.payer_key = r.payer_key
             UNION ALL SELECT o.id, 'name', 3 FROM orders o WHERE r.payer_key <> '' AND deposit_payer_key(o.buyer_kana) = r.payer_key AND o.line_statuses @> '{1}'::smallint[]
             UNION ALL SELECT o.id, 'name', 3 FROM customers c JOIN orders o ON o.customer_id = c.id WHERE r.payer_key <> '' AND deposit_payer_key(c.name_kana) = r.payer_key
             UNION ALL (SELECT o.id, 'amount', 4 FROM orders o JOIN payment_methods pm ON pm.id = o.payment_method_id
                         WHERE o.total = r.amount AND ${DUE} ORDER BY o.order_date DESC, o.id DESC LIMIT $2)
           ) f
           JOIN orders o ON o.id = f.id JOIN payment_methods pm ON pm.id = o.payment_method_id
          WHERE ${DUE}
          ORDER BY f.rank, o.order_date DESC, o.id DESC LIMIT $2
       ) x WHERE r.id = ANY($1::bigint[]) AND r.record_key !~ '^(cancellation|correction):'`,
      [recordIds, perRecord],
    ).then((rows: CandidateRow[]) => dedupe(rows));
  }

  /** Uploads still matching that were last changed before `before` (the workers' catch-up of a job lost or given up). */
  async uploadsMatching(before: Date): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id::text AS id FROM deposits WHERE state = 'matching' AND updated_at < $1 ORDER BY id`, [before]);
    return rows.map((r) => r.id);
  }

  /** The order a payment by hand is for: its total (what it asks) and its customer (whom a taught name is for). */
  async orderForPayment(m: EntityManager, orderId: string): Promise<{ id: string; total: number; customerId: string | null } | null> {
    const [row] = await m.query(`SELECT id::text AS id, total, customer_id::text AS "customerId" FROM orders WHERE id = $1`, [orderId]);
    return row ?? null;
  }
}

function withCounts(row: DepositRow): DepositRow {
  const counts = Object.fromEntries(Object.entries(row.counts).map(([k, v]) => [k, Number(v)])) as DepositRow['counts'];
  return { ...row, counts };
}

/** One row per record and order (an order found two ways is offered once, by the first). */
function dedupe(rows: CandidateRow[]): CandidateRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.recordId}:${r.orderId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}


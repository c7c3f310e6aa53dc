import { printDocumentNumber, type PrintDocumentKind } from '@oms/domain';
import { EntityManager } from 'typeorm';
import type { PrintDocumentContent } from '../documents/print-document';
import type { OrderPayments } from './print-document-content';

/** An issued document: its number, its frozen content, how many times it was printed. */
export interface PrintDocumentRecord {
  id: string;
  kind: PrintDocumentKind;
  documentNo: string;
  orderId: string;
  content: PrintDocumentContent;
  issuedAt: Date;
  printCount: number;
  version: number;
}

const COLUMNS = `id::text, kind, document_no AS "documentNo", order_id::text AS "orderId", content, issued_at AS "issuedAt", print_count AS "printCount", version`;

/**
 * print_documents (docs/decisions.md "Print documents"), through the caller's transaction. An order's
 * document of a kind is issued once; `issue` is safe against a second first print at once (the row
 * lock on the order, and ON CONFLICT on (order_id, kind) besides).
 */
export class PrintDocumentRepository {
  /** Locks the orders in id order (as order commands do: no deadlock between two batches) and answers those that exist. */
  async lockOrders(m: EntityManager, orderIds: readonly string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await m.query(`SELECT id::text FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`, [orderIds]);
    return new Set(rows.map((r) => r.id));
  }

  /** The live (not voided) document of the kind of each order that has one. */
  async find(m: EntityManager, kind: PrintDocumentKind, orderIds: readonly string[]): Promise<Map<string, PrintDocumentRecord>> {
    const rows: PrintDocumentRecord[] = await m.query(`SELECT ${COLUMNS} FROM print_documents WHERE kind = $1 AND order_id = ANY($2::bigint[]) AND voided_at IS NULL`, [kind, orderIds]);
    return new Map(rows.map((r) => [r.orderId, r]));
  }

  /** Voids a document the order has since contradicted (before its correction is inserted: one live document per order and kind). */
  async voidDocument(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE print_documents SET voided_at = now(), version = version + 1 WHERE id = $1 AND voided_at IS NULL`, [id]);
  }

  /** Records which document corrected a voided one. */
  async markReplaced(m: EntityManager, id: string, replacedBy: string): Promise<void> {
    await m.query(`UPDATE print_documents SET replaced_by = $2 WHERE id = $1`, [id, replacedBy]);
  }

  /** The kind's next number, from its own sequence (numbers taken by a failed transaction are not reused), written as the domain writes it. */
  async nextNumber(m: EntityManager, kind: PrintDocumentKind): Promise<string> {
    const [row]: { n: string }[] = await m.query(`SELECT nextval($1::regclass)::text AS n`, [`print_document_no_${kind}`]);
    return printDocumentNumber(kind, Number(row.n));
  }

  /** Inserts the document, never printed yet; null when the order already has one of the kind. */
  async insert(m: EntityManager, doc: { kind: PrintDocumentKind; orderId: string; content: PrintDocumentContent; issuedAt: Date; issuedBy: string | null }): Promise<PrintDocumentRecord | null> {
    const [row]: PrintDocumentRecord[] = await m.query(
      `INSERT INTO print_documents (kind, document_no, order_id, content, issued_at, issued_by, print_count)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, 0)
       ON CONFLICT (order_id, kind) WHERE voided_at IS NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      [doc.kind, doc.content.documentNo, doc.orderId, JSON.stringify(doc.content), doc.issuedAt, doc.issuedBy],
    );
    return row ?? null;
  }

  /** Counts a print of each document; answers the counts before it (0: the first print, else a reissue). */
  async countPrints(m: EntityManager, ids: readonly string[], by: string | null): Promise<Map<string, number>> {
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const [rows]: [{ id: string; before: number }[], number] = await m.query(
      `UPDATE print_documents SET print_count = print_count + 1, last_printed_at = now(), last_printed_by = $2, version = version + 1
        WHERE id = ANY($1::bigint[]) AND voided_at IS NULL RETURNING id::text, print_count - 1 AS before`,
      [ids, by],
    );
    return new Map(rows.map((r) => [r.id, r.before]));
  }

  /**
   * How the orders were paid: which lines were confirmed paid (a step to paid in their history) and
   * when last; and the live deposit payment covering the order (not short: status 4 is an underpayment;
   * not a refund, type 1, nor points, type 10),
   * whose bank date is the receipt's date when there is one.
   */
  async payments(m: EntityManager, orderIds: readonly string[]): Promise<Map<string, OrderPayments>> {
    const rows: { orderId: string; lineIds: string[]; paidAt: Date }[] = await m.query(
      `SELECT order_id::text AS "orderId", array_agg(DISTINCT order_line_id::text) AS "lineIds", max(changed_at) AS "paidAt"
         FROM order_status_history WHERE order_id = ANY($1::bigint[]) AND to_status = 2 GROUP BY order_id`,
      [orderIds],
    );
    const deposits: { orderId: string; paidDate: string }[] = await m.query(
      `SELECT order_id::text AS "orderId", to_char(paid_date, 'YYYY-MM-DD') AS "paidDate"
         FROM deposit_payments WHERE order_id = ANY($1::bigint[]) AND reverted_at IS NULL AND status IN (2, 3) AND type NOT IN (1, 10)`,
      [orderIds],
    );
    const byOrder = new Map(rows.map((r) => [r.orderId, r]));
    const depositOf = new Map(deposits.map((d) => [d.orderId, d.paidDate]));
    return new Map(
      orderIds.map((id): [string, OrderPayments] => {
        const steps = byOrder.get(id);
        return [id, { paidLineIds: new Set(steps?.lineIds ?? []), paidAt: steps ? new Date(steps.paidAt) : null, depositPaidDate: depositOf.get(id) ?? null }];
      }),
    );
  }
}

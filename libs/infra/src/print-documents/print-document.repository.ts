import type { PrintDocumentKind } from '@oms/domain';
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

  async find(m: EntityManager, kind: PrintDocumentKind, orderIds: readonly string[]): Promise<Map<string, PrintDocumentRecord>> {
    const rows: PrintDocumentRecord[] = await m.query(`SELECT ${COLUMNS} FROM print_documents WHERE kind = $1 AND order_id = ANY($2::bigint[])`, [kind, orderIds]);
    return new Map(rows.map((r) => [r.orderId, r]));
  }

  nextNumber(m: EntityManager, kind: PrintDocumentKind): Promise<string> {
    return m.query(`SELECT next_print_document_no($1) AS no`, [kind]).then(([row]: { no: string }[]) => row.no);
  }

  /** Inserts the document, never printed yet; null when the order already has one of the kind. */
  async insert(m: EntityManager, doc: { kind: PrintDocumentKind; orderId: string; content: PrintDocumentContent; issuedAt: Date; issuedBy: string | null }): Promise<PrintDocumentRecord | null> {
    const [row]: PrintDocumentRecord[] = await m.query(
      `INSERT INTO print_documents (kind, document_no, order_id, content, issued_at, issued_by, print_count)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, 0)
       ON CONFLICT (order_id, kind) DO NOTHING
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
        WHERE id = ANY($1::bigint[]) RETURNING id::text, print_count - 1 AS before`,
      [ids, by],
    );
    return new Map(rows.map((r) => [r.id, r.before]));
  }

  /** Which lines of the orders were confirmed paid (a step to paid in their history), and the last such step per order. */
  async payments(m: EntityManager, orderIds: readonly string[]): Promise<Map<string, OrderPayments>> {
    const rows: { orderId: string; lineIds: string[]; paidAt: Date }[] = await m.query(
      `SELECT order_id::text AS "orderId", array_agg(DISTINCT order_line_id::text) AS "lineIds", max(changed_at) AS "paidAt"
         FROM order_status_history WHERE order_id = ANY($1::bigint[]) AND to_status = 2 GROUP BY order_id`,
      [orderIds],
    );
    const byOrder = new Map(rows.map((r) => [r.orderId, { paidLineIds: new Set(r.lineIds), paidAt: new Date(r.paidAt) }]));
    return new Map(orderIds.map((id) => [id, byOrder.get(id) ?? { paidLineIds: new Set<string>(), paidAt: null }]));
  }
}

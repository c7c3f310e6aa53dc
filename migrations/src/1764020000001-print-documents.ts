import { MigrationInterface, QueryRunner } from 'typeorm';

/** The kinds as of this migration (libs/domain print-documents PRINT_DOCUMENT_KINDS), each with its number sequence; the domain writes the numbers. */
const KINDS = ['invoice', 'receipt', 'delivery_note', 'delivery_request'] as const;

/**
 * Print documents of orders (issue 14; docs/decisions.md "Print documents"): one live document per
 * order and kind, numbered per kind (`INV-000001`…) from a sequence of its own, its printed content
 * frozen as JSON when first issued. A document the order has since contradicted is voided and replaced
 * by a corrected one (`replaced_by`); issued documents are kept (an order with documents cannot be
 * deleted). Two first prints at once make one row: (order_id, kind) is unique among live documents and
 * the insert is ON CONFLICT DO NOTHING.
 */
export class PrintDocuments1764020000001 implements MigrationInterface {
  name = 'PrintDocuments1764020000001';

  async up(q: QueryRunner): Promise<void> {
    for (const kind of KINDS) await q.query(`CREATE SEQUENCE print_document_no_${kind}`);
    await q.query(`
      CREATE TABLE print_documents (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(20) NOT NULL CHECK (kind IN (${KINDS.map((k) => `'${k}'`).join(', ')})),
        document_no varchar(20) NOT NULL,
        order_id bigint NOT NULL CONSTRAINT print_documents_order_fk REFERENCES orders(id) ON DELETE RESTRICT,
        content jsonb NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        issued_by bigint REFERENCES users(id),
        print_count integer NOT NULL DEFAULT 0 CHECK (print_count >= 0),
        last_printed_at timestamptz,
        last_printed_by bigint REFERENCES users(id),
        voided_at timestamptz,
        replaced_by bigint REFERENCES print_documents(id),
        version integer NOT NULL DEFAULT 1,
        CONSTRAINT print_documents_number UNIQUE (kind, document_no),
        CONSTRAINT print_documents_replaced_when_voided CHECK (replaced_by IS NULL OR voided_at IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX print_documents_live_order_kind ON print_documents (order_id, kind) WHERE voided_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE print_documents`);
    for (const kind of KINDS) await q.query(`DROP SEQUENCE print_document_no_${kind}`);
  }
}

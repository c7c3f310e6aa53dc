import { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS = { invoice: 'INV', receipt: 'RCP', delivery_note: 'DLV', delivery_request: 'REQ' } as const;

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
    for (const kind of Object.keys(KINDS)) await q.query(`CREATE SEQUENCE print_document_no_${kind}`);
    await q.query(`
      CREATE FUNCTION next_print_document_no(kind text) RETURNS text LANGUAGE plpgsql AS $$
      DECLARE n bigint;
      BEGIN
        n := nextval('print_document_no_' || kind);
        RETURN CASE kind ${Object.entries(KINDS)
          .map(([kind, prefix]) => `WHEN '${kind}' THEN '${prefix}'`)
          .join(' ')} END || '-' || CASE WHEN n < 1000000 THEN lpad(n::text, 6, '0') ELSE n::text END;
      END $$`);
    await q.query(`
      CREATE TABLE print_documents (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(20) NOT NULL CHECK (kind IN (${Object.keys(KINDS)
          .map((k) => `'${k}'`)
          .join(', ')})),
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
    await q.query(`DROP FUNCTION next_print_document_no(text)`);
    for (const kind of Object.keys(KINDS)) await q.query(`DROP SEQUENCE print_document_no_${kind}`);
  }
}

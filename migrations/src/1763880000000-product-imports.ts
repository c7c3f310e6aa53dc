import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product CSV imports in steps (issue 19 point 2, issue 20 point 7): the upload is stored and checked
 * by a job, which stages the valid rows with what they would change and keeps the rejected rows; staff
 * read the preview and apply it (one upsert from the staged rows) or discard it.
 */
export class ProductImports1763880000000 implements MigrationInterface {
  name = 'ProductImports1763880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE product_imports (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        status varchar(10) NOT NULL DEFAULT 'validating'
          CHECK (status IN ('validating', 'previewed', 'invalid', 'applying', 'applied', 'failed', 'discarded')),
        file_name varchar(255) NOT NULL,
        -- The upload in file storage, under a key of its own (two files of one name never meet).
        file_key varchar(1024) NOT NULL UNIQUE,
        file_size integer NOT NULL CHECK (file_size >= 0),
        encoding varchar(10) CHECK (encoding IN ('utf-8', 'shift_jis')),
        -- Progress: data rows read; the total is estimated from the line breaks until the end.
        rows_done integer NOT NULL DEFAULT 0,
        rows_total integer,
        new_count integer NOT NULL DEFAULT 0,
        changed_count integer NOT NULL DEFAULT 0,
        unchanged_count integer NOT NULL DEFAULT 0,
        clear_count integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        rejected_count integer NOT NULL DEFAULT 0,
        -- The file's header row as written, and its errors or those of the file as a whole (bounded: the
        -- reader refuses a header over a few hundred cells).
        header_cells jsonb,
        file_errors jsonb NOT NULL DEFAULT '[]',
        created_count integer,
        updated_count integer,
        failure_code varchar(30),
        created_by bigint REFERENCES users(id),
        applied_by bigint REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        applied_at timestamptz
      )`);
    // The sweep looks for imports a crash may have left running.
    await q.query(`CREATE INDEX product_imports_unfinished ON product_imports (updated_at) WHERE status IN ('validating', 'applying', 'previewed', 'invalid')`);

    // The valid rows of an import as they would be written, and what each changes. No constraints
    // beyond the key: the products table checks again when the rows are applied.
    await q.query(`
      CREATE TABLE product_import_rows (
        import_id bigint NOT NULL REFERENCES product_imports(id) ON DELETE CASCADE,
        line integer NOT NULL,
        kind varchar(9) NOT NULL CHECK (kind IN ('new', 'changed', 'unchanged')),
        -- The product's version when the preview was made (null: new): applying refuses if it moved.
        base_version integer,
        -- [{column, from, to}] for a changed row, as the CSV writes the values.
        changes jsonb,
        product_code text NOT NULL,
        own_product_code text,
        ec_product_code text,
        maker_product_code text,
        shop_id bigint NOT NULL,
        shop_product_id text,
        maker_id bigint NOT NULL,
        product_name text NOT NULL,
        category_name text,
        price integer NOT NULL,
        tax_percentage integer NOT NULL,
        tax integer NOT NULL,
        price_with_tax integer NOT NULL,
        wholesale_price integer,
        option1 text,
        option2 text,
        shipping_type text NOT NULL,
        available_shipment boolean NOT NULL,
        estimate_ship_date text,
        delivery_category text,
        is_display boolean NOT NULL,
        posting_support_status text NOT NULL,
        state text NOT NULL,
        PRIMARY KEY (import_id, line)
      )`);

    // Every rejected row, with its cells as the file had them, for the preview and the download.
    await q.query(`
      CREATE TABLE product_import_rejects (
        import_id bigint NOT NULL REFERENCES product_imports(id) ON DELETE CASCADE,
        line integer NOT NULL,
        cells jsonb,
        -- [{column, error_code, params}]; column '*' is the whole row.
        errors jsonb NOT NULL,
        PRIMARY KEY (import_id, line)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE product_import_rejects`);
    await q.query(`DROP TABLE product_import_rows`);
    await q.query(`DROP TABLE product_imports`);
  }
}

import type { ColumnChange, ProductImportStatus } from '@oms/domain';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { CsvEncoding } from '../csv/csv-column';
import { nextTurn } from '../csv/time-slice';
import { ProductWrite, PRODUCT_WRITE_COLUMNS } from './product.repository';

/** One error of an import: a cell (`column` = its header), a whole row (`*`), the header or the file. */
export interface ImportIssue {
  readonly column: string;
  readonly errorCode: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface ImportCounts {
  newCount: number;
  changedCount: number;
  unchangedCount: number;
  clearCount: number;
  errorCount: number;
  rejectedCount: number;
}

export interface ProductImportRecord extends ImportCounts {
  id: string;
  status: ProductImportStatus;
  fileName: string;
  fileKey: string;
  fileSize: number;
  encoding: CsvEncoding | null;
  /** Hex SHA-256 of the file (null: uploaded before it was kept). */
  contentSha256: string | null;
  /** The entry of `imported_files` staff confirmed a re-import over at upload (null: none to confirm). */
  reimportOf: string | null;
  rowsDone: number;
  rowsTotal: number | null;
  headerCells: string[] | null;
  /** Issues of the header (`column` = a header name or `*`) or of the file (`column` = `file`). */
  fileErrors: ImportIssue[];
  createdCount: number | null;
  updatedCount: number | null;
  failureCode: string | null;
  createdBy: string | null;
  appliedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  appliedAt: Date | null;
}

/** A valid row as it would be written, and what it does to the product of its code. */
export interface StagedProductRow {
  line: number;
  kind: 'new' | 'changed' | 'unchanged';
  /** The product's version seen by the preview (null: new). */
  baseVersion: number | null;
  changes: readonly ColumnChange[] | null;
  write: ProductWrite;
}

export interface RejectedRow {
  line: number;
  /** The row's cells as the file has them (null: the row could not be read). */
  cells: readonly string[] | null;
  errors: readonly ImportIssue[];
}


/** Where the staged rows go while a file is checked: one COPY, written as the rows come. */
export interface ImportStaging {
  write(rows: readonly StagedProductRow[]): Promise<void>;
  /** Ends the COPY; the rows are there once it resolves. */
  finish(): Promise<void>;
  /** Cancels the COPY: nothing it was given is kept. */
  abort(): Promise<void>;
}

const SELECT = `
  SELECT id, status, file_name AS "fileName", file_key AS "fileKey", file_size AS "fileSize", encoding,
         content_sha256 AS "contentSha256", reimport_of AS "reimportOf",
         rows_done AS "rowsDone", rows_total AS "rowsTotal", new_count AS "newCount", changed_count AS "changedCount",
         unchanged_count AS "unchangedCount", clear_count AS "clearCount", error_count AS "errorCount",
         rejected_count AS "rejectedCount", header_cells AS "headerCells", file_errors AS "fileErrors",
         created_count AS "createdCount", updated_count AS "updatedCount", failure_code AS "failureCode",
         created_by AS "createdBy", applied_by AS "appliedBy", created_at AS "createdAt", updated_at AS "updatedAt",
         applied_at AS "appliedAt"
  FROM product_imports`;

const STAGE_COLUMNS = ['import_id', 'line', 'kind', 'base_version', 'changes', ...PRODUCT_WRITE_COLUMNS.map(([column]) => column)];
const WRITE_COLUMN_LIST = PRODUCT_WRITE_COLUMNS.map(([column]) => column).join(', ');

/** A value in COPY's text format: `\N` for null, backslash escapes for the characters that delimit. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
}

/** Whether an `UPDATE … WHERE <expected state>` changed a row: TypeORM answers an UPDATE with `[rows, affected]`. */
const updatedAny = (answer: [unknown[], number]): boolean => answer[1] > 0;

/**
 * Product CSV imports (docs/product-csv.md): the import rows, the staged rows of a checked file
 * with what each would change, the rejected rows, and the one upsert that applies a preview.
 */
export class ProductImportRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(input: {
    fileName: string;
    fileKey: string;
    fileSize: number;
    encoding: CsvEncoding;
    contentSha256: string;
    reimportOf: string | null;
    createdBy: string;
  }): Promise<ProductImportRecord> {
    const [{ id }] = await this.dataSource.query(
      `INSERT INTO product_imports (file_name, file_key, file_size, encoding, content_sha256, reimport_of, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [input.fileName, input.fileKey, input.fileSize, input.encoding, input.contentSha256, input.reimportOf, input.createdBy],
    );
    return (await this.find(String(id)))!;
  }

  async find(id: string, manager?: EntityManager): Promise<ProductImportRecord | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(`${SELECT} WHERE id = $1`, [id]);
    if (!row) return null;
    const text = (value: unknown) => (value === null ? null : String(value));
    return { ...row, id: String(row.id), createdBy: text(row.createdBy), appliedBy: text(row.appliedBy), reimportOf: text(row.reimportOf) };
  }

  /**
   * A fresh start for a check that may have run before (a job run twice, or taken over after a crash):
   * what an earlier run staged or rejected is removed. False when the import is no longer validating.
   */
  async restartValidation(id: string, rowsTotal: number): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const answer = await m.query(
        `UPDATE product_imports SET rows_done = 0, rows_total = $2, header_cells = NULL, new_count = 0, changed_count = 0, unchanged_count = 0,
                clear_count = 0, error_count = 0, rejected_count = 0, file_errors = '[]', updated_at = now()
         WHERE id = $1 AND status = 'validating' RETURNING id`,
        [id, rowsTotal],
      );
      if (!updatedAny(answer)) return false;
      await m.query(`DELETE FROM product_import_rows WHERE import_id = $1`, [id]);
      await m.query(`DELETE FROM product_import_rejects WHERE import_id = $1`, [id]);
      return true;
    });
  }

  /** Records how far the check is; false when the import was discarded meanwhile (the check stops). */
  async progress(id: string, rowsDone: number): Promise<boolean> {
    const answer = await this.dataSource.query(`UPDATE product_imports SET rows_done = $2, updated_at = now() WHERE id = $1 AND status = 'validating' RETURNING id`, [id, rowsDone]);
    return updatedAny(answer);
  }

  /**
   * Opens the COPY the valid rows of a check go into (DESIGN.md §10: COPY into a staging table, then one
   * upsert). It holds one connection until finished or aborted; writes wait for the database to keep up.
   */
  async stage(importId: string): Promise<ImportStaging> {
    const [client, release] = (await (this.dataSource.driver as PostgresDriver).obtainMasterConnection()) as [PoolClient, (error?: Error) => void];
    const copy = client.query(copyFrom(`COPY product_import_rows (${STAGE_COLUMNS.join(', ')}) FROM STDIN`));
    let failure: Error | null = null;
    copy.on('error', (error: Error) => (failure ??= error));
    let released = false;
    const done = (error?: Error) => {
      if (!released) release(error);
      released = true;
    };
    return {
      async write(rows) {
        // A hundred rows at a time, letting the event loop run between them (the API answers meanwhile).
        for (let from = 0; from < rows.length; from += 100) {
          if (failure) throw failure;
          let text = '';
          for (const row of rows.slice(from, from + 100)) {
            const values: unknown[] = [importId, row.line, row.kind, row.baseVersion, row.changes, ...PRODUCT_WRITE_COLUMNS.map(([, key]) => row.write[key])];
            text += `${values.map(copyText).join('\t')}\n`;
          }
          if (!copy.write(text)) await Promise.race([once(copy, 'drain'), once(copy, 'error')]);
          else await nextTurn();
        }
        if (failure) throw failure;
      },
      async finish() {
        try {
          copy.end();
          await finished(copy);
          done();
        } catch (error) {
          done(error as Error);
          throw error;
        }
      },
      async abort() {
        // Failing the COPY rolls it back; the connection is discarded rather than reused mid-protocol.
        copy.destroy(new Error('staging aborted'));
        done(new Error('staging aborted'));
      },
    };
  }

  /** Keeps rejected rows with their errors (one statement for the lot). */
  async reject(importId: string, rows: readonly RejectedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO product_import_rejects (import_id, line, cells, errors)
       SELECT $1, line, cells, errors FROM unnest($2::int[], $3::jsonb[], $4::jsonb[]) AS r(line, cells, errors)
       ON CONFLICT (import_id, line) DO UPDATE SET errors = product_import_rejects.errors || EXCLUDED.errors`,
      [importId, rows.map((r) => r.line), rows.map((r) => (r.cells === null ? null : JSON.stringify(r.cells))), rows.map((r) => JSON.stringify(r.errors))],
    );
  }

  /** Takes staged rows out again (a row found wrong only once the whole file was read). */
  async unstage(importId: string, lines: readonly number[]): Promise<void> {
    if (lines.length) await this.dataSource.query(`DELETE FROM product_import_rows WHERE import_id = $1 AND line = ANY($2::int[])`, [importId, lines]);
  }

  /** The counts of what was staged and rejected, from the tables themselves. */
  async counts(importId: string): Promise<ImportCounts> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE kind = 'new')::int AS "newCount", count(*) FILTER (WHERE kind = 'changed')::int AS "changedCount",
              count(*) FILTER (WHERE kind = 'unchanged')::int AS "unchangedCount",
              coalesce(sum((SELECT count(*) FROM jsonb_array_elements(changes) c WHERE c->'to' = 'null'::jsonb)), 0)::int AS "clearCount",
              (SELECT coalesce(sum(jsonb_array_length(errors)), 0)::int FROM product_import_rejects WHERE import_id = $1) AS "errorCount",
              (SELECT count(*)::int FROM product_import_rejects WHERE import_id = $1) AS "rejectedCount"
       FROM product_import_rows WHERE import_id = $1`,
      [importId],
    );
    return row;
  }

  /** Ends a check: `previewed` (nothing wrong) or `invalid`, with its counts. False when it was discarded meanwhile. */
  async finishValidation(
    id: string,
    result: ImportCounts & { status: 'previewed' | 'invalid'; rowsTotal: number; headerCells: readonly string[] | null; fileErrors: readonly ImportIssue[] },
  ): Promise<boolean> {
    const answer = await this.dataSource.query(
      `UPDATE product_imports SET status = $2, rows_done = $3, rows_total = $3, new_count = $4, changed_count = $5, unchanged_count = $6,
              clear_count = $7, error_count = $8, rejected_count = $9, header_cells = $10, file_errors = $11, updated_at = now()
       WHERE id = $1 AND status = 'validating' RETURNING id`,
      [
        id,
        result.status,
        result.rowsTotal,
        result.newCount,
        result.changedCount,
        result.unchangedCount,
        result.clearCount,
        result.errorCount,
        result.rejectedCount,
        result.headerCells === null ? null : JSON.stringify(result.headerCells),
        JSON.stringify(result.fileErrors),
      ],
    );
    return updatedAny(answer);
  }

  /** The preview's lists, each the first `max` in row order (the counts say how many there are). */
  async previewLists(importId: string, max: number) {
    const [changed, clears, errors] = await Promise.all([
      this.dataSource.query(
        `SELECT line, product_code AS "productCode", changes FROM product_import_rows WHERE import_id = $1 AND kind = 'changed' ORDER BY line LIMIT $2`,
        [importId, max],
      ) as Promise<{ line: number; productCode: string; changes: ColumnChange[] }[]>,
      this.dataSource.query(
        `SELECT r.line, r.product_code AS "productCode", c->>'column' AS "column", c->>'from' AS "from"
         FROM product_import_rows r CROSS JOIN LATERAL jsonb_array_elements(r.changes) WITH ORDINALITY AS e(c, n)
         WHERE r.import_id = $1 AND r.kind = 'changed' AND c->'to' = 'null'::jsonb ORDER BY r.line, e.n LIMIT $2`,
        [importId, max],
      ) as Promise<{ line: number; productCode: string; column: string; from: string }[]>,
      this.dataSource.query(
        `SELECT r.line, e.c AS issue FROM product_import_rejects r CROSS JOIN LATERAL jsonb_array_elements(r.errors) WITH ORDINALITY AS e(c, n)
         WHERE r.import_id = $1 ORDER BY r.line, e.n LIMIT $2`,
        [importId, max],
      ) as Promise<{ line: number; issue: ImportIssue }[]>,
    ]);
    return { changed, clears, errors: errors.map((e) => ({ line: e.line, ...e.issue })) };
  }

  /** Every rejected row in row order, read a thousand at a time. */
  async *rejectedRows(importId: string): AsyncGenerator<RejectedRow> {
    let after = 0;
    for (;;) {
      const rows: RejectedRow[] = await this.dataSource.query(
        `SELECT line, cells, errors FROM product_import_rejects WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT 1000`,
        [importId, after],
      );
      yield* rows;
      if (rows.length < 1000) return;
      after = rows[rows.length - 1].line;
    }
  }

  /**
   * Staged rows whose product is no longer as the preview saw it: changed or created since (its version
   * moved, or a new code now exists). Counted under the caller's locks when applying.
   */
  async staleRows(importId: string, manager?: EntityManager): Promise<number> {
    const [{ n }] = await (manager ?? this.dataSource.manager).query(
      `SELECT count(*)::int AS n FROM product_import_rows r LEFT JOIN products p ON p.product_code = r.product_code
       WHERE r.import_id = $1 AND p.version IS DISTINCT FROM r.base_version`,
      [importId],
    );
    return n;
  }

  /**
   * previewed → applying, once: false when the import was not previewed (a second click finds it applying).
   * In the caller's transaction when given one (the file is recorded as imported in the same).
   */
  async startApplying(id: string, userId: string, manager?: EntityManager): Promise<boolean> {
    const answer = await (manager ?? this.dataSource.manager).query(
      `UPDATE product_imports SET status = 'applying', applied_by = $2, updated_at = now() WHERE id = $1 AND status = 'previewed' RETURNING id`,
      [id, userId],
    );
    return updatedAny(answer);
  }

  /**
   * Applies an import that is `applying`, in the caller's transaction, in a fixed number of statements
   * whatever its size: the import row and the products it names are locked (in id order), the staged
   * rows are compared with the products' versions the preview saw, the availability and ship-date
   * changes are recorded (who = `userId`), then one INSERT … ON CONFLICT (product_code) DO UPDATE writes
   * the new and changed rows. Unchanged rows are not written (their version stays).
   *
   * Returns 'applied', 'stale' (the catalogue moved since the preview; nothing written) or 'not-applying'
   * (another run applied it already, or it was never started).
   */
  async apply(manager: EntityManager, id: string, userId: string): Promise<'applied' | 'stale' | 'not-applying'> {
    const [head] = await manager.query(`SELECT status, new_count, changed_count FROM product_imports WHERE id = $1 FOR UPDATE`, [id]);
    if (head?.status !== 'applying') return 'not-applying';
    await manager.query(
      `SELECT p.id FROM products p JOIN product_import_rows r ON r.product_code = p.product_code WHERE r.import_id = $1 ORDER BY p.id FOR UPDATE OF p`,
      [id],
    );
    if ((await this.staleRows(id, manager)) > 0) return 'stale';
    const changed = `products p JOIN product_import_rows i ON i.product_code = p.product_code WHERE i.import_id = $1 AND i.kind = 'changed'`;
    await manager.query(
      `INSERT INTO product_changes (product_id, field, from_value, to_value, changed_by)
       SELECT p.id, 'state', p.state, i.state, $2::bigint FROM ${changed} AND p.state IS DISTINCT FROM i.state
       UNION ALL
       SELECT p.id, 'estimate_ship_date', p.estimate_ship_date, i.estimate_ship_date, $2::bigint FROM ${changed}
         AND p.estimate_ship_date IS DISTINCT FROM i.estimate_ship_date`,
      [id, userId],
    );
    // Maker product codes are unique and checked row by row: free the ones this file reassigns first,
    // so a file may swap codes between its products (the rows were checked against the rest already).
    await manager.query(
      `UPDATE products p SET maker_product_code = NULL FROM product_import_rows i
       WHERE i.import_id = $1 AND i.kind = 'changed' AND p.product_code = i.product_code
         AND p.maker_product_code IS DISTINCT FROM i.maker_product_code AND p.maker_product_code IS NOT NULL`,
      [id],
    );
    const updates = PRODUCT_WRITE_COLUMNS.filter(([c]) => c !== 'product_code').map(([c]) => `${c} = EXCLUDED.${c}`);
    // Rows go in in product-code order: two imports adding the same new codes take their locks in
    // the same order and wait for each other instead of deadlocking.
    await manager.query(
      `INSERT INTO products (${WRITE_COLUMN_LIST}) SELECT ${WRITE_COLUMN_LIST} FROM product_import_rows
       WHERE import_id = $1 AND kind <> 'unchanged' ORDER BY product_code
       ON CONFLICT (product_code) DO UPDATE SET ${updates.join(', ')},
         last_changed_at = CASE WHEN products.state IS DISTINCT FROM EXCLUDED.state OR products.estimate_ship_date IS DISTINCT FROM EXCLUDED.estimate_ship_date
                                THEN now() ELSE products.last_changed_at END,
         updated_at = now(), version = products.version + 1`,
      [id],
    );
    await manager.query(
      `UPDATE product_imports SET status = 'applied', created_count = new_count, updated_count = changed_count, applied_by = $2,
              applied_at = now(), updated_at = now() WHERE id = $1`,
      [id, userId],
    );
    return 'applied';
  }

  /** Ends an import that cannot go on (its job failed, or the catalogue moved): `failed`, with the reason's code. */
  async fail(id: string, code: string, from: readonly ProductImportStatus[] = ['validating', 'applying'], manager?: EntityManager): Promise<boolean> {
    const answer = await (manager ?? this.dataSource).query(
      `UPDATE product_imports SET status = 'failed', failure_code = $2, updated_at = now() WHERE id = $1 AND status = ANY($3::text[]) RETURNING id`,
      [id, code, from],
    );
    return updatedAny(answer);
  }

  /** Discards an import not being written or written; false when it is (or it does not exist). */
  async discard(id: string): Promise<boolean> {
    const answer = await this.dataSource.query(
      `UPDATE product_imports SET status = 'discarded', updated_at = now() WHERE id = $1 AND status NOT IN ('applying', 'applied') RETURNING id`,
      [id],
    );
    return updatedAny(answer);
  }

  /** Removes what an import staged and rejected once it is applied or discarded (the record itself stays). */
  async clearStaged(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM product_import_rows WHERE import_id = $1`, [id]);
    await this.dataSource.query(`DELETE FROM product_import_rejects WHERE import_id = $1`, [id]);
  }

  /** Imports in a state a job should be working on, or left waiting for longer than `idleSeconds`. */
  async unfinished(idleSeconds: number): Promise<{ id: string; status: ProductImportStatus; idle: boolean }[]> {
    const rows: { id: string; status: ProductImportStatus; idle: boolean }[] = await this.dataSource.query(
      `SELECT id, status, updated_at < now() - make_interval(secs => $1) AS idle FROM product_imports
       WHERE status IN ('validating', 'applying', 'previewed', 'invalid') ORDER BY id`,
      [idleSeconds],
    );
    return rows.map((r) => ({ ...r, id: String(r.id) }));
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** The customer list's sorts, each with the id that breaks its ties, in the list's order (NULLs of the kana first). */
const INDEXES: [string, string][] = [
  ['customers_by_name', '(name, id)'],
  ['customers_by_name_kana', '(name_kana NULLS FIRST, id)'],
  ['customers_by_updated_at', '(updated_at, id)'],
];

/**
 * The customer list pages by keyset (docs/decisions.md "Keyset paging"): a page after a cursor is
 * `(name, id) > ($1, $2)`, which an index on the sort and the id reads as a range, at any depth. Without
 * one every page of a sort by name or kana sorted all 100,000 customers (about 200 ms on the bench's
 * data); read backwards, the same indexes serve the descending sorts. The sort by id has its primary key.
 */
export class CustomerListSorts1763990000000 implements MigrationInterface {
  name = 'CustomerListSorts1763990000000';
  // Outside a transaction, so the indexes are built CONCURRENTLY (customer writes go on meanwhile);
  // a run cut short leaves an invalid index, which the next run drops and builds again.
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    for (const [name, columns] of INDEXES) {
      await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
      await q.query(`CREATE INDEX CONCURRENTLY ${name} ON customers ${columns}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of INDEXES) await q.query(`DROP INDEX IF EXISTS ${name}`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revenue list under a sales month and a shop (an accountant closing one shop's month). With only
 * `revenues_month_by_ship_date` and `revenues_shop_by_ship_date`, the planner answered the filter's
 * totals with a BitmapAnd of both: the whole shop's entries (325,000 of the bench's 927,000 records, 27 ms)
 * to keep the month's 17,000, slower than the month's totals alone (docs/benchmarks.md "Revenue list and
 * SS file"). This index holds the month's records of each shop in the list's order (ship date, id,
 * newest first): the totals read its 17,000 entries, the page walks it with no filter left over.
 */
export class RevenuesMonthShop1764020000002 implements MigrationInterface {
  name = 'RevenuesMonthShop1764020000002';
  // CONCURRENTLY, outside a transaction: a plain build on a million records would hold every revenue write.
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS revenues_month_shop_by_ship_date`);
    await q.query(`CREATE INDEX CONCURRENTLY revenues_month_shop_by_ship_date ON revenues (sales_month, shop_id, ship_date DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS revenues_month_shop_by_ship_date`);
  }
}

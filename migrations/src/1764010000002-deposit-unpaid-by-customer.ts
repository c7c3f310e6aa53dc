import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deposit matching finds a payer's unpaid orders through the customers of that name and through the
 * names staff taught (both by customer). `orders_customer_by_date` holds every order of a customer, so
 * each probe read all of them (eight on average in the seeded million, most long paid) to keep the one
 * or two unpaid: for a file of 50,000 records that was 4.4 s of a 6.8 s candidate statement
 * (docs/benchmarks.md "Deposit matching"). This index holds the orders with an unpaid line only.
 */
export class DepositUnpaidByCustomer1764010000002 implements MigrationInterface {
  name = 'DepositUnpaidByCustomer1764010000002';
  // CONCURRENTLY, outside a transaction: a plain build on a million orders would hold every order write.
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS orders_unpaid_by_customer`);
    await q.query(`CREATE INDEX CONCURRENTLY orders_unpaid_by_customer ON orders (customer_id) WHERE line_statuses @> '{1}'::smallint[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS orders_unpaid_by_customer`);
  }
}

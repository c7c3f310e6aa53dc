import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deposit matching joins a bank file's payer names with the unpaid orders' buyer kana and the
 * customers' kana by `deposit_payer_key()` (1764010000000-deposits): expression indexes make that join
 * a probe per record instead of the key computed for every unpaid order (docs/benchmarks.md "Deposit
 * matching"). The orders' index holds only orders with an unpaid line, the only ones a deposit pays.
 */
export class DepositPayerKeys1764010000001 implements MigrationInterface {
  name = 'DepositPayerKeys1764010000001';
  // CONCURRENTLY, outside a transaction: a plain build on a million orders would hold every order write.
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS orders_unpaid_by_payer_key`);
    await q.query(`CREATE INDEX CONCURRENTLY orders_unpaid_by_payer_key ON orders (deposit_payer_key(buyer_kana)) WHERE line_statuses @> '{1}'::smallint[]`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS customers_by_payer_key`);
    await q.query(`CREATE INDEX CONCURRENTLY customers_by_payer_key ON customers (deposit_payer_key(name_kana))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS customers_by_payer_key`);
    await q.query(`DROP INDEX IF EXISTS orders_unpaid_by_payer_key`);
  }
}

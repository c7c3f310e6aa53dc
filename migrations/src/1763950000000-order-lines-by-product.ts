import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order list's product filter (`GET /orders?product_id=`, the product page's link) reads a
 * product's lines with their order ids from the index alone: the count of a product on 44,000 of a
 * million orders in about a tenth of the time it took from the lines' heap, and each order the list
 * walks is probed without reading its lines (docs/benchmarks.md "The product filter"). It takes the
 * place of the index on product_id alone, whose every use it serves.
 */
export class OrderLinesByProduct1763950000000 implements MigrationInterface {
  name = 'OrderLinesByProduct1763950000000';
  // Outside a transaction, so the index is built CONCURRENTLY: a plain build on millions of lines
  // would hold every order write for its whole run. A run cut short leaves an invalid index, which
  // the next run drops and builds again.
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS order_lines_product_order`);
    await q.query(`CREATE INDEX CONCURRENTLY order_lines_product_order ON order_lines (product_id, order_id) WHERE product_id IS NOT NULL`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS order_lines_product`);
  }

  async down(q: QueryRunner): Promise<void> {
    // TypeORM reverts inside a transaction whatever `transaction` says: a plain build here.
    await q.query(`CREATE INDEX IF NOT EXISTS order_lines_product ON order_lines (product_id) WHERE product_id IS NOT NULL`);
    await q.query(`DROP INDEX IF EXISTS order_lines_product_order`);
  }
}

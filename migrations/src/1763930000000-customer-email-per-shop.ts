import { MigrationInterface, QueryRunner } from 'typeorm';

/** How many of the marked pairs the migration's warning lists (all of them stay queryable in the column). */
const LISTED_PAIRS_MAX = 100;

/**
 * Issue 21: one customer per normalised e-mail and shop (SPEC.md §5 "email per shop"; customers
 * without a shop count as one shop). Customers that already shared their shop and e-mail with an
 * older customer cannot be merged by a migration (orders and memos hang on both), so they are marked:
 * `email_duplicate_of` holds the id of the oldest customer with that shop and e-mail, the marked rows
 * are left out of the unique index, and the migration warns with their count and pairs (ids only, no
 * addresses in logs). The index still refuses every new clash: the oldest of each pair is in it. An
 * edit that changes a marked customer's e-mail or shop is checked like any other and clears the mark.
 */
export class CustomerEmailPerShop1763930000000 implements MigrationInterface {
  name = 'CustomerEmailPerShop1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ADD COLUMN email_duplicate_of bigint`);
    // PARTITION BY groups null shops together, as the index's NULLS NOT DISTINCT does.
    await q.query(`
      UPDATE customers c SET email_duplicate_of = d.kept
      FROM (
        SELECT id, min(id) OVER (PARTITION BY shop_id, email_normalized) AS kept
        FROM customers WHERE email_normalized IS NOT NULL
      ) d
      WHERE c.id = d.id AND d.id <> d.kept`);
    await q.query(`
      CREATE UNIQUE INDEX customers_shop_email_unique ON customers (shop_id, email_normalized) NULLS NOT DISTINCT
      WHERE email_normalized IS NOT NULL AND email_duplicate_of IS NULL`);

    const marked: { id: string; kept: string; shop: string | null }[] = await q.query(
      `SELECT id::text AS id, email_duplicate_of::text AS kept, shop_id::text AS shop FROM customers WHERE email_duplicate_of IS NOT NULL ORDER BY id`,
    );
    if (!marked.length) return;
    const pairs = marked.slice(0, LISTED_PAIRS_MAX).map((m) => `${m.id}→${m.kept} (shop ${m.shop ?? 'none'})`);
    const more = marked.length > LISTED_PAIRS_MAX ? ` and ${marked.length - LISTED_PAIRS_MAX} more` : '';
    // Migrations run with TypeORM logging off; this is meant for whoever runs `migrate`.
    console.warn(
      `[${this.name}] ${marked.length} customer(s) already shared their shop and e-mail with an older customer; ` +
        `kept as they are and marked in customers.email_duplicate_of (customer→oldest with that shop and e-mail): ${pairs.join(', ')}${more}`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX customers_shop_email_unique`);
    await q.query(`ALTER TABLE customers DROP COLUMN email_duplicate_of`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20, makers' side:
 * - `order_lines.first_ordered_at`: when the line was first ordered from its maker (set by
 *   OrderToMaker). A maker sees a line from then on (DESIGN.md §8), cancelled and refunded ones
 *   included; backfilled from the status history (the first move to ordered), else, for a line
 *   past ordered that has no such row (data loaded by hand), from its maker part's order date.
 * - `order_status_history.note`: what a row notes besides the statuses (a refusal's reason, an
 *   estimated ship date's change).
 * - A refusal receives nothing: refused parts lose the receive date they were given.
 * - Each shop's contact (company, person, phone, fax, e-mail), printed on order sheets and used as
 *   the Reply-To of mails to makers.
 */
export class MakersScopeAndShopContact1763890000000 implements MigrationInterface {
  name = 'MakersScopeAndShopContact1763890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_lines ADD COLUMN first_ordered_at timestamptz`);
    await q.query(`
      UPDATE order_lines l SET first_ordered_at = h.first
        FROM (SELECT order_line_id, min(changed_at) AS first FROM order_status_history WHERE to_status = 3 GROUP BY order_line_id) h
       WHERE h.order_line_id = l.id`);
    await q.query(`
      UPDATE order_lines l SET first_ordered_at = coalesce(om.maker_order_date::timestamptz, l.updated_at)
        FROM order_makers om
       WHERE om.order_id = l.order_id AND om.maker_id = l.maker_id
         AND l.first_ordered_at IS NULL AND l.status NOT IN (1, 2, 7, 8)`);

    await q.query(`ALTER TABLE order_status_history ADD COLUMN note varchar(200)`);
    await q.query(`UPDATE order_makers SET maker_receive_date = NULL, estimated_ship_date = NULL WHERE confirm_status = 3`);

    await q.query(`
      ALTER TABLE shops
        ADD COLUMN contact_company varchar(100),
        ADD COLUMN contact_person varchar(100),
        ADD COLUMN contact_phone varchar(15),
        ADD COLUMN contact_fax varchar(15),
        ADD COLUMN contact_email varchar(100)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE shops
        DROP COLUMN contact_email,
        DROP COLUMN contact_fax,
        DROP COLUMN contact_phone,
        DROP COLUMN contact_person,
        DROP COLUMN contact_company`);
    // The receive dates refusals lost are not restored: they were never a receipt.
    await q.query(`ALTER TABLE order_status_history DROP COLUMN note`);
    await q.query(`ALTER TABLE order_lines DROP COLUMN first_ordered_at`);
  }
}

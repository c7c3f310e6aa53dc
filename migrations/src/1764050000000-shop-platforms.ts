import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shop platform connections (issue 17; docs/decisions.md "Shop platforms", docs/shop-platforms.md).
 *
 * - `shop_connections`: one per connected shop. The platform's credentials stay where they are (the
 *   shop's EC shop id and sealed order auth code for MakeShop) except Color Me's OAuth access token,
 *   sealed here. `cursor` is the adapter's own position (windows, offsets); `status` and `last_error`
 *   are what staff see; `oauth_state_hash` is the hash of the one OAuth `state` in flight.
 * - `shop_payment_mappings`: the platform's payment codes of a shop, each with our payment method.
 *   A code seen on an import but not mapped yet is added with no method, for staff to map.
 * - `shop_imported_orders`: each platform order once per shop (the primary key), the order it became,
 *   the fingerprint of what the platform last said and the order's version as the import left it
 *   (a later version means staff acted on it, so a platform change is an order error, not an update).
 * - `shop_origin_sends`: one maker part's tracking sent back to the platform; `confirmed_at` is set
 *   when the platform said yes, and the order's sent_to_origin_flag is 1 once all its parts are.
 */
export class ShopPlatforms1764050000000 implements MigrationInterface {
  name = 'ShopPlatforms1764050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shop_connections (
        shop_id bigint PRIMARY KEY REFERENCES shops(id),
        import_enabled boolean NOT NULL DEFAULT false,
        import_interval_minutes integer NOT NULL DEFAULT 15 CHECK (import_interval_minutes BETWEEN 5 AND 1440),
        import_from date,
        access_token_sealed text,
        oauth_scope varchar(200),
        authorized_at timestamptz,
        oauth_state_hash char(64),
        oauth_state_expires_at timestamptz,
        cursor jsonb,
        -- The platform the cursor was made for: a shop moved to another platform starts afresh.
        cursor_platform varchar(20),
        status varchar(20) NOT NULL DEFAULT 'not_connected' CHECK (status IN ('not_connected', 'ok', 'failing', 'reauthorize')),
        last_error varchar(500),
        last_error_at timestamptz,
        last_run_started_at timestamptz,
        last_run_finished_at timestamptz,
        last_run_imported integer NOT NULL DEFAULT 0,
        last_run_updated integer NOT NULL DEFAULT 0,
        last_run_errors integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`
      CREATE TABLE shop_payment_mappings (
        shop_id bigint NOT NULL REFERENCES shops(id),
        ec_payment_code varchar(50) NOT NULL,
        ec_payment_name varchar(100) NOT NULL DEFAULT '',
        payment_method_id smallint REFERENCES payment_methods(id),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (shop_id, ec_payment_code)
      )`);
    await q.query(`
      CREATE TABLE shop_imported_orders (
        shop_id bigint NOT NULL REFERENCES shops(id),
        ec_order_id varchar(50) NOT NULL,
        order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        fingerprint char(64) NOT NULL,
        order_version integer NOT NULL,
        platform_updated_at timestamptz,
        document jsonb NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (shop_id, ec_order_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX shop_imported_orders_order ON shop_imported_orders (order_id)`);
    // An imported line finds its product by the shop's product id, else its EC product code.
    await q.query(`CREATE INDEX products_shop_product_id ON products (shop_id, shop_product_id) WHERE shop_product_id IS NOT NULL`);
    await q.query(`CREATE INDEX products_shop_ec_code ON products (shop_id, ec_product_code) WHERE ec_product_code IS NOT NULL`);
    await q.query(`
      CREATE TABLE shop_origin_sends (
        order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        maker_id bigint NOT NULL REFERENCES makers(id),
        tracking_code varchar(20) NOT NULL,
        confirmed_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error varchar(500),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, maker_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shop_origin_sends`);
    await q.query(`DROP TABLE shop_imported_orders`);
    await q.query(`DROP TABLE shop_payment_mappings`);
    await q.query(`DROP TABLE shop_connections`);
    await q.query(`DROP INDEX products_shop_ec_code`);
    await q.query(`DROP INDEX products_shop_product_id`);
  }
}

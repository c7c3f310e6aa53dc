import { MigrationInterface, QueryRunner } from 'typeorm';

/** The shipment notice staff start from; they edit it in settings (placeholders: libs/domain customer-mails). */
export const DEFAULT_SHIPMENT_NOTICE = {
  subject: '【{{shop_name}}】ご注文の商品を発送しました（注文番号 {{order_no}}）',
  body: `{{buyer_name}} 様

このたびは{{shop_name}}をご利用いただき、誠にありがとうございます。
ご注文の商品を下記のとおり発送しましたので、お知らせします。

■ 注文番号
{{order_no}}

■ 発送した商品
{{products}}

■ お届け先
{{delivery_name}} 様

■ 発送日
{{ship_date}}

■ 配送会社
{{delivery_company}}

■ お問い合わせ伝票番号
{{tracking_code}}

■ 配送状況の確認
{{tracking_url}}

お届けまで今しばらくお待ちください。
※ 配送状況は、配送会社のシステムに反映されるまで時間がかかることがあります。

{{shop_name}}`,
};

/**
 * Issue 20 (customer mails, dashboard): the mail templates staff edit and the buyer mails sent
 * (one row per shipment event, shown in the order's history), the previous sign-in kept for the
 * dashboard, and the partial indexes behind the dashboard's counts and the list's `todo` filter.
 */
export class ShipmentMails1763900000000 implements MigrationInterface {
  name = 'ShipmentMails1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_templates (
        key varchar(50) PRIMARY KEY,
        subject varchar(200) NOT NULL,
        body text NOT NULL CHECK (char_length(body) <= 5000),
        updated_by bigint REFERENCES users(id),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`INSERT INTO mail_templates (key, subject, body) VALUES ('shipment_notice', $1, $2)`, [DEFAULT_SHIPMENT_NOTICE.subject, DEFAULT_SHIPMENT_NOTICE.body]);

    await q.query(`
      CREATE TABLE customer_mails (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        maker_id bigint REFERENCES makers(id),
        -- The outbox event the mail answers: one row per event, however often it is delivered.
        event_id uuid NOT NULL UNIQUE,
        kind varchar(20) NOT NULL CHECK (kind IN ('shipment_notice')),
        -- sent; skipped (the order says not to mail, or the buyer has no address); failed (after every retry).
        status varchar(10) NOT NULL CHECK (status IN ('sent', 'skipped', 'failed')),
        skip_reason varchar(20) CHECK (skip_reason IN ('flag_off', 'no_email')),
        recipient varchar(100),
        subject varchar(300),
        message_id varchar(255),
        last_error varchar(1000),
        line_ids bigint[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX customer_mails_order ON customer_mails (order_id, id)`);

    // Shipments made before this release were never routed to a queue: publishing them now would
    // mail buyers about parcels sent long ago. They are marked published, with the reason.
    await q.query(
      `UPDATE outbox_events SET published_at = now(), last_error = 'shipped before shipment notices existed: not mailed'
        WHERE type = 'order.shipped' AND published_at IS NULL`,
    );

    // The dashboard shows the previous sign-in, not the one that just happened.
    await q.query(`ALTER TABLE users ADD COLUMN previous_login_at timestamptz`);

    // The dashboard's counts and the list's todo filter (libs/infra order-list.query.ts): the maker
    // parts in question in (order_id, maker_id) order, each with the columns its rule reads, joined
    // index-only to the lines still with a maker, which now carry their status too.
    await q.query(`CREATE INDEX order_makers_unanswered ON order_makers (order_id, maker_id) INCLUDE (maker_order_date)
                   WHERE maker_order_date IS NOT NULL AND maker_receive_date IS NULL AND confirm_status IS DISTINCT FROM 3`);
    await q.query(`CREATE INDEX order_makers_refused ON order_makers (order_id, maker_id) WHERE confirm_status = 3`);
    await q.query(`CREATE INDEX order_makers_unshipped ON order_makers (order_id, maker_id) INCLUDE (estimated_ship_date, confirm_status)
                   WHERE maker_receive_date IS NOT NULL AND ship_date IS NULL`);
    await q.query(`DROP INDEX order_lines_with_maker`);
    await q.query(`CREATE INDEX order_lines_with_maker ON order_lines (order_id, maker_id) INCLUDE (status) WHERE status IN (3, 4, 10, 11)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX order_lines_with_maker`);
    await q.query(`CREATE INDEX order_lines_with_maker ON order_lines (order_id, maker_id) WHERE status IN (3, 4, 10, 11)`);
    await q.query(`DROP INDEX order_makers_unshipped`);
    await q.query(`DROP INDEX order_makers_refused`);
    await q.query(`DROP INDEX order_makers_unanswered`);
    await q.query(`ALTER TABLE users DROP COLUMN previous_login_at`);
    await q.query(`DROP TABLE customer_mails`);
    await q.query(`DROP TABLE mail_templates`);
  }
}

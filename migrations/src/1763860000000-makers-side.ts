import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The makers' side (issue 6): the order sheets sent to makers (one row per order, maker and
 * revision, with what the sheet said), the confirmation links (only a hash of each token is kept
 * for lookup), and the reminders sent (at most one per order, maker, kind and day).
 */
export class MakersSide1763860000000 implements MigrationInterface {
  name = 'MakersSide1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_sheets (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        maker_id bigint NOT NULL REFERENCES makers(id),
        revision integer NOT NULL CHECK (revision >= 1),
        -- The outbox event that asked for this revision: an event makes one revision, however often it is delivered.
        event_id uuid NOT NULL UNIQUE,
        -- ordered: OrderToMaker; resend: staff sent it again; release: staff released a held sheet.
        reason varchar(10) NOT NULL CHECK (reason IN ('ordered', 'resend', 'release')),
        resent boolean NOT NULL DEFAULT false,
        method varchar(10) NOT NULL CHECK (method IN ('email', 'fax')),
        recipient varchar(200),
        status varchar(10) NOT NULL CHECK (status IN ('pending', 'held', 'sent', 'failed')),
        hold_code varchar(30),
        line_ids bigint[] NOT NULL,
        -- What the sheet says (order, lines, delivery…) as sent, and its confirmation link sealed with
        -- DATA_ENCRYPTION_KEY (the token is kept in clear nowhere): the PDF and CSV are made from them, identical each time.
        content jsonb,
        link_sealed text,
        message_id varchar(255),
        sent_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error varchar(1000),
        requested_by bigint REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_id, maker_id, revision)
      )`);

    await q.query(`
      CREATE TABLE maker_confirm_tokens (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        token_hash bytea NOT NULL UNIQUE,
        order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        maker_id bigint NOT NULL REFERENCES makers(id),
        -- The sheet (or the latest sheet, for a link a reminder carries) the link belongs to.
        sheet_id bigint NOT NULL REFERENCES order_sheets(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX maker_confirm_tokens_order_maker ON maker_confirm_tokens (order_id, maker_id)`);

    await q.query(`
      CREATE TABLE maker_reminders (
        order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        maker_id bigint NOT NULL REFERENCES makers(id),
        kind varchar(10) NOT NULL CHECK (kind IN ('confirm', 'ship')),
        day date NOT NULL,
        recipient varchar(200) NOT NULL,
        message_id varchar(255),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, maker_id, kind, day)
      )`);

    await q.query(`CREATE INDEX maker_reminders_by_day ON maker_reminders (day, kind)`);
    // Reminder scans: the makers' parts still waiting for an answer or a shipment, by date, and the
    // lines that are with a maker (few among a million orders, most of them long shipped).
    await q.query(`CREATE INDEX order_lines_with_maker ON order_lines (order_id, maker_id) WHERE status IN (3, 4, 10, 11)`);
    await q.query(`CREATE INDEX order_makers_awaiting_answer ON order_makers (maker_order_date, order_id) WHERE maker_order_date IS NOT NULL AND maker_receive_date IS NULL`);
    await q.query(`CREATE INDEX order_makers_awaiting_ship ON order_makers (maker_receive_date, order_id) WHERE maker_receive_date IS NOT NULL AND ship_date IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX order_lines_with_maker`);
    await q.query(`DROP INDEX order_makers_awaiting_ship`);
    await q.query(`DROP INDEX order_makers_awaiting_answer`);
    await q.query(`DROP TABLE maker_reminders`);
    await q.query(`DROP TABLE maker_confirm_tokens`);
    await q.query(`DROP TABLE order_sheets`);
  }
}

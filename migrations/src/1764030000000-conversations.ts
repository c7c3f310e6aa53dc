import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations and maker inquiries (issue 15; docs/decisions.md "Conversations").
 *
 * - `maker_inquiries`: a maker's question or the shop's to a maker; its state is its thread's status.
 * - `conversations`: one thread per (order, maker), per maker inquiry, or per customer (staff only).
 *   An order's maker part shows its thread's status (order_makers.conversation_status, never written
 *   before, goes: the order reader reads the thread).
 *   `change_seq` is the thread's last change: every post, edit and delete takes the next value of
 *   `conversation_change_seq` while holding the thread's row lock, so within a thread the numbers
 *   follow commit order and a poll asking "since N" never skips a change committed late.
 * - `conversation_messages`: oldest first by id, text and/or one attached file (a media upload claimed
 *   under `conversations/<id>/`); a deleted message stays as a tombstone (neither);
 *   `notified_at` is when the other side was mailed about it (the digest of a burst).
 */
export class Conversations1764030000000 implements MigrationInterface {
  name = 'Conversations1764030000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE conversation_change_seq`);
    await q.query(`
      CREATE TABLE maker_inquiries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        maker_id bigint NOT NULL REFERENCES makers(id),
        customer_id bigint REFERENCES customers(id) ON DELETE SET NULL,
        method smallint NOT NULL CHECK (method BETWEEN 1 AND 5),
        memo varchar(1000),
        person_in_charge_id bigint REFERENCES users(id),
        created_by bigint REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`CREATE INDEX maker_inquiries_maker ON maker_inquiries (maker_id, id)`);
    await q.query(`
      CREATE TABLE conversations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(10) NOT NULL CHECK (kind IN ('maker', 'customer')),
        order_id bigint REFERENCES orders(id) ON DELETE CASCADE,
        maker_id bigint REFERENCES makers(id),
        maker_inquiry_id bigint REFERENCES maker_inquiries(id) ON DELETE CASCADE,
        customer_id bigint REFERENCES customers(id) ON DELETE CASCADE,
        status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
        change_seq bigint NOT NULL DEFAULT 0,
        last_message_at timestamptz,
        last_author_side varchar(5) CHECK (last_author_side IN ('staff', 'maker')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1,
        CONSTRAINT conversations_subject CHECK (
          (kind = 'maker' AND maker_id IS NOT NULL AND customer_id IS NULL AND (order_id IS NULL) <> (maker_inquiry_id IS NULL))
          OR (kind = 'customer' AND customer_id IS NOT NULL AND order_id IS NULL AND maker_id IS NULL AND maker_inquiry_id IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX conversations_order_maker ON conversations (order_id, maker_id) WHERE order_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX conversations_maker_inquiry ON conversations (maker_inquiry_id) WHERE maker_inquiry_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX conversations_customer ON conversations (customer_id) WHERE customer_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE conversation_messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        conversation_id bigint NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        author_id bigint REFERENCES users(id),
        author_side varchar(5) NOT NULL CHECK (author_side IN ('staff', 'maker')),
        content text CHECK (char_length(content) <= 2000),
        attachment_key text,
        attachment_name varchar(255),
        attachment_type varchar(100),
        attachment_size integer,
        change_seq bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz,
        deleted_at timestamptz,
        notified_at timestamptz,
        -- A live message has text or a file (or both); a deleted one has neither.
        CONSTRAINT conversation_messages_tombstone CHECK ((deleted_at IS NULL) = (content IS NOT NULL OR attachment_key IS NOT NULL)),
        CONSTRAINT conversation_messages_attachment CHECK ((attachment_key IS NULL) = (attachment_name IS NULL))
      )`);
    await q.query(`CREATE INDEX conversation_messages_thread ON conversation_messages (conversation_id, id)`);
    await q.query(`CREATE INDEX conversation_messages_changes ON conversation_messages (conversation_id, change_seq)`);
    // The maker part's status is read from its thread now (one source: an order edit cannot leave a stale copy).
    await q.query(`ALTER TABLE order_makers DROP COLUMN conversation_status`);
    await q.query(`CREATE INDEX conversation_messages_unnotified ON conversation_messages (conversation_id, author_side) WHERE notified_at IS NULL AND deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_makers ADD COLUMN conversation_status smallint NOT NULL DEFAULT 0 CHECK (conversation_status BETWEEN 0 AND 9)`);
    await q.query(`UPDATE order_makers om SET conversation_status = c.status FROM conversations c WHERE c.order_id = om.order_id AND c.maker_id = om.maker_id`);
    await q.query(`DROP TABLE conversation_messages`);
    await q.query(`DROP TABLE conversations`);
    await q.query(`DROP TABLE maker_inquiries`);
    await q.query(`DROP SEQUENCE conversation_change_seq`);
  }
}

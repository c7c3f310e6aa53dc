import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer inquiries (issue 16; docs/decisions.md "Customer inquiries").
 *
 * - `customer_inquiries`: what a customer asked through the public forms (a general inquiry, or a
 *   return/exchange request with its details) or told staff by phone or fax. `reference` is the number
 *   the customer is given (random, so that it tells nothing about how many others there are);
 *   `reply_due_at` is fixed when it arrives (SPEC.md §9's rule with the closing days of that moment), so
 *   the list sorts and flags by an index. The contact is kept as given; `customer_id` is the customer it
 *   was matched to or made for it (the same-person rule), `order_id` the order it names.
 * - `settings_options.year_end_closed_from/to`: the days around the new year the shop closes (`MM-DD`),
 *   which are not business days.
 */
export class CustomerInquiries1764040000000 implements MigrationInterface {
  name = 'CustomerInquiries1764040000000';

  async up(q: QueryRunner): Promise<void> {
    const monthDay = (column: string) => `${column} char(5) CHECK (${column} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$')`;
    await q.query(`ALTER TABLE settings_options ADD COLUMN ${monthDay('year_end_closed_from')} DEFAULT '12-29', ADD COLUMN ${monthDay('year_end_closed_to')} DEFAULT '01-03'`);
    await q.query(`
      CREATE TABLE customer_inquiries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        reference varchar(12) NOT NULL CONSTRAINT customer_inquiries_reference_unique UNIQUE,
        kind varchar(10) NOT NULL CHECK (kind IN ('inquiry', 'return')),
        method smallint NOT NULL CHECK (method BETWEEN 1 AND 5),
        state smallint NOT NULL DEFAULT 1 CHECK (state BETWEEN 1 AND 3),
        inquiry_type smallint NOT NULL CHECK (inquiry_type BETWEEN 1 AND 4),
        language varchar(2) NOT NULL DEFAULT 'ja' CHECK (language IN ('ja', 'en')),
        shop_id bigint REFERENCES shops(id),
        customer_id bigint REFERENCES customers(id) ON DELETE SET NULL,
        order_id bigint REFERENCES orders(id) ON DELETE SET NULL,
        order_no varchar(20),
        company varchar(100),
        position varchar(50),
        name varchar(100) NOT NULL,
        phone varchar(15),
        email varchar(100),
        title varchar(100) NOT NULL,
        content varchar(2000) NOT NULL,
        product varchar(100),
        purchase_date date,
        delivery_date date,
        return_request smallint CHECK (return_request IN (1, 2)),
        return_method smallint CHECK (return_method IN (1, 2)),
        desired_dates varchar(200),
        pickup_date date,
        pickup_slot smallint CHECK (pickup_slot BETWEEN 1 AND 4),
        return_zip varchar(10),
        return_address varchar(100),
        bank_name varchar(50),
        bank_branch varchar(50),
        bank_account_type smallint CHECK (bank_account_type IN (1, 2)),
        bank_account_number varchar(7),
        bank_account_holder varchar(50),
        agreed_at timestamptz,
        person_in_charge_id bigint REFERENCES users(id),
        cs_memo varchar(1000),
        received_at timestamptz NOT NULL DEFAULT now(),
        reply_due_at timestamptz NOT NULL,
        replied_at timestamptz,
        completed_at timestamptz,
        created_by bigint REFERENCES users(id),
        search_text text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1,
        CONSTRAINT customer_inquiries_contact CHECK (phone IS NOT NULL OR email IS NOT NULL),
        CONSTRAINT customer_inquiries_return_details CHECK (kind = 'inquiry' OR (delivery_date IS NOT NULL AND return_request IS NOT NULL AND return_method IS NOT NULL AND agreed_at IS NOT NULL)),
        CONSTRAINT customer_inquiries_pickup CHECK (return_method IS DISTINCT FROM 1 OR (pickup_date IS NOT NULL AND pickup_slot IS NOT NULL))
      )`);
    // The list's two sorts (newest first; the reply deadline first), and the customer's other inquiries.
    await q.query(`CREATE INDEX customer_inquiries_by_received ON customer_inquiries (received_at DESC, id DESC)`);
    await q.query(`CREATE INDEX customer_inquiries_by_due ON customer_inquiries (reply_due_at, id)`);
    await q.query(`CREATE INDEX customer_inquiries_waiting_by_due ON customer_inquiries (reply_due_at, id) WHERE state = 1`);
    await q.query(`CREATE INDEX customer_inquiries_customer ON customer_inquiries (customer_id, received_at DESC) WHERE customer_id IS NOT NULL`);
    // The list's most used filters under its default sort; the order's link (ON DELETE SET NULL looks it up).
    await q.query(`CREATE INDEX customer_inquiries_state_by_received ON customer_inquiries (state, received_at DESC, id DESC)`);
    await q.query(`CREATE INDEX customer_inquiries_person_by_received ON customer_inquiries (person_in_charge_id, received_at DESC, id DESC) WHERE person_in_charge_id IS NOT NULL`);
    await q.query(`CREATE INDEX customer_inquiries_order ON customer_inquiries (order_id) WHERE order_id IS NOT NULL`);
    await q.query(`CREATE INDEX customer_inquiries_search_text ON customer_inquiries USING gin (search_text gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE customer_inquiries`);
    await q.query(`ALTER TABLE settings_options DROP COLUMN year_end_closed_from, DROP COLUMN year_end_closed_to`);
  }
}

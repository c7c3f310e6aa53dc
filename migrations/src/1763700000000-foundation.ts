import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, sign-in (refresh token families, one-time sign-in tokens), the outbox and job idempotency records. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email varchar(255) NOT NULL,
        name varchar(100) NOT NULL,
        role text NOT NULL CHECK (role IN ('system_admin','approver','estimate_approver','operator','call_center','accountant','maker')),
        company_name varchar(100),
        status text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid','invalid')),
        allow_social_login boolean NOT NULL DEFAULT true,
        maker_id bigint,
        avatar_url varchar(2048),
        last_login_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        CONSTRAINT users_maker_link CHECK ((role = 'maker') = (maker_id IS NOT NULL))
      )`);
    // One live account per e-mail, compared case-insensitively; deleted accounts keep their history.
    await q.query(`CREATE UNIQUE INDEX users_email_live_unique ON users (lower(email)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX users_live_id ON users (id DESC) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id bigint NOT NULL REFERENCES users(id),
        family_id uuid NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id)`);

    await q.query(`
      CREATE TABLE sign_in_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id bigint NOT NULL REFERENCES users(id),
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type text NOT NULL,
        aggregate_type text NOT NULL,
        aggregate_id text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    // The relay only ever reads unpublished rows, oldest first.
    await q.query(`CREATE INDEX outbox_events_unpublished ON outbox_events (created_at) WHERE published_at IS NULL`);

    // A job's external effect (a mail sent…) recorded once, so a retried or duplicated job does not repeat it.
    await q.query(`
      CREATE TABLE job_effects (
        effect_key text PRIMARY KEY,
        detail jsonb,
        done_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE job_effects`);
    await q.query(`DROP TABLE outbox_events`);
    await q.query(`DROP TABLE sign_in_tokens`);
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE users`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `Idempotency-Key` on every mutation (DESIGN.md §4; docs/decisions.md "Idempotency-Key"): one row per
 * key, caller and route, claimed by the first request and holding its answer for 24 hours. In
 * PostgreSQL, not Redis: a lost Redis must not run a payment twice.
 */
export class IdempotencyKeys1763980000000 implements MigrationInterface {
  name = 'IdempotencyKeys1763980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        -- Whose key: 'user:<id>' for a signed-in caller, 'public' on a route without sign-in.
        caller varchar(40) NOT NULL,
        -- Which route: method and path as declared ('PUT /orders/:id/cancel').
        route varchar(300) NOT NULL,
        idempotency_key varchar(255) NOT NULL,
        -- Hex SHA-256 of what the request asked (method, URL, body): the same key with another request is refused.
        fingerprint char(64) NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
        -- The request working on the key; only it may store the answer or let the key go.
        claim uuid NOT NULL,
        -- While the first request runs: until when its claim holds (it extends it as it runs; a
        -- request that died stops extending it, and the next request with the key takes over).
        locked_until timestamptz,
        -- The first answer, once there is one: its status and its body as it went on the wire (json
        -- keeps the text as written, so the replay has the keys in the same order; null: no body).
        status smallint CHECK (status BETWEEN 100 AND 599),
        response json,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (caller, route, idempotency_key),
        CHECK ((status IS NULL) <> (locked_until IS NULL))
      )`);
    // Retention deletes by age (a key answers for 24 hours).
    await q.query(`CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}

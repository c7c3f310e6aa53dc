import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@oms/domain';
import { DataSource } from 'typeorm';

/** One key of one caller on one route (the table's primary key). */
export interface IdempotencyScope {
  /** 'user:<id>', or 'public' on a route without sign-in. */
  readonly caller: string;
  /** Method and declared path: 'PUT /orders/:id/cancel'. */
  readonly route: string;
  readonly key: string;
}

/** An answer as it went on the wire: status and body (undefined: none, a 204). */
export interface StoredAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** A live key as another request finds it: answered already, or still being worked on. */
export interface KeyState {
  readonly fingerprint: string;
  readonly answer: StoredAnswer | null;
  /** Still unanswered and its claim has run out: the request that held it died; the next claim takes over. */
  readonly lapsed: boolean;
}

// A key older than this is forgotten: never answered again, taken over by the next request with it.
const LIVE = `created_at > now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;
const PK = `caller = $1 AND route = $2 AND idempotency_key = $3`;

/**
 * `idempotency_keys` (docs/decisions.md "Idempotency-Key"). Every statement runs on its own, outside
 * the work's transaction: the claim is seen by other requests at once, and the work's transaction is
 * the handler's own business.
 */
export class IdempotencyKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims the key for a request that will do the work: a new key, an expired one, or one whose claim
   * lapsed with the same request (a different request stays refused). Answers the claim's id, or null
   * when the key is live and someone else's (read it with `find`). Concurrent claims of one key: exactly
   * one wins (the primary key; ON CONFLICT waits for the winner's insert to commit).
   */
  async claim(scope: IdempotencyScope, fingerprint: string, leaseMs: number): Promise<string | null> {
    const claim = randomUUID();
    const rows: { claim: string }[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys AS k (caller, route, idempotency_key, fingerprint, claim, locked_until)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8 / 1000))
       ON CONFLICT (caller, route, idempotency_key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, claim = EXCLUDED.claim, locked_until = EXCLUDED.locked_until,
             status = NULL, response = NULL, created_at = now()
         WHERE NOT (k.${LIVE})
            OR (k.status IS NULL AND k.locked_until < now() AND k.fingerprint = EXCLUDED.fingerprint)
       RETURNING claim`,
      [scope.caller, scope.route, scope.key, fingerprint, claim, leaseMs],
    );
    return rows[0]?.claim === claim ? claim : null;
  }

  /** The key as it stands, when it is live (an expired key is as good as none). */
  async find(scope: IdempotencyScope): Promise<KeyState | null> {
    const [row] = await this.dataSource.query(
      `SELECT fingerprint, status, response, status IS NULL AND locked_until < now() AS lapsed
       FROM idempotency_keys WHERE ${PK} AND ${LIVE}`,
      [scope.caller, scope.route, scope.key],
    );
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      answer: row.status === null ? null : { status: row.status, body: row.response ?? undefined },
      lapsed: row.lapsed,
    };
  }

  /** Keeps a running claim alive for another `leaseMs`; false when it is no longer this request's. */
  async extend(scope: IdempotencyScope, claim: string, leaseMs: number): Promise<boolean> {
    const [, changed]: [unknown, number] = await this.dataSource.query(
      `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $5::float8 / 1000)
       WHERE ${PK} AND claim = $4 AND status IS NULL`,
      [scope.caller, scope.route, scope.key, claim, leaseMs],
    );
    return changed > 0;
  }

  /** Stores the first answer; false when the claim was taken over meanwhile (the answer is then not this request's to give). */
  async answer(scope: IdempotencyScope, claim: string, answer: StoredAnswer): Promise<boolean> {
    const [, changed]: [unknown, number] = await this.dataSource.query(
      `UPDATE idempotency_keys SET status = $5, response = $6::json, locked_until = NULL
       WHERE ${PK} AND claim = $4 AND status IS NULL`,
      [scope.caller, scope.route, scope.key, claim, answer.status, answer.body === undefined ? null : JSON.stringify(answer.body)],
    );
    return changed > 0;
  }

  /** Lets the key go without an answer (the work failed on our side): the next request with it runs the work. */
  async release(scope: IdempotencyScope, claim: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE ${PK} AND claim = $4 AND status IS NULL`, [scope.caller, scope.route, scope.key, claim]);
  }
}

import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export function newRawToken(): string {
  return randomBytes(32).toString('base64url');
}

export type RotationOutcome =
  | { kind: 'rotated'; userId: string; token: string }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'reused' };

export interface RefreshRotationOptions {
  /** JWT_SECRET: the key that derives each refresh token's successor is taken from it (HKDF). */
  secret: string;
  /** For how long a used token still yields its successor (two tabs refreshing with one cookie). */
  graceSeconds: number;
}

/**
 * Refresh-token families and one-time sign-in tokens. Only SHA-256 hashes are stored.
 * A refresh token is good once: using it again revokes the whole family (a stolen token is spent),
 * except within a few seconds of its rotation, when it yields the very successor it was rotated into
 * (two tabs of one browser refreshing together share one cookie; the large identity providers allow
 * the same). The successor is an HMAC of the token under a server key, so it can be given again
 * without being stored anywhere in clear.
 */
export class SessionRepository {
  private readonly successorKey: Buffer | null;
  private readonly graceSeconds: number;

  constructor(private readonly dataSource: DataSource, rotation?: RefreshRotationOptions) {
    this.successorKey = rotation ? Buffer.from(hkdfSync('sha256', rotation.secret, Buffer.alloc(0), 'oms/refresh-successor/v1', 32)) : null;
    this.graceSeconds = rotation?.graceSeconds ?? 0;
  }

  private successorOf(raw: string): string {
    if (!this.successorKey) throw new Error('SessionRepository: refresh rotation needs the secret (JWT_SECRET)');
    return createHmac('sha256', this.successorKey).update(raw).digest('base64url');
  }

  async startFamily(userId: string, ttlSeconds: number): Promise<string> {
    const token = newRawToken();
    await this.dataSource.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [userId, randomUUID(), hashToken(token), ttlSeconds],
    );
    return token;
  }

  async rotate(raw: string, ttlSeconds: number): Promise<RotationOutcome> {
    return this.dataSource.transaction(async (m) => {
      // Locked: of two refreshes with one token, the second waits and then sees the first's rotation.
      const [row] = await m.query(
        `SELECT id, user_id, family_id, used_at, revoked_at, expires_at <= now() AS expired,
                used_at > clock_timestamp() - make_interval(secs => $2) AS in_grace
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [hashToken(raw), this.graceSeconds],
      );
      if (!row) return { kind: 'unknown' as const };
      const revokeFamily = () => m.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id]);
      const [user] = await m.query(`SELECT status FROM users WHERE id = $1 AND deleted_at IS NULL`, [row.user_id]);
      if (row.used_at) {
        if (row.in_grace && !row.revoked_at && user?.status === 'valid') {
          // The same successor, if it is still live and unused; anything else is reuse.
          const successor = this.successorOf(raw);
          const [live] = await m.query(
            `SELECT 1 FROM refresh_tokens
             WHERE token_hash = $1 AND family_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
            [hashToken(successor), row.family_id],
          );
          if (live) return { kind: 'rotated' as const, userId: String(row.user_id), token: successor };
        }
        await revokeFamily();
        return { kind: 'reused' as const };
      }
      if (row.revoked_at || row.expired) return { kind: 'expired' as const };
      if (!user || user.status !== 'valid') {
        await revokeFamily();
        return { kind: 'expired' as const };
      }
      await m.query(`UPDATE refresh_tokens SET used_at = clock_timestamp() WHERE id = $1`, [row.id]);
      const token = this.successorOf(raw);
      await m.query(
        `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [row.user_id, row.family_id, hashToken(token), ttlSeconds],
      );
      return { kind: 'rotated' as const, userId: String(row.user_id), token };
    });
  }

  async revokeFamilyOf(raw: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE refresh_tokens SET revoked_at = now()
       WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
      [hashToken(raw)],
    );
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
  }

  async createSignInToken(userId: string, ttlSeconds: number): Promise<string> {
    const token = newRawToken();
    await this.dataSource.query(
      `INSERT INTO sign_in_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [userId, hashToken(token), ttlSeconds],
    );
    return token;
  }

  /** Spends a one-time sign-in token atomically; the user id, or null when unknown, expired or used. */
  async spendSignInToken(raw: string): Promise<string | null> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [rows] = await this.dataSource.query(
      `UPDATE sign_in_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [hashToken(raw)],
    );
    const row = rows[0];
    return row ? String(row.user_id) : null;
  }
}

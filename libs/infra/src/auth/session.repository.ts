import { createHash, randomBytes, randomUUID } from 'node:crypto';
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

/**
 * Refresh-token families and one-time sign-in tokens. Only SHA-256 hashes are stored.
 * A refresh token is good once: using it again revokes the whole family (a stolen token is spent).
 */
export class SessionRepository {
  constructor(private readonly dataSource: DataSource) {}

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
      const [row] = await m.query(
        `SELECT id, user_id, family_id, used_at, revoked_at, expires_at <= now() AS expired
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [hashToken(raw)],
      );
      if (!row) return { kind: 'unknown' as const };
      if (row.used_at) {
        await m.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id]);
        return { kind: 'reused' as const };
      }
      if (row.revoked_at || row.expired) return { kind: 'expired' as const };
      const [user] = await m.query(`SELECT status FROM users WHERE id = $1 AND deleted_at IS NULL`, [row.user_id]);
      if (!user || user.status !== 'valid') {
        await m.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id]);
        return { kind: 'expired' as const };
      }
      await m.query(`UPDATE refresh_tokens SET used_at = now() WHERE id = $1`, [row.id]);
      const token = newRawToken();
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

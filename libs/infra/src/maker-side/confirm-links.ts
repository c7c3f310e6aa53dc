import { createHash, randomBytes } from 'node:crypto';
import { CONFIRM_TOKEN_BYTES } from '@oms/domain';
import { EntityManager } from 'typeorm';

/** Only a hash of a link's token is stored: a copy of the database opens no maker's order. */
export const hashConfirmToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

export interface ConfirmLinkRow {
  id: string;
  order_id: string;
  maker_id: string;
  sheet_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/** Makes a link for a maker's part of an order and answers its token (the only time it exists in clear). */
export async function issueConfirmLink(
  manager: EntityManager,
  link: { orderId: string; makerId: string; sheetId: string; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(CONFIRM_TOKEN_BYTES).toString('base64url');
  await manager.query(`INSERT INTO maker_confirm_tokens (token_hash, order_id, maker_id, sheet_id, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    hashConfirmToken(token),
    link.orderId,
    link.makerId,
    link.sheetId,
    link.expiresAt,
  ]);
  return token;
}

/** The link a token opens; `forUpdate` locks it so two answers through it cannot both pass. */
export async function findConfirmLink(manager: EntityManager, token: string, forUpdate = false): Promise<ConfirmLinkRow | null> {
  // Tokens are base64url of 32 bytes: anything else is no link, without a query.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row]: ConfirmLinkRow[] = await manager.query(
    `SELECT id, order_id::text, maker_id::text, sheet_id::text, expires_at, used_at FROM maker_confirm_tokens WHERE token_hash = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [hashConfirmToken(token)],
  );
  return row ?? null;
}

/** An answer uses up every link of that order and maker (a sheet re-sent carries a new one). */
export async function useUpConfirmLinks(manager: EntityManager, orderId: string, makerId: string): Promise<void> {
  await manager.query(`UPDATE maker_confirm_tokens SET used_at = now() WHERE order_id = $1 AND maker_id = $2 AND used_at IS NULL`, [orderId, makerId]);
}

export const confirmUrl = (consoleUrl: string, token: string) => `${consoleUrl.replace(/\/+$/, '')}/maker-confirm/${token}`;

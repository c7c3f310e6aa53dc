import { createHash } from 'node:crypto';

export const ENCRYPTION_KEY_BYTES = 32;

/**
 * A data-encryption key as written in the environment: the base64 (or base64url) of exactly 32
 * bytes, e.g. `openssl rand -base64 32`. Returns null for anything else, never a short key.
 */
export function decodeEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === ENCRYPTION_KEY_BYTES ? key : null;
}

/** A short, non-secret name for a key, written into every token it seals: the first 8 hex digits of sha256(key). */
export function encryptionKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

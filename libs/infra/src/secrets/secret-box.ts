import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { decodeEncryptionKey, ENCRYPTION_KEY_BYTES, encryptionKeyId } from './encryption-key';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const MASK = '••••••';

/** Why a secret could not be sealed or opened. The message never holds the secret or a key. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

type KeyInput = string | Buffer;

function toKey(input: KeyInput, name: string): Buffer {
  const key = typeof input === 'string' ? decodeEncryptionKey(input) : input;
  if (!key || key.length !== ENCRYPTION_KEY_BYTES) {
    throw new SecretBoxError(`${name} must be the base64 of ${ENCRYPTION_KEY_BYTES} random bytes (openssl rand -base64 32)`);
  }
  return Buffer.from(key);
}

/**
 * Secrets kept in the database (a shop's EC password, its API auth codes) are stored sealed and
 * never sent back in clear: AES-256-GCM, a random 12-byte IV per seal, as one text token
 *
 *     v1:<key id>:<base64url iv>:<base64url ciphertext>:<base64url tag>
 *
 * The key id (first 8 hex digits of sha256(key)) names the key that sealed it, so after a key
 * rotation the old keys (`DATA_ENCRYPTION_KEYS_OLD`) still open what they sealed; `needsReseal`
 * finds tokens to seal again under the current key. The version and key id are authenticated too.
 *
 * Built without a key (the cli, which does not require one) the box exists but refuses to seal
 * or open, naming the missing variable.
 */
export class SecretBox {
  private readonly current: { id: string; key: Buffer } | null;
  private readonly keys = new Map<string, Buffer>();

  constructor(key: KeyInput | undefined, oldKeys: readonly KeyInput[] = []) {
    const current = key === undefined || key === '' ? null : toKey(key, 'DATA_ENCRYPTION_KEY');
    this.current = current && { id: encryptionKeyId(current), key: current };
    if (this.current) this.keys.set(this.current.id, this.current.key);
    oldKeys.forEach((input, i) => {
      const old = toKey(input, `DATA_ENCRYPTION_KEYS_OLD (key ${i + 1})`);
      const id = encryptionKeyId(old);
      if (!this.keys.has(id)) this.keys.set(id, old);
    });
  }

  static fromConfig(config: { DATA_ENCRYPTION_KEY?: string; DATA_ENCRYPTION_KEYS_OLD?: readonly string[] }): SecretBox {
    return new SecretBox(config.DATA_ENCRYPTION_KEY, config.DATA_ENCRYPTION_KEYS_OLD ?? []);
  }

  /** The id of the key `seal` uses. */
  get keyId(): string {
    return this.currentKey().id;
  }

  seal(plain: string): string {
    if (typeof plain !== 'string') throw new SecretBoxError('only text can be sealed');
    const { id, key } = this.currentKey();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(`${VERSION}:${id}`));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
  }

  /** The plain text of a token; throws a SecretBoxError when it is malformed, altered, or sealed by an unknown key. */
  open(token: string): string {
    if (this.keys.size === 0) this.currentKey();
    const { id, iv, sealed, tag } = parseToken(token);
    const key = this.keys.get(id);
    if (!key) {
      throw new SecretBoxError(`the secret was sealed with key ${id}, which is neither DATA_ENCRYPTION_KEY nor one of DATA_ENCRYPTION_KEYS_OLD`);
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`${VERSION}:${id}`));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the sealed secret could not be opened: it was altered, or sealed with another key');
    }
  }

  /** True when the token was sealed with an older key (open it and seal it again to finish a rotation). */
  needsReseal(token: string): boolean {
    return parseToken(token).id !== this.currentKey().id;
  }

  /** For display: see `maskSecret`. */
  mask(plain: string | null | undefined): string {
    return maskSecret(plain);
  }

  private currentKey(): { id: string; key: Buffer } {
    if (!this.current) {
      throw new SecretBoxError('DATA_ENCRYPTION_KEY is required but not set: stored secrets can be neither sealed nor opened');
    }
    return this.current;
  }
}

function parseToken(token: string): { id: string; iv: Buffer; sealed: Buffer; tag: Buffer } {
  const parts = typeof token === 'string' ? token.split(':') : [];
  const [version, id, iv, sealed, tag] = parts;
  if (parts.length !== 5 || version !== VERSION || !/^[0-9a-f]{8}$/.test(id) || ![iv, sealed, tag].every((p) => BASE64URL.test(p))) {
    throw new SecretBoxError(`not a sealed secret (expected ${VERSION}:<key id>:<iv>:<ciphertext>:<tag>)`);
  }
  const parsed = { id, iv: Buffer.from(iv, 'base64url'), sealed: Buffer.from(sealed, 'base64url'), tag: Buffer.from(tag, 'base64url') };
  if (parsed.iv.length !== IV_BYTES || parsed.tag.length !== TAG_BYTES) throw new SecretBoxError('not a sealed secret (bad IV or tag length)');
  return parsed;
}

/**
 * A secret for display: `••••••` plus its last two characters when it is at least 8 characters
 * long (shorter ones would give away too much), `••••••` alone otherwise, and '' when unset.
 */
export function maskSecret(plain: string | null | undefined): string {
  if (!plain) return '';
  const chars = Array.from(plain);
  return chars.length >= 8 ? `${MASK}${chars.slice(-2).join('')}` : MASK;
}

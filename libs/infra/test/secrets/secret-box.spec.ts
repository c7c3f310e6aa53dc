import { randomBytes } from 'node:crypto';
import { encryptionKeyId, maskSecret, SecretBox, SecretBoxError } from '@oms/infra';

const newKey = () => randomBytes(32).toString('base64');

/** Changes one character of the token's part `index` (2 iv, 3 ciphertext, 4 tag) to another base64url character. */
function alter(token: string, index: number): string {
  const parts = token.split(':');
  const part = parts[index];
  const at = Math.floor(part.length / 2);
  parts[index] = part.slice(0, at) + (part[at] === 'A' ? 'B' : 'A') + part.slice(at + 1);
  return parts.join(':');
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

describe('SecretBox', () => {
  const key = newKey();
  const box = new SecretBox(key);
  const password = 'ＥＣサイトの管理パスワード：秘密の合言葉ですよ';

  it('seals to a versioned token naming the key, and opens it again (Japanese text)', () => {
    const token = box.seal(password);
    expect(token).toMatch(/^v1:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/);
    expect(token.split(':')[1]).toBe(encryptionKeyId(Buffer.from(key, 'base64')));
    expect(token.split(':')[1]).toBe(box.keyId);
    expect(box.open(token)).toBe(password);
    expect(box.open(box.seal(''))).toBe('');
  });

  it('seals one value differently every time', () => {
    const a = box.seal(password);
    const b = box.seal(password);
    expect(a).not.toBe(b);
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]);
    expect(box.open(a)).toBe(box.open(b));
  });

  it('keeps no part of the plain text in the token', () => {
    const japanese = box.seal(password);
    for (const ch of password) expect(japanese).not.toContain(ch);
    const ascii = 'hunter2-api-code-ABCDEF-0123456789';
    const token = box.seal(ascii);
    for (let i = 0; i + 6 <= ascii.length; i++) expect(token).not.toContain(ascii.slice(i, i + 6));
    expect(token).not.toContain(Buffer.from(ascii).toString('base64url').slice(0, 8));
  });

  it('refuses a token altered anywhere', () => {
    const token = box.seal(password);
    for (const index of [2, 3, 4]) {
      const error = errorOf(() => box.open(alter(token, index)));
      expect(error).toBeInstanceOf(SecretBoxError);
      expect(error.message).not.toContain(password);
    }
    expect(() => box.open(token.replace(/^v1:/, 'v2:'))).toThrow(SecretBoxError);
    expect(() => box.open(token.slice(0, -1))).toThrow(SecretBoxError);
    expect(() => box.open('plain text')).toThrow(/not a sealed secret/);
    // Same ciphertext claimed by another key the box knows: the key id is authenticated.
    const other = newKey();
    const rotated = new SecretBox(other, [key]);
    const relabelled = token.replace(/^v1:[0-9a-f]{8}:/, `v1:${rotated.keyId}:`);
    expect(() => rotated.open(relabelled)).toThrow(/altered, or sealed with another key/);
  });

  it('refuses a token sealed with another key', () => {
    const token = box.seal(password);
    expect(() => new SecretBox(newKey()).open(token)).toThrow(/sealed with key [0-9a-f]{8}, which is neither DATA_ENCRYPTION_KEY nor one of DATA_ENCRYPTION_KEYS_OLD/);
  });

  it('still opens what an old key sealed after a rotation, and says which tokens to seal again', () => {
    const before = box.seal(password);
    const rotated = SecretBox.fromConfig({ DATA_ENCRYPTION_KEY: newKey(), DATA_ENCRYPTION_KEYS_OLD: [newKey(), key] });
    expect(rotated.open(before)).toBe(password);
    expect(rotated.needsReseal(before)).toBe(true);
    const after = rotated.seal(password);
    expect(rotated.needsReseal(after)).toBe(false);
    expect(after.split(':')[1]).not.toBe(before.split(':')[1]);
    expect(() => box.open(after)).toThrow(SecretBoxError);
  });

  it('accepts a raw 32-byte key and refuses keys of any other length', () => {
    const raw = randomBytes(32);
    expect(new SecretBox(raw).open(new SecretBox(raw.toString('base64')).seal('x'))).toBe('x');
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/DATA_ENCRYPTION_KEY must be the base64 of 32 random bytes/);
    expect(() => new SecretBox(randomBytes(33))).toThrow(SecretBoxError);
    expect(() => new SecretBox(newKey(), ['short'])).toThrow(/DATA_ENCRYPTION_KEYS_OLD \(key 1\)/);
  });

  it('without a key (the cli) exists but names the missing variable when used', () => {
    const keyless = SecretBox.fromConfig({ DATA_ENCRYPTION_KEY: undefined });
    const message = /DATA_ENCRYPTION_KEY is required but not set/;
    expect(() => keyless.seal('x')).toThrow(message);
    expect(() => keyless.open(box.seal('x'))).toThrow(message);
    expect(keyless.mask('whatever-it-is')).toBe('••••••is');
  });

  it('masks secrets for display', () => {
    expect(maskSecret('abcdefgh')).toBe('••••••gh');
    expect(maskSecret('パスワード１２３４')).toBe('••••••３４');
    expect(maskSecret('short')).toBe('••••••');
    expect(maskSecret('')).toBe('');
    expect(maskSecret(null)).toBe('');
  });
});

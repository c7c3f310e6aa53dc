/**
 * The `Idempotency-Key` of a mutation (DESIGN.md §4, Stripe's semantics; docs/decisions.md
 * "Idempotency-Key"): the same key and request answer the first answer again without doing the work
 * again; the key with another request is refused.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The header a replayed answer carries (`true`). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The longest key taken, in characters. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** How long a key answers its first answer; after that it is forgotten and a request with it runs again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** What is wrong with a key as sent: empty, too long, or other than visible ASCII (a UUID, a base64 or hex token); null when it is fine. */
export function idempotencyKeyIssue(key: string): 'required' | 'max_length' | 'format' | null {
  if (key.length === 0) return 'required';
  if (key.length > IDEMPOTENCY_KEY_MAX) return 'max_length';
  // Visible ASCII only: header values carry no other characters reliably, and spaces at either end
  // are taken off by HTTP parsers, so a key with them would not come back the same.
  if (!/^[\x21-\x7e]+$/.test(key)) return 'format';
  return null;
}

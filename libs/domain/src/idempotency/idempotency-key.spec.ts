import { IDEMPOTENCY_KEY_MAX, idempotencyKeyIssue } from './idempotency-key';

describe('Idempotency-Key as sent', () => {
  it.each([
    ['a UUID', '0b7c1e1e-5f7a-4c55-9a57-6f1d2b0c9d1e'],
    ['one character', 'k'],
    ['255 characters', 'k'.repeat(IDEMPOTENCY_KEY_MAX)],
    ['base64 with its signs', 'AbC+/=_-.~!'],
  ])('takes %s', (_, key) => {
    expect(idempotencyKeyIssue(key)).toBeNull();
  });

  it.each([
    ['an empty key', '', 'required'],
    ['256 characters', 'k'.repeat(IDEMPOTENCY_KEY_MAX + 1), 'max_length'],
    ['a space inside', 'a b', 'format'],
    ['Japanese', 'キー', 'format'],
    ['a control character', 'a\tb', 'format'],
  ])('refuses %s', (_, key, issue) => {
    expect(idempotencyKeyIssue(key)).toBe(issue);
  });
});

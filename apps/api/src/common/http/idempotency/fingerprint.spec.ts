import { canonicalJson, requestFingerprint } from './fingerprint';

describe('request fingerprints (Idempotency-Key)', () => {
  const request = { method: 'PUT', url: '/api/v1/orders/paid', body: { order_id: 1, version: 2, line_ids: [3, 4] } };

  it('writes objects with sorted keys, at every depth, and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: null, e: 'x' }], c: undefined } })).toBe('{"a":{"d":[2,{"e":"x","f":null}]},"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(new Date('2026-11-22T00:00:00Z'))).toBe('"2026-11-22T00:00:00.000Z"');
  });

  it('is the same for one request whatever order its keys were written in', () => {
    const reordered = { body: { line_ids: [3, 4], version: 2, order_id: 1 }, url: request.url, method: 'PUT' };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(request));
    expect(requestFingerprint(request)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['another method', { ...request, method: 'POST' }],
    ['another path', { ...request, url: '/api/v1/orders/batch/paid' }],
    ['another query', { ...request, url: `${request.url}?x=1` }],
    ['another value', { ...request, body: { ...request.body, version: 3 } }],
    ['a number as text', { ...request, body: { ...request.body, version: '2' } }],
    ['lines in another order', { ...request, body: { ...request.body, line_ids: [4, 3] } }],
    ['a field more', { ...request, body: { ...request.body, memo: null } }],
    ['no body', { ...request, body: undefined }],
  ])('tells %s apart', (_, other) => {
    expect(requestFingerprint(other)).not.toBe(requestFingerprint(request));
  });

  it('takes a file by its content', () => {
    const upload = (bytes: string) => ({ method: 'POST', url: '/api/v1/products/imports', body: { fields: {}, file: { name: 'a.csv', content: Buffer.from(bytes) } } });
    expect(requestFingerprint(upload('商品コード\r\n'))).toBe(requestFingerprint(upload('商品コード\r\n')));
    expect(requestFingerprint(upload('商品コード\r\n'))).not.toBe(requestFingerprint(upload('商品コード\r\nX\r\n')));
  });
});

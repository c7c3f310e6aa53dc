import { http, HttpResponse } from 'msw';
import { envelope, useClientTest, useMockServer } from '../test-utils';
import { newIdempotencyKey } from './client';
import { readCookie } from './session';

const server = useMockServer();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const clientTest = useClientTest();
const { handlers } = clientTest;
const client = () => clientTest.client({ retryDelaysMs: [5, 5] });

/** Records the key of every request to the route, answering them in turn from `answers` (the last one repeats). */
function route(method: 'post' | 'put' | 'patch' | 'delete' | 'get', path: string, answers: (() => Response)[]) {
  const keys: (string | null)[] = [];
  server.use(
    http[method](`/api/v1${path}`, ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      return answers[Math.min(keys.length, answers.length) - 1]();
    }),
  );
  return keys;
}

const ok = () => HttpResponse.json({ data: { id: 7 } }, { status: 201 });

describe('Idempotency-Key on mutations', () => {
  it('sends a fresh key with every mutation call (one user action each), and none with a read', async () => {
    const posts = route('post', '/orders', [ok]);
    const puts = route('put', '/orders/paid', [() => HttpResponse.json({ data: {} })]);
    const deletes = route('delete', '/errors', [() => new HttpResponse(null, { status: 204 })]);
    const patches = route('patch', '/orders/1', [() => HttpResponse.json({ data: {} })]);
    const gets = route('get', '/orders', [() => HttpResponse.json({ data: [] })]);
    const c = client();

    await c.post('/orders', {});
    await c.post('/orders', {});
    await c.put('/orders/paid', {});
    await c.delete('/errors');
    await c.request('PATCH', '/orders/1', { body: {} });
    await c.get('/orders');

    expect([posts.length, puts.length, deletes.length, patches.length]).toEqual([2, 1, 1, 1]);
    for (const key of [...posts, ...puts, ...deletes, ...patches]) expect(key).toMatch(UUID);
    expect(posts[0]).not.toBe(posts[1]);
    expect(gets).toEqual([null]);
  });

  it('sends the action again with the same key when no answer came, and answers what the API answered', async () => {
    const keys = route('post', '/orders', [() => HttpResponse.error(), ok]);
    const c = client();

    expect(await c.post('/orders', {})).toEqual({ ok: true, status: 201, data: { id: 7 } });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(handlers.onNetworkError).not.toHaveBeenCalled();
  });

  it.each([
    ['502', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })],
    ['503', () => envelope(503, 'NAL-503')],
    ['504', () => new HttpResponse(null, { status: 504 })],
    ['409 NAL-IDEM-003 (the first request still running)', () => envelope(409, 'NAL-IDEM-003')],
  ])('sends it again with the same key after %s', async (_, failure) => {
    const keys = route('put', '/orders/paid', [failure, failure, () => HttpResponse.json({ data: { version: 2 } })]);
    const c = client();

    expect(await c.put('/orders/paid', { orderId: 1 })).toMatchObject({ ok: true, data: { version: 2 } });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives up after its resends, reporting the failure as before', async () => {
    const keys = route('post', '/orders', [() => envelope(503, 'NAL-503')]);
    const c = client();

    await expect(c.post('/orders', {})).rejects.toMatchObject({ status: 503, errorCode: 'NAL-503' });
    expect(keys).toHaveLength(3);
    expect(readCookie('oms_network_error')).toBe('ERR-0503');
    expect(handlers.onNetworkError).toHaveBeenCalledTimes(1);
  });

  it('gives up as ERR-ANOTHER when no answer ever comes', async () => {
    const keys = route('post', '/orders', [() => HttpResponse.error()]);
    const c = client();

    await expect(c.post('/orders', {})).rejects.toMatchObject({ status: 0 });
    expect(keys).toHaveLength(3);
    expect(handlers.onNetworkError).toHaveBeenCalledWith('ERR-ANOTHER');
  });

  it('does not send again what the API answered: a refusal, a 500, or the key used for another request', async () => {
    const refused = route('put', '/orders/paid', [() => envelope(400, 'NAL_ORD-193')]);
    const failed = route('post', '/orders', [() => envelope(500, 'NAL-500')]);
    const reused = route('post', '/makers', [() => envelope(422, 'NAL-IDEM-001')]);
    const c = client();

    expect(await c.put('/orders/paid', {})).toMatchObject({ ok: false, status: 400 });
    await expect(c.post('/orders', {})).rejects.toMatchObject({ status: 500 });
    expect(await c.post('/makers', {})).toMatchObject({ ok: false, status: 422, error: { errorCode: 'NAL-IDEM-001' } });
    expect([refused.length, failed.length, reused.length]).toEqual([1, 1, 1]);
  });

  it('does not send a read again', async () => {
    const keys = route('get', '/orders', [() => envelope(503, 'NAL-503')]);
    await expect(client().get('/orders')).rejects.toMatchObject({ status: 503 });
    expect(keys).toEqual([null]);
  });

  it('keeps the key when it sends the action again after refreshing the session', async () => {
    const keys = route('post', '/orders', [() => envelope(401, 'NAL-401'), ok]);
    server.use(http.post('/api/v1/auth/refresh', () => HttpResponse.json({ data: { access_token: 'new', expires_in: 600 } })));
    const c = client();

    expect(await c.post('/orders', {})).toMatchObject({ ok: true, status: 201 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses the key a screen gives, to send one user action again itself', async () => {
    const keys = route('post', '/orders', [ok]);
    const c = client();
    await c.post('/orders', {}, { idempotencyKey: 'action-1' });
    await c.post('/orders', {}, { idempotencyKey: 'action-1' });
    expect(keys).toEqual(['action-1', 'action-1']);
  });

  it('makes version 4 UUIDs, also where crypto.randomUUID is missing (a page served over plain http)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});

import { envelope, useClientTest, useMockServer } from '../test-utils';
import { delay, http, HttpResponse } from 'msw';
import type { MockInstance } from 'vitest';
import { ApiError, api, swrFetcher, type ApiHandlers } from './client';
import { accessToken, readCookie, saveSession, tokenExpiry } from './session';

const server = useMockServer();

const { handlers, client } = useClientTest();

describe('401: one refresh, then retry', () => {
  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    const seen: (string | null)[] = [];
    const refreshes: { authorization: string | null; body: string }[] = [];
    server.use(
      http.get('/api/v1/orders/:id', ({ request, params }) => {
        const authorization = request.headers.get('authorization');
        seen.push(authorization);
        if (authorization !== 'Bearer new') return envelope(401, 'NAL-401');
        return HttpResponse.json({ data: { order_id: Number(params.id) } });
      }),
      http.post('/api/v1/auth/refresh', async ({ request }) => {
        refreshes.push({ authorization: request.headers.get('authorization'), body: await request.text() });
        await delay(50); // long enough for the second 401 to arrive while the refresh runs
        return HttpResponse.json({ data: { access_token: 'new', expires_in: 600 } });
      }),
    );
    const c = client();

    const [a, b] = await Promise.all([c.get<{ orderId: number }>('/orders/1'), c.get<{ orderId: number }>('/orders/2')]);

    expect(refreshes).toEqual([{ authorization: null, body: '' }]);
    expect(a).toMatchObject({ ok: true, data: { orderId: 1 } });
    expect(b).toMatchObject({ ok: true, data: { orderId: 2 } });
    expect(seen).toEqual(['Bearer old', 'Bearer old', 'Bearer new', 'Bearer new']);
    expect(accessToken()).toBe('new');
    expect(tokenExpiry()).toBeGreaterThan(Date.now() + 590_000);
    expect(tokenExpiry()).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(handlers.onUnauthenticated).not.toHaveBeenCalled();
  });

  it('retries without refreshing again when the 401 arrives after a refresh has already finished', async () => {
    let refreshes = 0;
    server.use(
      http.get('/api/v1/slow', async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer new') return HttpResponse.json({ data: 'slow' });
        await delay(80);
        return envelope(401, 'NAL-401');
      }),
      http.get('/api/v1/fast', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new' ? HttpResponse.json({ data: 'fast' }) : envelope(401, 'NAL-401'),
      ),
      http.post('/api/v1/auth/refresh', () => {
        refreshes++;
        return HttpResponse.json({ data: { access_token: 'new', expires_in: 600 } });
      }),
    );
    const c = client();

    const [slow, fast] = await Promise.all([c.get('/slow'), c.get('/fast')]);

    expect(refreshes).toBe(1);
    expect(slow).toMatchObject({ ok: true, data: 'slow' });
    expect(fast).toMatchObject({ ok: true, data: 'fast' });
  });

  it('a failed refresh clears the session, goes to login once and rejects every waiting request', async () => {
    let refreshes = 0;
    localStorage.setItem('oms.orderListColumns', '["id"]');
    localStorage.setItem('oms.language', 'en');
    server.use(
      http.get('/api/v1/orders', () => envelope(401, 'NAL-401')),
      http.post('/api/v1/auth/refresh', async () => {
        refreshes++;
        await delay(30);
        return envelope(401, 'NAL-LO-06');
      }),
    );
    const c = client();

    const results = await Promise.allSettled([c.get('/orders'), c.get('/orders')]);

    expect(refreshes).toBe(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((r as PromiseRejectedResult).reason.status).toBe(401);
    }
    expect(handlers.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(accessToken()).toBeNull();
    expect(readCookie('oms_token_expiry')).toBeNull();
    expect(localStorage.getItem('oms.orderListColumns')).toBeNull();
    expect(localStorage.getItem('oms.language')).toBe('en');
  });

  it('retries with the token another tab stored meanwhile, without refreshing', async () => {
    const seen: (string | null)[] = [];
    let refreshes = 0;
    server.use(
      http.get('/api/v1/orders', ({ request }) => {
        const authorization = request.headers.get('authorization');
        seen.push(authorization);
        if (authorization === 'Bearer new') return HttpResponse.json({ data: [] });
        saveSession('new', 600); // the other tab's refresh lands while this request is out
        return envelope(401, 'NAL-401');
      }),
      http.post('/api/v1/auth/refresh', () => {
        refreshes++;
        return HttpResponse.json({ data: { access_token: 'newer', expires_in: 600 } });
      }),
    );
    const c = client();

    await expect(c.get('/orders')).resolves.toMatchObject({ ok: true, data: [] });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(refreshes).toBe(0);
  });

  describe('across tabs (Web Locks)', () => {
    const lockNames: string[] = [];

    beforeEach(() => {
      lockNames.length = 0;
      // A one-at-a-time lock like the browser's; jsdom has no navigator.locks.
      let tail: Promise<unknown> = Promise.resolve();
      const locks = {
        request: (name: string, fn: () => Promise<unknown>) => {
          lockNames.push(name);
          const run = tail.then(fn);
          tail = run.catch(() => undefined);
          return run;
        },
      };
      Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    });
    afterEach(() => {
      delete (navigator as { locks?: unknown }).locks;
    });

    it('two tabs that get 401 together refresh once: the second uses the token the first stored', async () => {
      let refreshes = 0;
      server.use(
        http.get('/api/v1/orders/:id', ({ request, params }) =>
          request.headers.get('authorization') === 'Bearer new' ? HttpResponse.json({ data: Number(params.id) }) : envelope(401, 'NAL-401'),
        ),
        http.post('/api/v1/auth/refresh', async () => {
          refreshes++;
          await delay(30);
          return HttpResponse.json({ data: { access_token: 'new', expires_in: 600 } });
        }),
      );
      // Two clients stand for two tabs: each has its own in-tab guard, and they share localStorage.
      const [tabA, tabB] = [client(), client()];

      const [a, b] = await Promise.all([tabA.get('/orders/1'), tabB.get('/orders/2')]);

      expect(refreshes).toBe(1);
      expect(a).toMatchObject({ ok: true, data: 1 });
      expect(b).toMatchObject({ ok: true, data: 2 });
      expect(lockNames).toEqual(['oms-refresh', 'oms-refresh']);
      expect(handlers.onUnauthenticated).not.toHaveBeenCalled();
    });
  });

  it.each([429, 500, 503])('a refresh answered %i keeps the session and routes the failure by its status', async (status) => {
    server.use(
      http.get('/api/v1/orders', () => envelope(401, 'NAL-401')),
      http.post('/api/v1/auth/refresh', async () => {
        await delay(30);
        return envelope(status, `NAL-${status}`);
      }),
    );
    const c = client();

    const results = await Promise.allSettled([c.get('/orders'), c.get('/orders')]);

    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status, errorCode: `NAL-${status}` });
    }
    expect(readCookie('oms_network_error')).toBe(`ERR-0${status}`);
    expect(handlers.onNetworkError).toHaveBeenCalledTimes(1);
    expect(handlers.onNetworkError).toHaveBeenCalledWith(`ERR-0${status}`);
    expect(handlers.onUnauthenticated).not.toHaveBeenCalled();
    expect(accessToken()).toBe('old');
  });

  it('a refresh that gets no answer keeps the session and is ERR-ANOTHER', async () => {
    server.use(
      http.get('/api/v1/orders', () => envelope(401, 'NAL-401')),
      http.post('/api/v1/auth/refresh', () => HttpResponse.error()),
    );
    const c = client();

    await expect(c.get('/orders')).rejects.toBeInstanceOf(ApiError);
    expect(readCookie('oms_network_error')).toBe('ERR-ANOTHER');
    expect(handlers.onNetworkError).toHaveBeenCalledWith('ERR-ANOTHER');
    expect(handlers.onUnauthenticated).not.toHaveBeenCalled();
    expect(accessToken()).toBe('old');
  });

  it('does not refresh a second time when the retried request gets 401 again', async () => {
    let refreshes = 0;
    server.use(
      http.get('/api/v1/me', () => envelope(401, 'NAL-401')),
      http.post('/api/v1/auth/refresh', () => {
        refreshes++;
        return HttpResponse.json({ data: { access_token: 'new', expires_in: 600 } });
      }),
    );
    const c = client();

    await expect(c.get('/me')).rejects.toMatchObject({ status: 401, errorCode: 'NAL-401' });
    expect(refreshes).toBe(1);
    expect(handlers.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(accessToken()).toBeNull();
  });

  it('sends no bearer and does not refresh on auth: false calls', async () => {
    let refreshes = 0;
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/v1/auth/google/login-url', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: { url: 'https://accounts.example/x' } });
      }),
      http.post('/api/v1/auth/login-with-token', () => envelope(401, 'NAL-401')),
      http.post('/api/v1/auth/refresh', () => {
        refreshes++;
        return HttpResponse.json({ data: { access_token: 'new', expires_in: 600 } });
      }),
    );
    const c = client();

    await expect(c.get('/auth/google/login-url', { auth: false })).resolves.toMatchObject({ ok: true, data: { url: 'https://accounts.example/x' } });
    await expect(c.post('/auth/login-with-token', { token: 't' }, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([null]);
    expect(refreshes).toBe(0);
    expect(handlers.onUnauthenticated).not.toHaveBeenCalled();
    expect(accessToken()).toBe('old');
  });
});

describe('status routing', () => {
  it('passes 200 with pagination, 201 and 204 through as ok', async () => {
    server.use(
      http.get('/api/v1/orders', () =>
        HttpResponse.json({
          data: [{ order_id: 1 }],
          pagination: { from: 1, to: 1, total: 1, current_page: 1, per_page: 50, last_page: 1 },
        }),
      ),
      http.post('/api/v1/orders', () => HttpResponse.json({ data: { order_id: 2 } }, { status: 201 })),
      http.delete('/api/v1/shops/3', () => new HttpResponse(null, { status: 204 })),
    );
    const c = client();

    expect(await c.get('/orders')).toEqual({
      ok: true,
      status: 200,
      data: [{ orderId: 1 }],
      pagination: { from: 1, to: 1, total: 1, currentPage: 1, perPage: 50, lastPage: 1 },
    });
    expect(await c.post('/orders', {})).toEqual({ ok: true, status: 201, data: { orderId: 2 } });
    expect(await c.delete('/shops/3')).toEqual({ ok: true, status: 204, data: undefined });
  });

  it('passes 304 (a poll that found nothing new) through as ok with no data, calling no handler', async () => {
    server.use(http.get('/api/v1/conversations/5/message', () => new HttpResponse(null, { status: 304 })));
    const c = client();

    expect(await c.get('/conversations/5/message', { query: { since: 'abc' } })).toEqual({ ok: true, status: 304, data: undefined });
    expect(handlers.onNetworkError).not.toHaveBeenCalled();
    expect(readCookie('oms_network_error')).toBeFalsy();
  });

  it('passes 400 and 422 to the caller with the code and nested field errors', async () => {
    server.use(
      http.put('/api/v1/orders/paid', () => envelope(400, 'NAL_ORD-193')),
      http.post('/api/v1/products', () =>
        envelope(422, 'NAL-422', { errors: [{ field: 'list.0.product_name', error_code: 'max_length', params: { max: 10 } }] }),
      ),
    );
    const c = client();

    const refused = await c.put('/orders/paid', { lineIds: [1] });
    expect(refused).toMatchObject({ ok: false, status: 400, error: { errorCode: 'NAL_ORD-193', message: 'message NAL_ORD-193', errors: [], requestId: 'req-1' } });

    const invalid = await c.post('/products', { list: [{ productName: 'x'.repeat(11) }] });
    expect(invalid.ok).toBe(false);
    if (invalid.ok) return;
    expect(invalid.status).toBe(422);
    expect(invalid.error.errors).toEqual([{ field: 'list.0.product_name', errorCode: 'max_length', params: { max: 10 } }]);
    expect(invalid.error.fieldErrors).toEqual({ list: [{ productName: { code: 'max_length', params: { max: 10 } } }] });
    expect(Object.values(handlers).every((h) => h.mock.calls.length === 0)).toBe(true);
  });

  it('403 calls onForbidden and rejects', async () => {
    server.use(http.get('/api/v1/users', () => envelope(403, 'NAL-403')));
    const c = client();
    await expect(c.get('/users')).rejects.toMatchObject({ name: 'ApiError', status: 403, errorCode: 'NAL-403', requestId: 'req-1' });
    expect(handlers.onForbidden).toHaveBeenCalledTimes(1);
    expect(handlers.onNotFound).not.toHaveBeenCalled();
    expect(readCookie('oms_network_error')).toBeNull();
  });

  it('404 calls onNotFound and rejects', async () => {
    server.use(http.get('/api/v1/orders/9', () => envelope(404, 'NAL-404')));
    const c = client();
    await expect(c.get('/orders/9')).rejects.toMatchObject({ status: 404, errorCode: 'NAL-404' });
    expect(handlers.onNotFound).toHaveBeenCalledTimes(1);
    expect(handlers.onForbidden).not.toHaveBeenCalled();
  });

  it.each([413, 429, 500, 502, 503])('%i stores ERR-0<status> in the network error cookie and calls onNetworkError', async (status) => {
    server.use(http.get('/api/v1/orders', () => envelope(status, `NAL-${status}`)));
    const c = client();
    await expect(c.get('/orders')).rejects.toMatchObject({ status, errorCode: `NAL-${status}` });
    expect(readCookie('oms_network_error')).toBe(`ERR-0${status}`);
    expect(handlers.onNetworkError).toHaveBeenCalledWith(`ERR-0${status}`);
  });

  it('a non-JSON error page is still routed by its status', async () => {
    server.use(http.get('/api/v1/orders', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })));
    const c = client();
    await expect(c.get('/orders')).rejects.toMatchObject({ status: 502, errorCode: undefined });
    expect(readCookie('oms_network_error')).toBe('ERR-0502');
  });

  it('a fetch that fails stores ERR-ANOTHER', async () => {
    server.use(http.get('/api/v1/orders', () => HttpResponse.error()));
    const c = client();
    await expect(c.get('/orders')).rejects.toBeInstanceOf(ApiError);
    expect(readCookie('oms_network_error')).toBe('ERR-ANOTHER');
    expect(handlers.onNetworkError).toHaveBeenCalledWith('ERR-ANOTHER');
  });

  it.each([404, 429, 500])('with routeErrors: false, %i rejects with its code and calls no handler', async (status) => {
    server.use(http.get('/api/v1/maker-confirmations/t', () => envelope(status, `NAL_ORD-${status}`)));
    const c = client();
    await expect(c.get('/maker-confirmations/t', { auth: false, routeErrors: false })).rejects.toMatchObject({ status, errorCode: `NAL_ORD-${status}` });
    expect(Object.values(handlers).every((h) => h.mock.calls.length === 0)).toBe(true);
    expect(readCookie('oms_network_error')).toBeNull();
  });

  it('with routeErrors: false, a fetch that fails rejects as ERR-ANOTHER without a handler', async () => {
    server.use(http.get('/api/v1/maker-confirmations/t', () => HttpResponse.error()));
    const c = client();
    await expect(c.get('/maker-confirmations/t', { routeErrors: false })).rejects.toMatchObject({ status: 0, message: 'ERR-ANOTHER' });
    expect(handlers.onNetworkError).not.toHaveBeenCalled();
    expect(readCookie('oms_network_error')).toBeNull();
  });

  it('a request the caller aborted is not a network error', async () => {
    server.use(
      http.get('/api/v1/orders', async () => {
        await delay(200);
        return HttpResponse.json({ data: [] });
      }),
    );
    const c = client();
    const controller = new AbortController();
    const pending = c.get('/orders', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(readCookie('oms_network_error')).toBeNull();
    expect(handlers.onNetworkError).not.toHaveBeenCalled();
  });
});

describe('request shape', () => {
  it('snake-cases the query (arrays as repeated keys, empty values skipped) and the JSON body', async () => {
    let url: URL | undefined;
    let body: unknown;
    let contentType: string | null = null;
    server.use(
      http.post('/api/v1/orders/export', async ({ request }) => {
        url = new URL(request.url);
        contentType = request.headers.get('content-type');
        body = await request.json();
        return HttpResponse.json({ data: { download_url: 'u' } });
      }),
    );
    const c = client();

    const res = await c.request('POST', '/orders/export', {
      query: { perPage: 50, role: ['operator', 'maker'], keyword: '', makerId: null, shopId: undefined, paid: false },
      body: { orderIds: [1, 2], lineItems: [{ productName: 'x', option1: 'y' }] },
    });

    expect(url?.search).toBe('?per_page=50&role=operator&role=maker&paid=false');
    expect(contentType).toBe('application/json');
    expect(body).toEqual({ order_ids: [1, 2], line_items: [{ product_name: 'x', option1: 'y' }] });
    expect(res).toMatchObject({ ok: true, data: { downloadUrl: 'u' } });
  });

  it('sends FormData as it is, with the bearer', async () => {
    let fields: [string, FormDataEntryValue][] = [];
    let authorization: string | null = null;
    server.use(
      http.post('/api/v1/products/import', async ({ request }) => {
        authorization = request.headers.get('authorization');
        fields = [...(await request.formData()).entries()];
        return HttpResponse.json({ data: { imported: 1 } }, { status: 201 });
      }),
    );
    const form = new FormData();
    form.append('shop_id', '3');
    form.append('fileName', 'a.csv');
    const c = client();

    await expect(c.post('/products/import', form)).resolves.toMatchObject({ ok: true, status: 201 });
    expect(authorization).toBe('Bearer old');
    expect(fields).toEqual([
      ['shop_id', '3'],
      ['fileName', 'a.csv'],
    ]);
  });

  it("uses credentials: 'same-origin' and the given base URL", async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => HttpResponse.json({ data: 1 }));
    const c = client({ baseUrl: 'https://oms.example/api/v1', fetch: fetchSpy });
    await c.get('/me');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [input, init] = fetchSpy.mock.calls[0];
    expect(input).toBe('https://oms.example/api/v1/me');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(init?.signal).toBeUndefined();
  });
});

describe('download', () => {
  const popup = { location: { href: '' }, close: vi.fn(), opener: {} as unknown };
  let open: MockInstance<typeof window.open>;
  beforeEach(() => {
    popup.location.href = '';
    popup.opener = {};
    popup.close.mockClear();
    open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  });
  afterEach(() => open.mockRestore());

  it('opens the window before waiting (Safari), then points it at the URL with ?token=', async () => {
    let tokenAuthorization: string | null = null;
    server.use(
      http.get('/api/v1/medias/token', ({ request }) => {
        tokenAuthorization = request.headers.get('authorization');
        return HttpResponse.json({ data: { token: 'media-1', expires_in: 60 } });
      }),
    );
    const c = client();

    const pending = c.download('/orders/5/download-order-maker', { makerId: 3, fileType: 'pdf' });
    expect(open).toHaveBeenCalledWith('', '_blank');
    const url = await pending;

    expect(tokenAuthorization).toBe('Bearer old');
    expect(url).toBe('/api/v1/orders/5/download-order-maker?maker_id=3&file_type=pdf&token=media-1');
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.location.href).toBe(url);
    expect(popup.opener).toBeNull();
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('closes the window when the media token cannot be had', async () => {
    server.use(http.get('/api/v1/medias/token', () => envelope(500, 'NAL-500')));
    const c = client();

    await expect(c.download('/orders/5/download-order-maker')).rejects.toMatchObject({ status: 500 });
    expect(popup.close).toHaveBeenCalledTimes(1);
    expect(popup.location.href).toBe('');
  });
});

describe('swrFetcher', () => {
  it('returns data and pagination from a [path, query] key, and throws ApiError on a refusal', async () => {
    server.use(
      http.get('/api/v1/orders', ({ request }) => {
        if (new URL(request.url).searchParams.get('per_page') === '999') return envelope(422, 'NAL-422');
        return HttpResponse.json({ data: [{ order_id: 1 }], pagination: { from: 1, to: 1, total: 1, current_page: 1, per_page: 20, last_page: 1 } });
      }),
    );
    api.setHandlers(handlers as unknown as ApiHandlers);

    await expect(swrFetcher(['/orders', { perPage: 20 }])).resolves.toEqual({
      data: [{ orderId: 1 }],
      pagination: { from: 1, to: 1, total: 1, currentPage: 1, perPage: 20, lastPage: 1 },
    });
    await expect(swrFetcher('/orders')).resolves.toMatchObject({ data: [{ orderId: 1 }] });
    await expect(swrFetcher(['/orders', { perPage: 999 }])).rejects.toMatchObject({ name: 'ApiError', status: 422, errorCode: 'NAL-422' });
  });
});

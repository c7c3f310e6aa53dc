import type { ImportCursor, PlatformCredentials, PlatformEndpoint, PlatformOrder, PlatformResult } from '@oms/domain';
import { ShopStandin, StandinOrderSeed, StandinStats, startShopStandin } from '../../../apps/api/test/support/shop-standins';
import { ColorMeAdapter } from '../src/shop-platforms/colorme.adapter';

/**
 * The Color Me adapter against the Color Me stand-in (apps/devstack/src/colorme-standin.mjs) over
 * real HTTP: the OAuth code flow as a browser walks it, import runs paged under the stand-in's
 * rate limit, and each failure kind the worker tells apart.
 */
describe('Color Me adapter against the stand-in', () => {
  const client = { clientId: 'oms-test', clientSecret: 'oms-test-secret', redirectUri: 'http://127.0.0.1:9/shop-connections/colorme/callback' };
  const adapter = new ColorMeAdapter({ timeoutMs: 5000 });
  let standin: ShopStandin;
  let endpoint: PlatformEndpoint;

  beforeAll(async () => {
    standin = await startShopStandin('colorme');
    endpoint = { apiBaseUrl: standin.url, authBaseUrl: standin.url };
    await standin.control('POST', '/clients', { client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: [client.redirectUri] });
  });

  afterAll(async () => {
    await standin?.stop();
  });

  const stats = () => standin.control<StandinStats>('GET', '/stats');

  async function newShop(body: { scopes?: string[]; shopTitle?: string } = {}): Promise<{ shopId: string; token: string; creds: PlatformCredentials }> {
    const { token, shopId } = await standin.control<{ token: string; shopId: string }>('POST', '/tokens', body);
    return { token, shopId, creds: { platform: 'platform_2', accessToken: token } };
  }

  async function seed(token: string, orders: StandinOrderSeed[]): Promise<string[]> {
    return (await standin.control<{ ids: string[] }>('POST', '/orders', { shop: token, orders })).ids;
  }

  function ok<T>(result: PlatformResult<T>): T {
    if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
    return result.value;
  }

  /** One import run to its end, paced by the adapter's limits (as the shared queue limiter would). */
  async function run(creds: PlatformCredentials, cursor: ImportCursor, now: () => Date = () => new Date()) {
    const pages: PlatformOrder[][] = [];
    let next = cursor;
    for (;;) {
      if (pages.length > 0) await new Promise((r) => setTimeout(r, adapter.limits.intervalMs / adapter.limits.requestsPerInterval));
      const page = ok(await adapter.fetchChangedOrders(creds, endpoint, next, now()));
      pages.push(page.orders);
      next = page.next;
      if (!page.more) return { orders: pages.flat(), pages, next };
    }
  }

  /** The browser's part of the code flow: open the authorize page, press a button, read the redirect. */
  async function authorize(decision: 'approve' | 'deny', state: string, shop?: string): Promise<URL> {
    const page = await fetch(adapter.oauth.authorizeUrl(endpoint, { ...client, state }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<form method="post" action="\/oauth\/authorize\/decision">/);
    const fields = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.set(name, value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
    }
    if (shop) fields.set('shop', shop);
    fields.set('decision', decision);
    const answer = await fetch(`${standin.url}/oauth/authorize/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get('location')!);
  }

  describe('OAuth code flow', () => {
    it('asks for read_sales and write_sales on the authorize URL', () => {
      const url = new URL(adapter.oauth.authorizeUrl(endpoint, { ...client, state: 's1' }));
      expect(`${url.origin}${url.pathname}`).toBe(`${standin.url}/oauth/authorize`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        response_type: 'code',
        scope: 'read_sales write_sales',
        state: 's1',
      });
    });

    it('approve → code → token of a new shop; the code works once; a wrong secret is refused', async () => {
      const back = await authorize('approve', 'state-approve-1', 'テスト雑貨店');
      expect(`${back.origin}${back.pathname}`).toBe(client.redirectUri);
      expect(back.searchParams.get('state')).toBe('state-approve-1');
      const code = back.searchParams.get('code')!;
      expect(code).toBeTruthy();

      const token = ok(await adapter.oauth.exchangeCode(endpoint, { ...client, code }));
      expect(token.scope).toBe('read_sales write_sales');
      const connected = ok(await adapter.testConnection({ platform: 'platform_2', accessToken: token.accessToken }, endpoint));
      expect(connected.shopName).toBe('テスト雑貨店');

      const again = await adapter.oauth.exchangeCode(endpoint, { ...client, code });
      expect(again).toEqual({ ok: false, error: expect.objectContaining({ kind: 'rejected', platformCode: 'invalid_grant', httpStatus: 400 }) });

      const fresh = (await authorize('approve', 'state-approve-2')).searchParams.get('code')!;
      const wrongSecret = await adapter.oauth.exchangeCode(endpoint, { ...client, clientSecret: 'not-the-secret', code: fresh });
      expect(wrongSecret).toEqual({ ok: false, error: expect.objectContaining({ kind: 'auth', platformCode: 'invalid_client' }) });
      const wrongRedirect = await adapter.oauth.exchangeCode(endpoint, { ...client, redirectUri: `${client.redirectUri}/other`, code: fresh });
      expect(wrongRedirect).toEqual({ ok: false, error: expect.objectContaining({ kind: 'rejected', platformCode: 'invalid_grant' }) });
      // Each approval is a shop of its own.
      const second = ok(await adapter.oauth.exchangeCode(endpoint, { ...client, code: fresh }));
      const secondShop = ok(await adapter.testConnection({ platform: 'platform_2', accessToken: second.accessToken }, endpoint));
      expect(secondShop.shopName).not.toBe('テスト雑貨店');
    });

    it('deny → access_denied with the state; an unregistered redirect URI gets an error page, not a redirect', async () => {
      const back = await authorize('deny', 'state-deny');
      expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'state-deny' });

      const page = await fetch(adapter.oauth.authorizeUrl(endpoint, { ...client, redirectUri: 'http://127.0.0.1:9/elsewhere', state: 'x' }), { redirect: 'manual' });
      expect(page.status).toBe(400);
    });
  });

  describe('import runs', () => {
    it('reads 500 orders in pages of 50, each once, within the rate limit; then nothing new; then a changed order with its change', async () => {
      const { token, creds } = await newShop();
      const base = Date.now();
      const seeds: StandinOrderSeed[] = Array.from({ length: 500 }, (_, i) => ({
        // Older than the run's frozen margin (now − 1 min), spread over two hours.
        orderedAt: new Date(base - 2 * 60_000 - i * 15_000).toISOString(),
        buyerName: `購入者${i}`,
        buyerKana: 'コウニュウシャ',
        email: `buyer${i}@example.com`,
        tel: '06-1234-5678',
        zip: '530-0001',
        address: '大阪府大阪市北区梅田1-1-1 梅田ビル3F',
        paymentCode: '752',
        paymentName: '代金引換',
        shippingFee: 600,
        settlementFee: 330,
        preferredDate: '2026-12-10',
        preferredPeriod: '14時～16時',
        lines: [
          { productId: String(100000000 + i), productCode: `CM-${i}`, name: 'マグカップ', quantity: 2, unitPrice: 1100 },
          { productId: '200000001', productCode: null, name: '紙袋', quantity: 1, unitPrice: 55 },
        ],
      }));
      const ids = await seed(token, seeds);
      const before = await stats();

      const first = await run(creds, adapter.initialCursor(new Date(base - 24 * 3600_000)));
      expect(first.pages.map((p) => p.length)).toEqual(Array(10).fill(50));
      expect(first.orders.map((o) => o.ecOrderId).sort()).toEqual([...ids].sort());
      const after = await stats();
      expect(after.requests - before.requests).toBe(10);
      expect(after.violations).toBe(0);

      const one = first.orders.find((o) => o.ecOrderId === ids[3])!;
      expect(one).toMatchObject({
        orderedAt: expect.stringMatching(/\+09:00$/),
        state: 'normal',
        paid: false,
        paymentMethod: { code: '752', name: '' },
        buyer: { name: '購入者3', kana: 'コウニュウシャ', zip: '5300001', address: '大阪府大阪市北区梅田1-1-1 梅田ビル3F', tel: '06-1234-5678', email: 'buyer3@example.com' },
        fees: { shipping: 600, settlement: 330, other: 0, discount: 0, pointsUsed: 0 },
        total: 2 * 1100 + 55 + 600 + 330,
      });
      expect(Date.parse(one.orderedAt)).toBe(Math.floor((base - 2 * 60_000 - 3 * 15_000) / 1000) * 1000);
      expect(one.deliveries).toEqual([
        expect.objectContaining({ name: '購入者3', preferredDate: '2026-12-10', preferredPeriod: '14時～16時', shipped: false, trackingNumber: null }),
      ]);
      expect(one.lines).toEqual([
        { ecDeliveryId: one.deliveries[0].ecDeliveryId, productId: '100000003', productCode: 'CM-3', name: 'マグカップ', options: null, quantity: 2, unitPriceWithTax: 1100, taxRate: 10 },
        expect.objectContaining({ productId: '200000001', productCode: null, unitPriceWithTax: 55, quantity: 1 }),
      ]);
      const payments = ok(await adapter.listPayments(creds, endpoint));
      expect(payments).toContainEqual({ code: '752', name: '代金引換' });

      const quiet = await run(creds, first.next);
      expect(quiet.orders).toEqual([]);
      expect(quiet.pages).toHaveLength(1);

      await standin.control('PATCH', `/orders/${ids[7]}`, { address: '東京都千代田区丸の内1-1-1' });
      // A later run: its frozen margin (now − 1 min) is past the change.
      const later = () => new Date(Date.now() + 2 * 60_000);
      const changed = await run(creds, quiet.next, later);
      expect(changed.orders.map((o) => o.ecOrderId)).toEqual([ids[7]]);
      expect(changed.orders[0].buyer.address).toBe('東京都千代田区丸の内1-1-1');
      const previous = first.orders.find((o) => o.ecOrderId === ids[7])!;
      expect(Date.parse(changed.orders[0].updatedAt!)).toBeGreaterThan(Date.parse(previous.updatedAt!));

      expect((await run(creds, changed.next, later)).orders).toEqual([]);
      expect((await stats()).violations).toBe(0);
    });

    it('misses no order when one changes (and leaves the frozen window) while a run pages', async () => {
      const { token, creds } = await newShop();
      const base = Date.now();
      const ids = await seed(
        token,
        Array.from({ length: 120 }, (_, i) => ({
          orderedAt: new Date(base - 2 * 60_000 - i * 10_000).toISOString(),
          lines: [{ productId: '123456789', name: 'Tシャツ', quantity: 1, unitPrice: 2200 }],
        })),
      );
      const firstPage = ok(await adapter.fetchChangedOrders(creds, endpoint, adapter.initialCursor(new Date(base - 3600_000)), new Date()));
      expect(firstPage.orders).toHaveLength(50);
      await standin.control('PATCH', `/orders/${firstPage.orders[0].ecOrderId}`, { cancelled: true });
      const rest = await run(creds, firstPage.next);
      const seen = new Set([...firstPage.orders, ...rest.orders].map((o) => o.ecOrderId));
      expect([...seen].sort()).toEqual([...ids].sort());

      const next = await run(creds, rest.next, () => new Date(Date.now() + 2 * 60_000));
      expect(next.orders).toEqual([expect.objectContaining({ ecOrderId: firstPage.orders[0].ecOrderId, state: 'cancelled' })]);
    });
  });

  describe('failures as values', () => {
    it('a revoked token → auth, for every call', async () => {
      const { token, creds } = await newShop();
      ok(await adapter.testConnection(creds, endpoint));
      await standin.control('POST', `/tokens/${token}/revoke`);
      const connection = await adapter.testConnection(creds, endpoint);
      expect(connection).toEqual({ ok: false, error: expect.objectContaining({ kind: 'auth', httpStatus: 401, platformCode: '401010' }) });
      const page = await adapter.fetchChangedOrders(creds, endpoint, adapter.initialCursor(new Date()), new Date());
      expect(page).toEqual({ ok: false, error: expect.objectContaining({ kind: 'auth' }) });
    });

    it('an outage → unavailable (then it answers again); a non-JSON answer → protocol; a slow one → unavailable; nobody listening → unavailable', async () => {
      const { creds } = await newShop({ shopTitle: '停電テスト' });
      await standin.control('POST', '/outage', { count: 2 });
      for (let i = 0; i < 2; i++) {
        expect(await adapter.testConnection(creds, endpoint)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'unavailable', httpStatus: 503 }) });
      }
      expect(ok(await adapter.testConnection(creds, endpoint)).shopName).toBe('停電テスト');

      await standin.control('POST', '/outage', { count: 1, status: 200 });
      expect(await adapter.testConnection(creds, endpoint)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'protocol' }) });

      await standin.control('POST', '/outage', { count: 1, delayMs: 1500 });
      const impatient = new ColorMeAdapter({ timeoutMs: 300 });
      expect(await impatient.testConnection(creds, endpoint)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'unavailable', message: expect.stringContaining('300 ms') }) });

      const nowhere = await adapter.testConnection(creds, { apiBaseUrl: 'http://127.0.0.1:1' });
      expect(nowhere).toEqual({ ok: false, error: expect.objectContaining({ kind: 'unavailable' }) });
    });

    it('over 120 requests a minute on one token → rate_limited with the wait, counted as a violation', async () => {
      const { creds } = await newShop();
      const before = await stats();
      for (let i = 0; i < 120; i++) ok(await adapter.testConnection(creds, endpoint));
      const refused = await adapter.testConnection(creds, endpoint);
      expect(refused).toEqual({ ok: false, error: expect.objectContaining({ kind: 'rate_limited', httpStatus: 429 }) });
      const retryAfterMs = (refused as { ok: false; error: { retryAfterMs: number } }).error.retryAfterMs;
      expect(retryAfterMs).toBeGreaterThanOrEqual(1000);
      expect(retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await stats()).violations - before.violations).toBe(1);
    });
  });

  describe('tracking', () => {
    it('sets the slip number and delivered on the delivery, once; the next import sees it shipped', async () => {
      const { token, creds } = await newShop();
      const base = Date.now();
      const [saleId] = await seed(token, [{ orderedAt: new Date(base - 2 * 60_000).toISOString(), lines: [{ productId: '987654321', name: '皿', quantity: 1, unitPrice: 3300 }] }]);
      const imported = await run(creds, adapter.initialCursor(new Date(base - 3600_000)));
      const delivery = imported.orders[0].deliveries[0];
      const before = await standin.control<{ update_date: number }>('GET', `/orders/${saleId}`);

      const sent = await adapter.sendTracking(creds, endpoint, {
        ecOrderId: saleId,
        ecDeliveryId: delivery.ecDeliveryId,
        trackingNumber: '1234-5678-9012',
        complete: true,
        carrierName: 'ヤマト運輸',
        trackingUrl: 'https://example.com/track?number=123456789012',
      });
      expect(ok(sent).confirmedAt).toEqual(expect.any(String));

      const recorded = (await stats()).trackingUpdates.filter((u) => u.ecOrderId === saleId);
      expect(recorded).toEqual([{ ecOrderId: saleId, ecDeliveryId: delivery.ecDeliveryId, trackingNumber: '1234-5678-9012' }]);
      const stored = await standin.control<{ update_date: number; delivered: boolean; sale_deliveries: { slip_number: string; delivered: boolean; tracking_url: string }[] }>('GET', `/orders/${saleId}`);
      expect(stored.sale_deliveries[0]).toMatchObject({ slip_number: '1234-5678-9012', delivered: true, tracking_url: 'https://example.com/track?number=123456789012' });
      expect(stored.delivered).toBe(true);
      expect(stored.update_date).toBeGreaterThan(before.update_date);

      const next = await run(creds, imported.next, () => new Date(Date.now() + 2 * 60_000));
      expect(next.orders).toEqual([expect.objectContaining({ ecOrderId: saleId, deliveries: [expect.objectContaining({ shipped: true, trackingNumber: '1234-5678-9012' })] })]);
    });

    it('an unknown sale → not_found; an unknown delivery → rejected; no delivery id → rejected without a request; no write_sales → auth', async () => {
      const { token, shopId, creds } = await newShop();
      const [saleId] = await seed(token, [{ lines: [{ productId: '111111111', name: '箸', quantity: 1, unitPrice: 550 }] }]);
      const update = { ecOrderId: saleId, ecDeliveryId: '1', trackingNumber: 'T-1', carrierName: null, trackingUrl: null, complete: true };

      expect(await adapter.sendTracking(creds, endpoint, { ...update, ecOrderId: '99999999' })).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'not_found', httpStatus: 404, platformCode: '404100' }),
      });
      expect(await adapter.sendTracking(creds, endpoint, update)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'rejected', httpStatus: 422 }) });

      const before = await stats();
      expect(await adapter.sendTracking(creds, endpoint, { ...update, ecDeliveryId: null })).toEqual({ ok: false, error: expect.objectContaining({ kind: 'rejected' }) });
      expect((await stats()).requests).toBe(before.requests);

      const other = await newShop();
      expect(await adapter.sendTracking(other.creds, endpoint, update)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'not_found' }) });

      const readOnly = await standin.control<{ token: string }>('POST', '/tokens', { scopes: ['read_sales'], shopId });
      expect(await adapter.sendTracking({ platform: 'platform_2', accessToken: readOnly.token }, endpoint, update)).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'auth', httpStatus: 401 }),
      });
      expect((await stats()).trackingUpdates.filter((u) => u.ecOrderId === saleId)).toEqual([]);
    });
  });
});

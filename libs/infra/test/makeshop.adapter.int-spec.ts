import type { ChangedOrdersPage, ImportCursor, PlatformCredentials, PlatformEndpoint, PlatformOrder } from '@oms/domain';
import iconv from 'iconv-lite';
import { setTimeout as sleep } from 'node:timers/promises';
import { ShopStandin, StandinOrderSeed, StandinStats, startShopStandin } from '../../../apps/api/test/support/shop-standins';
import { decodeMakeShopXml, MakeShopAdapter, makeShopCarrierCode, readMakeShopOrders } from '../src/shop-platforms/makeshop.adapter';

/**
 * The MakeShop adapter against the real stand-in (apps/devstack/src/makeshop-standin.mjs) over HTTP.
 * MakeShop allows one request per second per shop, serial: each test uses a shop of its own and calls
 * it at most once a second, and the stand-in counts anything faster as a violation.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A little over MakeShop's second between two requests of one shop (timers may fire a hair early). */
const SPACING_MS = 1050;

const adapter = new MakeShopAdapter({ timeoutMs: 5000, lookbackDays: 7, serviceName: 'oms-test' });

type MakeShopCredentials = Extract<PlatformCredentials, { platform: 'platform_1' }>;

function line(productId: string, name: string, unitPrice = 1100, quantity = 1): StandinOrderSeed['lines'][number] {
  return { productId, productCode: `CODE-${productId.slice(-3)}`, name, quantity, unitPrice };
}

/** Runs a shop's calls as the queue limiter will: one at a time, each at least SPACING_MS after the last answer. */
function pacer() {
  let lastAnsweredAt = 0;
  return async <T>(call: () => Promise<T>): Promise<T> => {
    const wait = lastAnsweredAt + SPACING_MS - Date.now();
    if (wait > 0) await sleep(wait);
    try {
      return await call();
    } finally {
      lastAnsweredAt = Date.now();
    }
  };
}

describe('MakeShop adapter (legacy XML order API) against the stand-in', () => {
  let standin: ShopStandin;
  let endpoint: PlatformEndpoint;
  let shopCount = 0;

  beforeAll(async () => {
    standin = await startShopStandin('makeshop');
    endpoint = { apiBaseUrl: standin.url };
  });

  afterAll(async () => {
    await standin?.stop();
  });

  async function newShop(on: ShopStandin = standin): Promise<MakeShopCredentials> {
    shopCount += 1;
    const shopId = `shop${shopCount}`;
    const token = `0123456789abcdef0123456789abc${String(shopCount).padStart(3, '0')}`;
    await on.control('POST', '/shops', { shopId, token });
    return { platform: 'platform_1', shopId, orderAuthCode: token };
  }

  async function seed(creds: MakeShopCredentials, orders: StandinOrderSeed[]): Promise<string[]> {
    const { ids } = await standin.control<{ ids: string[] }>('POST', '/orders', { shop: creds.shopId, orders });
    return ids;
  }

  const stats = (on: ShopStandin = standin) => on.control<StandinStats>('GET', '/stats');

  /** One import run: pages until `more` is false; every page must succeed. */
  async function importRun(creds: MakeShopCredentials, cursor: ImportCursor, now: Date, paced: ReturnType<typeof pacer>) {
    const pages: ChangedOrdersPage[] = [];
    for (let call = 0; call < 100; call += 1) {
      const page = await paced(() => adapter.fetchChangedOrders(creds, endpoint, cursor, now));
      if (!page.ok) throw new Error(`page ${call + 1}: ${page.error.kind} ${page.error.message}`);
      pages.push(page.value);
      cursor = page.value.next;
      if (!page.value.more) return { pages, next: cursor, orders: pages.flatMap((p) => p.orders) };
    }
    throw new Error('the run did not end in 100 calls');
  }

  it('reads 500 orders over ten days through halved windows: every order, one request a call, never too fast', async () => {
    const creds = await newShop();
    const now = new Date();
    const first = now.getTime() - 10 * DAY;
    const step = (10 * DAY - 2 * HOUR) / 500;
    const ids = await seed(
      creds,
      Array.from({ length: 500 }, (_, i) => ({ orderedAt: new Date(first + i * step).toISOString(), lines: [line('000000000001', `品 ${i}`)] })),
    );
    const before = await stats();

    const run = await importRun(creds, adapter.initialCursor(new Date(now.getTime() - 11 * DAY)), now, pacer());

    const after = await stats();
    expect([...new Set(run.orders.map((o) => o.ecOrderId))].sort()).toEqual([...ids].sort());
    // The first window held all 500: its answer was full (the 100 oldest) and it was halved.
    expect(run.pages[0].orders).toHaveLength(100);
    expect(run.pages[0].orders[0].ecOrderId).toBe(ids[0]);
    expect(run.pages[0].more).toBe(true);
    expect(run.pages.every((page) => page.orders.length <= 100)).toBe(true);
    expect(run.pages.length).toBeGreaterThan(5);
    expect(after.requests - before.requests).toBe(run.pages.length);
    expect(after.violations - before.violations).toBe(0);
    expect(after.maxConcurrent).toBe(1);
    // The next run starts a lookback (7 days) before this run's end, which was frozen at now - 1 min.
    expect(run.next).toEqual({
      importFrom: new Date(Math.floor((now.getTime() - 11 * DAY) / 1000) * 1000).toISOString(),
      runFrom: new Date(Math.floor((now.getTime() - 60_000) / 1000) * 1000 - 7 * DAY).toISOString(),
      runUntil: null,
      windows: [],
    });
  }, 90_000);

  it('halves a window whose answer holds 100 orders, and reads both halves', async () => {
    const creds = await newShop();
    const now = new Date();
    // 100 orders, half on each side of the window's middle (about 1.5 days back).
    const ids = await seed(
      creds,
      Array.from({ length: 100 }, (_, i) => ({
        orderedAt: new Date(now.getTime() - (i < 50 ? 2 * DAY : DAY) + (i % 50) * 60_000).toISOString(),
        lines: [line('000000000002', `品 ${i}`)],
      })),
    );
    const run = await importRun(creds, adapter.initialCursor(new Date(now.getTime() - 3 * DAY)), now, pacer());

    expect(run.pages.map((page) => page.orders.length)).toEqual([100, 50, 50]);
    const [newerHalf, olderHalf] = run.pages[0].next['windows'] as [string, string][];
    expect(olderHalf[0]).toBe(new Date(Math.floor((now.getTime() - 3 * DAY) / 1000) * 1000).toISOString());
    expect(Date.parse(newerHalf[0]) - Date.parse(olderHalf[1])).toBe(1000); // the halves meet, no gap
    expect(run.pages[1].orders.map((o) => o.ecOrderId)).toEqual(ids.slice(0, 50)); // the older half first
    expect([...new Set(run.orders.map((o) => o.ecOrderId))].sort()).toEqual([...ids].sort());
  });

  it('sees a changed, a cancelled and a provisional order again on the next run, and an order placed after the last run', async () => {
    const creds = await newShop();
    const now = new Date();
    const from = new Date(now.getTime() - DAY);
    const [changedId, cancelledId, provisionalId] = await seed(creds, [
      {
        orderedAt: new Date(now.getTime() - 3 * HOUR).toISOString(),
        buyerName: '佐藤 花子',
        buyerKana: 'サトウ ハナコ',
        email: 'hanako@example.com',
        tel: '090-1111-2222',
        zip: '150-0041',
        address: '東京都渋谷区神南1-2-3',
        paymentCode: 'R',
        paymentName: '代金引換',
        shippingFee: 600,
        settlementFee: 330,
        preferredDate: '2026-12-01',
        preferredPeriod: '14時～16時',
        lines: [line('000000000012', 'マグカップ 赤', 1650, 2)],
      },
      { orderedAt: new Date(now.getTime() - 2 * HOUR).toISOString(), lines: [line('000000000013', '皿')] },
      { orderedAt: new Date(now.getTime() - HOUR).toISOString(), lines: [line('000000000014', '箸')] },
    ]);
    const paced = pacer();

    const firstRun = await importRun(creds, adapter.initialCursor(from), now, paced);
    expect(firstRun.pages).toHaveLength(1);
    expect(firstRun.orders.map((o) => o.ecOrderId)).toEqual([changedId, cancelledId, provisionalId]);
    expect(firstRun.orders[0]).toEqual<PlatformOrder>({
      ecOrderId: changedId,
      orderedAt: new Date(Math.floor((now.getTime() - 3 * HOUR) / 1000) * 1000 + 9 * HOUR).toISOString().slice(0, 19) + '+09:00',
      updatedAt: null,
      state: 'normal',
      paid: false,
      paymentMethod: { code: 'R', name: '代金引換' },
      buyer: { name: '佐藤 花子', kana: 'サトウ ハナコ', zip: '150-0041', address: '東京都渋谷区神南1-2-3', tel: '090-1111-2222', email: 'hanako@example.com' },
      deliveries: [
        {
          ecDeliveryId: '0',
          name: '佐藤 花子',
          kana: 'サトウ ハナコ',
          zip: '150-0041',
          address: '東京都渋谷区神南1-2-3',
          tel: '090-1111-2222',
          preferredDate: '2026-12-01',
          preferredPeriod: '14時～16時',
          shipped: false,
          trackingNumber: null,
        },
      ],
      lines: [{ ecDeliveryId: '0', productId: '000000000012', productCode: 'CODE-012', name: 'マグカップ 赤', options: null, quantity: 2, unitPriceWithTax: 1650, taxRate: 10 }],
      fees: { shipping: 600, settlement: 330, other: 0, discount: 0, pointsUsed: 0 },
      total: 1650 * 2 + 600 + 330,
      memo: null,
    });
    // The lookback (7 days) reaches before the connection's start: the next run starts there instead.
    expect(firstRun.next['runFrom']).toBe(new Date(Math.floor(from.getTime() / 1000) * 1000).toISOString());

    await standin.control('PATCH', `/orders/${changedId}`, { buyerName: '佐藤 一郎', address: '大阪府大阪市北区梅田1-1-1' });
    await standin.control('PATCH', `/orders/${cancelledId}`, { cancelled: true });
    await standin.control('PATCH', `/orders/${provisionalId}`, { status: 99 });
    // Placed after the first run's frozen end (now - 1 min): only the next run can see it.
    const [lateId] = await seed(creds, [{ orderedAt: new Date(now.getTime() - 30_000).toISOString(), lines: [line('000000000015', '椀')] }]);

    const secondRun = await importRun(creds, firstRun.next, new Date(now.getTime() + 5 * 60_000), paced);
    const byId = new Map(secondRun.orders.map((o) => [o.ecOrderId, o]));
    expect([...byId.keys()]).toEqual([changedId, cancelledId, provisionalId, lateId]);
    expect(byId.get(changedId)).toMatchObject({ state: 'normal', buyer: { name: '佐藤 一郎', address: '大阪府大阪市北区梅田1-1-1' } });
    expect(byId.get(changedId)!.deliveries[0]).toMatchObject({ name: '佐藤 一郎', address: '大阪府大阪市北区梅田1-1-1' });
    expect(byId.get(cancelledId)!.state).toBe('cancelled');
    expect(byId.get(provisionalId)!.state).toBe('provisional');
  });

  it('tests a connection: good credentials answer, a wrong auth code or shop id is an auth error', async () => {
    const creds = await newShop();
    const paced = pacer();
    const before = await stats();

    expect(await paced(() => adapter.testConnection(creds, endpoint))).toEqual({ ok: true, value: { shopName: null } });
    const wrongToken = await paced(() => adapter.testConnection({ ...creds, orderAuthCode: 'not-the-code' }, endpoint));
    expect(wrongToken).toMatchObject({ ok: false, error: { kind: 'auth' } });
    const unknownShop = await adapter.testConnection({ ...creds, shopId: 'no-such-shop' }, endpoint);
    expect(unknownShop).toMatchObject({ ok: false, error: { kind: 'auth' } });
    // The auth code travels in the URL: no message repeats it.
    expect(JSON.stringify([wrongToken, unknownShop])).not.toContain('not-the-code');

    expect((await stats()).violations - before.violations).toBe(0);
  });

  it('sends a tracking number once (shipped, carrier code), and an unknown order or delivery is not_found', async () => {
    const creds = await newShop();
    const [ordernum] = await seed(creds, [{ orderedAt: new Date(Date.now() - HOUR).toISOString(), lines: [line('000000000021', '湯呑')] }]);
    const paced = pacer();
    const update = { ecOrderId: ordernum, ecDeliveryId: '0', trackingNumber: '1234-5678-9012', carrierName: 'ヤマト運輸', trackingUrl: null, complete: true };

    const sent = await paced(() => adapter.sendTracking(creds, endpoint, update));
    expect(sent).toMatchObject({ ok: true, value: { confirmedAt: expect.any(String) } });
    const { trackingUpdates } = await stats();
    expect(trackingUpdates.filter((t) => t.ecOrderId === ordernum)).toEqual([
      expect.objectContaining({ ecOrderId: ordernum, ecDeliveryId: '0', trackingNumber: '1234-5678-9012' }),
    ]);
    const stored = await standin.control<{ deliveries: { carrier: string; deliverynum: string; delivery_status: number }[] }>('GET', `/orders/${ordernum}`);
    expect(stored.deliveries[0]).toMatchObject({ carrier: '002', deliverynum: '1234-5678-9012', delivery_status: 3 });

    const unknownOrder = await paced(() => adapter.sendTracking(creds, endpoint, { ...update, ecOrderId: 'P9999999999999999999' }));
    expect(unknownOrder).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    const unknownDelivery = await paced(() => adapter.sendTracking(creds, endpoint, { ...update, ecDeliveryId: '5' }));
    expect(unknownDelivery).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect((await stats()).trackingUpdates.filter((t) => t.ecOrderId === ordernum)).toHaveLength(1);
  });

  it('reads an outage (HTTP 503) as unavailable, and the next request goes through', async () => {
    const creds = await newShop();
    const before = await stats();
    await standin.control('POST', '/outage', { count: 1, status: 503 });

    expect(await adapter.testConnection(creds, endpoint)).toMatchObject({ ok: false, error: { kind: 'unavailable', httpStatus: 503 } });
    // The outage answered before MakeShop's limiter: asking again at once is no violation.
    expect(await adapter.testConnection(creds, endpoint)).toMatchObject({ ok: true });

    const after = await stats();
    expect(after.requests - before.requests).toBe(2);
    expect(after.violations - before.violations).toBe(0);
  });

  it('reads the "blocked" answer to a second request within the second as rate_limited', async () => {
    const creds = await newShop();
    const before = await stats();
    expect(await adapter.testConnection(creds, endpoint)).toMatchObject({ ok: true });
    const blocked = await adapter.testConnection(creds, endpoint);
    expect(blocked).toMatchObject({ ok: false, error: { kind: 'rate_limited', httpStatus: 429, retryAfterMs: expect.any(Number) } });
    expect((await stats()).violations - before.violations).toBe(1);
  });

  it('is unavailable when MakeShop cannot be reached, and refuses an unreadable cursor without a request', async () => {
    const creds = await newShop();
    const closed = await adapter.testConnection(creds, { apiBaseUrl: 'http://127.0.0.1:1' });
    expect(closed).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    const before = await stats();
    expect(await adapter.fetchChangedOrders(creds, endpoint, { windows: 'no' }, new Date())).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    expect((await stats()).requests).toBe(before.requests);
  });

  describe('with a slow stand-in (every answer 1.5 s late)', () => {
    let slow: ShopStandin;
    beforeAll(async () => {
      slow = await startShopStandin('makeshop', { MAKESHOP_STANDIN_DELAY_MS: '1500' });
    });
    afterAll(async () => {
      await slow?.stop();
    });

    it('counts a request sent before the previous one was answered as a violation, even a second later', async () => {
      const creds = await newShop(slow);
      const slowEndpoint = { apiBaseUrl: slow.url };
      const first = adapter.testConnection(creds, slowEndpoint);
      await sleep(1100);
      const second = await adapter.testConnection(creds, slowEndpoint);
      expect(second).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
      expect(await first).toMatchObject({ ok: true });
      expect(await stats(slow)).toMatchObject({ requests: 2, violations: 1, maxConcurrent: 2 });
    });

    it('gives up after its timeout: unavailable', async () => {
      const creds = await newShop(slow);
      const impatient = new MakeShopAdapter({ timeoutMs: 300, lookbackDays: 7, serviceName: 'oms-test' });
      const answer = await impatient.testConnection(creds, { apiBaseUrl: slow.url });
      expect(answer).toMatchObject({ ok: false, error: { kind: 'unavailable', message: expect.stringContaining('300 ms') } });
    });
  });
});

describe('MakeShop order XML (hand-written answers)', () => {
  // One order, so no list around it; empty and unset ("0000-00-00") fields; the lines only in
  // <orderdetail>; an option code; notes; commission as <content>; points and discounts.
  const singleOrder = `<?xml version="1.0" encoding="EUC-JP"?>
<orders>
  <order>
    <ordernum>P171323551145213731</ordernum>
    <date>2026-11-20 10:33:09</date>
    <status>1</status>
    <payment_status>1</payment_status>
    <paymethod type="B1">GMO後払い</paymethod>
    <ordermemo>のし不要</ordermemo>
    <notes><note><title>ご要望</title><content>午前着希望</content></note></notes>
    <buyer>
      <id/><name>鈴木 一郎</name><kana/><tel>0312345678</tel><tel2/><email/>
      <zip>0010010</zip><area>北海道</area><city>札幌市北区</city><street>北十条西</street><address>1-1 ハイツ101</address><membergroup/>
    </buyer>
    <orderdetail>
      <commodities>
        <commodity>
          <name>Tシャツ</name><brandcode>000000000123</brandcode><orgcode>TS-01</orgcode><orgoptioncode>TS-01-RED-S</orgoptioncode>
          <jancode/><nameoption>カラー:赤 サイズ:S</nameoption><price>2,200</price><amount>3</amount><consumption_tax_rate>10</consumption_tax_rate>
        </commodity>
      </commodities>
      <carriage>800</carriage>
      <commission><content>0</content></commission>
      <usepoint type="shop">100</usepoint>
      <bulk/>
      <coupon>500</coupon>
      <sumprice>6800</sumprice>
    </orderdetail>
    <deliveries>
      <delivery>
        <delivery_id>0</delivery_id>
        <name>鈴木 一郎</name><kana/><tel/><zip/><area/><city/><street/><address/>
        <deliverydate>0000-00-00</deliverydate>
        <deliverytime/>
        <carriage><name>宅配便</name></carriage>
        <delivery_status>3</delivery_status>
        <shipping_date>2026-11-22</shipping_date>
        <carrier>002</carrier>
        <deliverynum>4444-5555-6666</deliverynum>
      </delivery>
    </deliveries>
  </order>
</orders>`;

  it('reads a single order with empty fields (EUC-JP, as its declaration says)', () => {
    const bytes = iconv.encode(singleOrder, 'EUC-JP');
    const xml = decodeMakeShopXml(bytes, 'text/xml');
    expect(xml).toBe(singleOrder);

    const result = readMakeShopOrders(xml);
    expect(result).toEqual({
      ok: true,
      value: [
        {
          ecOrderId: 'P171323551145213731',
          orderedAt: '2026-11-20T10:33:09+09:00',
          updatedAt: null,
          state: 'normal',
          paid: true,
          paymentMethod: { code: 'B1', name: 'GMO後払い' },
          buyer: { name: '鈴木 一郎', kana: null, zip: '0010010', address: '北海道札幌市北区北十条西1-1 ハイツ101', tel: '0312345678', email: null },
          deliveries: [
            { ecDeliveryId: '0', name: '鈴木 一郎', kana: null, zip: null, address: null, tel: null, preferredDate: null, preferredPeriod: null, shipped: true, trackingNumber: '4444-5555-6666' },
          ],
          lines: [
            { ecDeliveryId: '0', productId: '000000000123', productCode: 'TS-01-RED-S', name: 'Tシャツ', options: 'カラー:赤 サイズ:S', quantity: 3, unitPriceWithTax: 2200, taxRate: 10 },
          ],
          fees: { shipping: 800, settlement: 0, other: 0, discount: 500, pointsUsed: 100 },
          total: 6800,
          memo: 'のし不要\nご要望: 午前着希望',
        },
      ],
    });
  });

  it('reads two orders, a cancelled one without commission; "no orders" is an empty list', () => {
    const twoOrders = `<orders>
      <order><ordernum>A1</ordernum><date>2026-11-20 10:00:00</date><status>0</status><paymethod>銀行振込</paymethod>
        <orderdetail><commodities><commodity><name>a</name><price>100</price><amount>1</amount></commodity><commodity><name>b</name><price>200</price><amount>2</amount></commodity></commodities><sumprice>500</sumprice></orderdetail>
        <deliveries><delivery><delivery_id>0</delivery_id><name>x</name></delivery></deliveries></order>
      <order><ordernum>A2</ordernum><date>2026/11/21 11:00:00</date><status>99</status><orderdetail/><deliveries/></order>
    </orders>`;
    const result = readMakeShopOrders(twoOrders);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.map((o) => [o.ecOrderId, o.state, o.orderedAt])).toEqual([
      ['A1', 'cancelled', '2026-11-20T10:00:00+09:00'],
      ['A2', 'provisional', '2026-11-21T11:00:00+09:00'],
    ]);
    expect(result.value[0].paymentMethod).toEqual({ code: '銀行振込', name: '銀行振込' }); // no type: keyed by its name
    expect(result.value[0].lines.map((l) => [l.name, l.productId, l.productCode, l.quantity, l.unitPriceWithTax, l.taxRate])).toEqual([
      ['a', null, null, 1, 100, null],
      ['b', null, null, 2, 200, null],
    ]);
    expect(result.value[0].fees.settlement).toBe(0);
    expect(result.value[1]).toMatchObject({ deliveries: [], lines: [], total: 0, memo: null });

    expect(readMakeShopOrders('<?xml version="1.0" encoding="UTF-8"?><orders><message>該当する注文データはありません</message></orders>')).toEqual({ ok: true, value: [] });
  });

  it('tells refusals and unreadable answers apart', () => {
    expect(readMakeShopOrders('<orders><message>認証エラー</message></orders>')).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(readMakeShopOrders('<message>アクセス遮断</message>')).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    expect(readMakeShopOrders('<html><body>Maintenance</body></html>')).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    expect(readMakeShopOrders('not xml at all')).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    expect(readMakeShopOrders('<orders><order><ordernum>A</ordernum>')).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    expect(readMakeShopOrders('<orders><order><ordernum>A</ordernum><date>2026-11-20 10:00:00</date><status>7</status></order></orders>')).toMatchObject({
      ok: false,
      error: { kind: 'protocol', message: expect.stringContaining('status') },
    });
    expect(readMakeShopOrders('<orders><order><ordernum>A</ordernum><date>0000-00-00 00:00:00</date><status>1</status></order></orders>')).toMatchObject({
      ok: false,
      error: { kind: 'protocol' },
    });
  });

  it('maps our delivery companies to MakeShop carrier codes', () => {
    expect(['ヤマト運輸', 'ヤマト運輸(ネコポス)', '佐川急便', '日本郵便(ゆうパック)', 'ゆうパケット', '西濃運輸', '015', 'どこか便', null].map(makeShopCarrierCode)).toEqual([
      '002',
      '030',
      '003',
      '001',
      '025',
      '006',
      '015',
      null,
      null,
    ]);
  });
});

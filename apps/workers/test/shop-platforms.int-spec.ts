import { SecretBox } from '@oms/infra';
import { startShopStandin, ShopStandin, StandinOrderSeed, StandinPlatform, StandinStats } from '../../api/test/support/shop-standins';
import { TestApp } from '../../api/test/support/test-app';
import { makerRow, orderToMakers, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(240_000);

/**
 * Orders from both shop platforms through every real part (issue 17): the local stand-in of each
 * platform (which counts every request, and every one over the platform's rate), the API's connection
 * calls, the workers' platform queues with their shared limiters, PostgreSQL and Redis. For each
 * platform: 500 orders over several pages imported once, a second run importing nothing, a changed
 * order updated, an unknown product an order error, an outage retried, the tracking sent back once
 * and the sent-to-origin flag set.
 */
describe('shop platform imports and tracking', () => {
  let world: WorkersWorld;
  let api: TestApp;
  let auth: string;
  let makeshop: ShopStandin;
  let colorme: ShopStandin;
  let makerId: string;
  let secondMakerId: string;
  let companyId: number;

  beforeAll(async () => {
    makeshop = await startShopStandin('makeshop', { MAKESHOP_STANDIN_SHOPS: JSON.stringify([{ shopId: 'ms-demo', token: 'ms-order-token' }]) });
    colorme = await startShopStandin('colorme');
    world = await WorkersWorld.start({
      MAKESHOP_API_BASE_URL: makeshop.url,
      COLORME_API_BASE_URL: colorme.url,
      COLORME_AUTH_BASE_URL: colorme.url,
      JOB_ATTEMPTS: '5',
      JOB_BACKOFF_MS: '300',
    }, {
      // A run leaves out what changed in its last minute (the platform's clock and commits may lag): the workers'
      // clock runs two minutes ahead, as if each run came a little after the change, not within the same second.
      now: () => new Date(Date.now() + 120_000),
    });
    api = world.api;
    auth = (await api.signedIn('approver')).auth;
    makerId = await makerRow(api, { name: '連携工房', orderMethod: 'email', email: 'orders@renkei.example.jp' });
    secondMakerId = await makerRow(api, { name: '連携第二工房', orderMethod: 'email', email: 'orders@renkei2.example.jp' });
    const company = await api.http.post('/api/v1/delivery_companies').set('Authorization', auth).send({ name: 'ヤマト運輸', tracking_url: 'https://track.example.jp/?no={code}' }).expect(201);
    companyId = company.body.data.id;
  });

  afterAll(async () => {
    await world?.stop();
    await makeshop?.stop();
    await colorme?.stop();
  });

  interface Platform {
    name: StandinPlatform;
    type: 'platform_1' | 'platform_2';
    standin: () => ShopStandin;
    /** A product id of the platform's width. */
    productId: (n: number) => string;
    paymentCode: string;
    /** Makes the shop here and gives it its credentials; answers the shop id and the stand-in's shop key. */
    connect: (code: string) => Promise<{ shopId: string; standinShop: string }>;
  }

  const platforms: Platform[] = [
    {
      name: 'makeshop',
      type: 'platform_1',
      standin: () => makeshop,
      productId: (n) => String(100000000000 + n),
      paymentCode: 'R',
      connect: async (code) => {
        const shop = await api.http
          .post('/api/v1/shops')
          .set('Authorization', auth)
          .send({ name: `MakeShop店 ${code}`, code, type: 'platform_1', ec_shop_id: 'ms-demo', order_auth_code: 'ms-order-token' })
          .expect(201);
        return { shopId: String(shop.body.data.id), standinShop: 'ms-demo' };
      },
    },
    {
      name: 'colorme',
      type: 'platform_2',
      standin: () => colorme,
      productId: (n) => String(100000000 + n),
      paymentCode: '12345',
      connect: async (code) => {
        const shop = await api.http.post('/api/v1/shops').set('Authorization', auth).send({ name: `カラーミー店 ${code}`, code, type: 'platform_2' }).expect(201);
        const shopId = String(shop.body.data.id);
        // The OAuth flow itself is the API's and the browser test's; here the shop's token is given as the callback would store it.
        const { token } = await colorme.control<{ token: string }>('POST', '/tokens', { token: `cm-token-${code}`, scopes: ['read_sales', 'write_sales'] });
        await api.dataSource.query(
          `INSERT INTO shop_connections (shop_id, access_token_sealed, oauth_scope, authorized_at, status) VALUES ($1, $2, 'read_sales write_sales', now(), 'ok')`,
          [shopId, SecretBox.fromConfig(world.env.config).seal(token)],
        );
        return { shopId, standinShop: token };
      },
    },
  ];

  describe.each(platforms)('$name', (platform) => {
    let shopId: string;
    let standinShop: string;
    let ecOrderIds: string[];
    const known = 3;

    const connection = async () => (await api.http.get(`/api/v1/shops/${shopId}/connection`).set('Authorization', auth).expect(200)).body.data;
    const stats = () => platform.standin().control<StandinStats>('GET', '/stats');
    const importedCount = async () => Number((await api.dataSource.query(`SELECT count(*) FROM shop_imported_orders WHERE shop_id = $1`, [shopId]))[0].count);
    const ordersOfShop = async () => Number((await api.dataSource.query(`SELECT count(*) FROM orders WHERE shop_id = $1`, [shopId]))[0].count);

    /** Fetch now, and wait for the run it starts to finish. */
    async function runImport() {
      const before = await connection();
      await api.http.post(`/api/v1/shops/${shopId}/connection/fetch-now`).set('Authorization', auth).expect(202);
      return until(
        connection,
        (c) => c.last_run.finished_at !== null && c.last_run.started_at !== before.last_run.started_at && c.status === 'ok',
        200_000,
        `${platform.name} import run`,
      );
    }


    /** Staff take the imported order into work: payment confirmed, then ordered from the maker. */
    async function orderedFromMaker(ecOrderId: string) {
      const [row] = await api.dataSource.query(`SELECT id::text FROM orders WHERE shop_id = $1 AND ec_order_id = $2`, [shopId, ecOrderId]);
      const detail = (await api.http.get(`/api/v1/orders/${row.id}`).set('Authorization', auth).expect(200)).body.data;
      const lineIds = detail.lines.map((l: { id: string }) => String(l.id));
      const paid = await api.http.put('/api/v1/orders/paid').set('Authorization', auth).send({ order_id: Number(row.id), version: detail.version, line_ids: lineIds.map(Number) });
      if (paid.status !== 200) throw new Error(`paid: ${paid.status} ${JSON.stringify(paid.body)}`);
      return orderToMakers(api, auth, { id: row.id, orderNo: detail.order_no, version: paid.body.data.version, lineIds });
    }

    beforeAll(async () => {
      await platform.standin().control('POST', '/reset');
      ({ shopId, standinShop } = await platform.connect(`${platform.name}-${Date.now().toString(36)}`));
      // Products 0–2 are the first maker's; product 50 the second's.
      for (const n of [0, 1, 2, 50]) {
        await api.dataSource.query(
          `INSERT INTO products (product_code, shop_id, shop_product_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type)
           VALUES ($1, $2, $3, $4, $5, 1000, 10, 100, 1100, 'direct_delivery')`,
          [`${platform.name}-P${n}-${shopId}`, shopId, platform.productId(n), n === 50 ? secondMakerId : makerId, `連携商品${n}`],
        );
      }
      await api.http
        .put(`/api/v1/shops/${shopId}/connection/payment-mappings`)
        .set('Authorization', auth)
        .send({ mappings: [{ ec_payment_code: platform.paymentCode, ec_payment_name: 'クレジット', payment_method_id: 1 }] })
        .expect(200);
      const tenDaysAgo = new Date(Date.now() - 10 * 86400_000 + 9 * 3600_000).toISOString().slice(0, 10);
      await api.http
        .put(`/api/v1/shops/${shopId}/connection`)
        .set('Authorization', auth)
        .send({ import_enabled: false, import_interval_minutes: 15, import_from: tenDaysAgo, version: (await connection()).version })
        .expect(200);

      // 500 orders over the last five days. The 7th has a second line whose product is not in the catalogue, the
      // 8th only such a line, the 9th a line of each maker.
      const orders: StandinOrderSeed[] = Array.from({ length: 500 }, (_, i) => ({
        orderedAt: new Date(Date.now() - 5 * 86400_000 + i * 800_000).toISOString(),
        buyerName: `購入者 ${i}`,
        email: `buyer${i}@example.jp`,
        tel: `03-1111-${String(i).padStart(4, '0')}`,
        zip: '100-0001',
        address: '東京都千代田区千代田1-1',
        paymentCode: platform.paymentCode,
        paymentName: 'クレジット',
        shippingFee: 0,
        lines:
          i === 8
            ? [{ productId: platform.productId(998), name: '未登録の商品だけ', quantity: 1, unitPrice: 700 }]
            : [
                { productId: platform.productId(i % known), name: `連携商品${i % known}`, quantity: 1 + (i % 2), unitPrice: 1100 },
                ...(i === 7 ? [{ productId: platform.productId(999), name: '未登録の商品', quantity: 1, unitPrice: 500 }] : []),
                ...(i === 9 ? [{ productId: platform.productId(50), name: '連携商品50', quantity: 1, unitPrice: 1100 }] : []),
              ],
      }));
      ecOrderIds = (await platform.standin().control<{ ids: string[] }>('POST', '/orders', { shop: standinShop, orders })).ids;
    });

    it('tests the connection through the platform\'s queue', async () => {
      const ok = await api.http.post(`/api/v1/shops/${shopId}/connection/test`).set('Authorization', auth).expect(200);
      expect(ok.body.data).toMatchObject({ ok: true, kind: null, message: null });
      expect((await connection()).status).toBe('ok');
    });

    it('imports 500 orders across pages once each, within the platform\'s rate', async () => {
      const run = await runImport();
      expect(await importedCount()).toBe(500);
      expect(await ordersOfShop()).toBe(500);
      expect(run.last_run.imported).toBe(500);
      const s = await stats();
      expect(s.requests).toBeGreaterThan(5);
      expect(s.violations).toBe(0);
      expect(s.maxConcurrent).toBe(1);

      // Buyer, delivery, lines, payment and the platform's id as sent.
      const [order] = await api.dataSource.query(
        `SELECT o.buyer_name, o.buyer_email, o.delivery_address, o.payment_method_id, o.total, o.customer_id IS NOT NULL AS has_customer, o.origin,
                (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines
           FROM orders o WHERE o.shop_id = $1 AND o.ec_order_id = $2`,
        [shopId, ecOrderIds[4]],
      );
      expect(order).toMatchObject({ buyer_name: '購入者 4', buyer_email: 'buyer4@example.jp', payment_method_id: 1, total: 1100, has_customer: true, lines: 1 });
    });

    it('keeps the line of an unknown product as an order error, the rest imported', async () => {
      const [order] = await api.dataSource.query(
        `SELECT o.id, o.error_count, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines FROM orders o WHERE o.shop_id = $1 AND o.ec_order_id = $2`,
        [shopId, ecOrderIds[7]],
      );
      expect(order.lines).toBe(1);
      const errors = await api.dataSource.query(`SELECT code, message FROM order_errors WHERE order_id = $1 ORDER BY id`, [order.id]);
      expect(errors.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(['NAL-SHOP-020', 'NAL-SHOP-023']));
      expect(errors.find((e: { code: string }) => e.code === 'NAL-SHOP-020').message).toContain(platform.productId(999));

      // Every line unknown: the order is there, with no line yet and the error saying what to add.
      const [bare] = await api.dataSource.query(
        `SELECT o.id, o.status, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines,
                (SELECT array_agg(code ORDER BY code) FROM order_errors e WHERE e.order_id = o.id) AS codes
           FROM orders o WHERE o.shop_id = $1 AND o.ec_order_id = $2`,
        [shopId, ecOrderIds[8]],
      );
      expect(bare).toMatchObject({ status: 1, lines: 0, codes: ['NAL-SHOP-020', 'NAL-SHOP-023'] });
    });

    it('imports nothing on a second run', async () => {
      const run = await runImport();
      expect(run.last_run).toMatchObject({ imported: 0, updated: 0, flagged: 0 });
      expect(await ordersOfShop()).toBe(500);
      expect((await stats()).violations).toBe(0);
    });

    it('updates an order the platform changed while nobody has worked on it, and flags one already in work', async () => {
      const [untouched, inWork] = [ecOrderIds[10], ecOrderIds[11]];
      const worked = await orderedFromMaker(inWork);

      await platform.standin().control('PATCH', `/orders/${untouched}`, { buyerName: '変更後 購入者' });
      await platform.standin().control('PATCH', `/orders/${inWork}`, { buyerName: '作業中に変更' });
      const run = await runImport();
      expect(run.last_run).toMatchObject({ imported: 0, updated: 1, flagged: 1 });
      const [updated] = await api.dataSource.query(`SELECT buyer_name FROM orders WHERE shop_id = $1 AND ec_order_id = $2`, [shopId, untouched]);
      expect(updated.buyer_name).toBe('変更後 購入者');
      const [kept] = await api.dataSource.query(
        `SELECT o.buyer_name, array_agg(e.code) AS codes FROM orders o JOIN order_errors e ON e.order_id = o.id WHERE o.id = $1 GROUP BY o.buyer_name`,
        [worked.id],
      );
      expect(kept.buyer_name).toBe('購入者 11');
      expect(kept.codes).toContain('NAL-SHOP-024');
    });

    it('shows a longer outage on the connection, and imports again once the platform is back', async () => {
      await platform.standin().control('POST', '/outage', { count: 1000, status: 503 });
      await api.http.post(`/api/v1/shops/${shopId}/connection/fetch-now`).set('Authorization', auth).expect(202);
      const down = await until(connection, (c) => c.status === 'failing', 60_000, 'failing status');
      expect(down.last_error).toMatch(/^unavailable: .*503/);
      // Every try failed (JOB_ATTEMPTS): the run waits for the next schedule or 'fetch now'.
      await platform.standin().control('POST', '/outage', { count: 0, status: 503 });
      const back = await runImport();
      expect(back).toMatchObject({ status: 'ok', last_error: null });
    });

    it('rides out an outage: the calls are retried with backoff until the run goes through', async () => {
      await platform.standin().control('POST', '/outage', { count: 2, status: 503 });
      await platform.standin().control('PATCH', `/orders/${ecOrderIds[20]}`, { buyerName: '障害後の変更' });
      const run = await runImport();
      expect(run.status).toBe('ok');
      expect(run.last_run.updated).toBe(1);
      const [after] = await api.dataSource.query(`SELECT buyer_name FROM orders WHERE shop_id = $1 AND ec_order_id = $2`, [shopId, ecOrderIds[20]]);
      expect(after.buyer_name).toBe('障害後の変更');
      expect((await stats()).violations).toBe(0);
    });

    it('sends the tracking code back once when the order ships, and sets the sent-to-origin flag', async () => {
      const ecOrderId = ecOrderIds[30];
      let order = await orderedFromMaker(ecOrderId);
      const row = { id: order.id };
      const put = async (command: string, body: object) => {
        const res = await api.http.put(`/api/v1/orders/${order.id}/${command}`).set('Authorization', auth).send({ version: order.version, line_ids: order.lineIds.map(Number), ...body });
        if (res.status !== 200) throw new Error(`${command}: ${res.status} ${JSON.stringify(res.body)}`);
        order = { ...order, version: res.body.data.version };
      };
      const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      await put('maker_received_process', { maker_receive_date: today, confirm_status: 1 });
      await put('maker_ship_process', { ship_date: today, delivery_company_id: companyId, tracking_code: 'TRK-1234' });

      await until(
        async () => (await api.dataSource.query(`SELECT sent_to_origin_flag FROM orders WHERE id = $1`, [row.id]))[0].sent_to_origin_flag,
        (flag) => flag === 1,
        60_000,
        'sent-to-origin flag',
      );
      const sent = (await stats()).trackingUpdates.filter((t) => t.ecOrderId === ecOrderId);
      expect(sent).toEqual([expect.objectContaining({ trackingNumber: 'TRK-1234' })]);

      // The same event delivered again sends nothing again.
      const [event] = await api.dataSource.query(`SELECT id FROM outbox_events WHERE type = 'order.shipped' AND aggregate_id = $1 ORDER BY id DESC LIMIT 1`, [row.id]);
      await world.queues.get('shop-platform-sync').add('order.shipped', (await world.queues.get('shop-platform-sync').getJob(event.id))!.data, { jobId: `again-${event.id}` });
      await new Promise((r) => setTimeout(r, 3000));
      expect((await stats()).trackingUpdates.filter((t) => t.ecOrderId === ecOrderId)).toHaveLength(1);
      expect((await stats()).violations).toBe(0);
    });

    it('sends every maker\'s code of an order shipped in parts, and marks it done only when the last part has gone', async () => {
      const ecOrderId = ecOrderIds[9];
      let order = await orderedFromMaker(ecOrderId);
      const linesOf = async (maker: string) =>
        (await api.dataSource.query(`SELECT id::text FROM order_lines WHERE order_id = $1 AND maker_id = $2`, [order.id, maker])).map((r: { id: string }) => Number(r.id));
      const ship = async (maker: string, code: string) => {
        const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
        for (const [command, body] of [
          ['maker_received_process', { maker_receive_date: today, confirm_status: 1 }],
          ['maker_ship_process', { ship_date: today, delivery_company_id: companyId, tracking_code: code }],
        ] as const) {
          const res = await api.http.put(`/api/v1/orders/${order.id}/${command}`).set('Authorization', auth).send({ version: order.version, line_ids: await linesOf(maker), ...body });
          if (res.status !== 200) throw new Error(`${command}: ${res.status} ${JSON.stringify(res.body)}`);
          order = { ...order, version: res.body.data.version };
        }
      };
      const sentFor = async () => (await stats()).trackingUpdates.filter((t) => t.ecOrderId === ecOrderId).map((t) => t.trackingNumber);
      const flag = async () => (await api.dataSource.query(`SELECT sent_to_origin_flag FROM orders WHERE id = $1`, [order.id]))[0].sent_to_origin_flag;

      await ship(makerId, 'PART-A');
      await until(sentFor, (sent) => sent.length === 1, 60_000, 'first part sent');
      expect(await sentFor()).toEqual(['PART-A']);
      expect(await flag()).toBe(0);

      await ship(secondMakerId, 'PART-B');
      await until(flag, (f) => f === 1, 60_000, 'sent-to-origin flag');
      expect(await sentFor()).toEqual(['PART-A', 'PART-A,PART-B']);
    });
  });

  it('says what failed when the platform refuses the credentials, and the connection shows it', async () => {
    const shop = await api.http
      .post('/api/v1/shops')
      .set('Authorization', auth)
      .send({ name: '認証違いの店', code: `bad-${Date.now()}`, type: 'platform_1', ec_shop_id: 'ms-demo', order_auth_code: 'not-the-token' })
      .expect(201);
    const res = await api.http.post(`/api/v1/shops/${shop.body.data.id}/connection/test`).set('Authorization', auth).expect(200);
    expect(res.body.data).toMatchObject({ ok: false, kind: 'auth', message: expect.any(String) });
    const view = (await api.http.get(`/api/v1/shops/${shop.body.data.id}/connection`).set('Authorization', auth).expect(200)).body.data;
    expect(view.status).toBe('failing');
    expect(view.last_error).toMatch(/^auth: /);
    expect(view.last_error).not.toContain('not-the-token');
  });
});

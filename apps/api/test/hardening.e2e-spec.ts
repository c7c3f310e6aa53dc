import { issueConfirmLink } from '@oms/infra';
import { givenOrder } from './support/order-fixtures';
import { orderBody, shopRow } from './support/order-form';
import { download, expectErrorEnvelope, signInThroughProvider, TestApp, useTestApi } from './support/test-app';

/**
 * What a hostile probe found (issue 19), each point as it must hold now: revoked accounts lose their
 * power at once, no value is silently made a number, hostile shapes answer 4xx, two tabs refreshing
 * together stay signed in, full-width formula starters are neutralised, and every answer carries the
 * security headers.
 */
describe('hardening', () => {
  const ctx = useTestApi({ REFRESH_REUSE_GRACE_SECONDS: '2', AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
  const api = () => ctx.api;

  describe('revoked accounts lose their power at once', () => {
    const createCustomer = (auth: string) => api().http.post('/api/v1/customers').set('Authorization', auth).send({ name: '山田 太郎' });

    it('a deleted operator cannot create a customer with the token it still holds', async () => {
      const admin = await api().signedIn('system_admin');
      const operator = await api().signedIn('operator');
      await createCustomer(operator.auth).expect(201);
      await api().http.delete(`/api/v1/users/${operator.id}`).set('Authorization', admin.auth).expect(204);
      expectErrorEnvelope((await createCustomer(operator.auth).expect(401)).body, 'NAL-401');
    });

    it('a disabled approver cannot list the accounts', async () => {
      const admin = await api().signedIn('system_admin');
      const approver = await api().signedIn('approver');
      await api().http.get('/api/v1/users').set('Authorization', approver.auth).expect(200);
      const { body } = await api().http.get(`/api/v1/users/${approver.id}`).set('Authorization', admin.auth).expect(200);
      await api()
        .http.put(`/api/v1/users/${approver.id}`)
        .set('Authorization', admin.auth)
        .send({ email: body.data.email, name: body.data.name, role: 'approver', status: 'invalid', version: body.data.version })
        .expect(200);
      expectErrorEnvelope((await api().http.get('/api/v1/users').set('Authorization', approver.auth).expect(401)).body, 'NAL-401');
      // Enabled again, the old token stays dead: the security stamp moved on when it was disabled.
      const again = await api().http.get(`/api/v1/users/${approver.id}`).set('Authorization', admin.auth).expect(200);
      await api()
        .http.put(`/api/v1/users/${approver.id}`)
        .set('Authorization', admin.auth)
        .send({ email: body.data.email, name: body.data.name, role: 'approver', status: 'valid', version: again.body.data.version })
        .expect(200);
      await api().http.get('/api/v1/users').set('Authorization', approver.auth).expect(401);
    });

    it('a demoted approver acts with the new role at once', async () => {
      const admin = await api().signedIn('system_admin');
      const approver = await api().signedIn('approver');
      await api().http.get('/api/v1/users').set('Authorization', approver.auth).expect(200);
      const { body } = await api().http.get(`/api/v1/users/${approver.id}`).set('Authorization', admin.auth).expect(200);
      await api()
        .http.put(`/api/v1/users/${approver.id}`)
        .set('Authorization', admin.auth)
        .send({ email: body.data.email, name: body.data.name, role: 'operator', version: body.data.version })
        .expect(200);
      expectErrorEnvelope((await api().http.get('/api/v1/users').set('Authorization', approver.auth).expect(403)).body, 'NAL-403');
      // …and gains what the new role may do: /me says so too.
      await createCustomer(approver.auth).expect(201);
      expect((await api().http.get('/api/v1/me').set('Authorization', approver.auth).expect(200)).body.data.role).toBe('operator');
    });

    it('a demoted and disabled system_admin no longer drives the queue dashboard, with its bearer or its cookie', async () => {
      const admin = await api().signedIn('system_admin');
      const target = await api().signedIn('system_admin');
      const { body: media } = await api().http.get('/api/v1/medias/token').set('Authorization', target.auth).expect(200);
      const open = await api().http.get(`/api/v1/admin/queues?token=${media.data.token}`).expect(302);
      const cookie = ((open.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('oms_queues='))!.split(';')[0];
      await api().http.get('/api/v1/admin/queues/api/queues').set('Authorization', target.auth).expect(200);
      await api().http.get('/api/v1/admin/queues/api/queues').set('Cookie', cookie).expect(200);
      const { body } = await api().http.get(`/api/v1/users/${target.id}`).set('Authorization', admin.auth).expect(200);
      await api()
        .http.put(`/api/v1/users/${target.id}`)
        .set('Authorization', admin.auth)
        .send({ email: body.data.email, name: body.data.name, role: 'operator', status: 'invalid', version: body.data.version })
        .expect(200);
      expectErrorEnvelope((await api().http.get('/api/v1/admin/queues/api/queues').set('Authorization', target.auth).expect(401)).body, 'NAL-401');
      expectErrorEnvelope((await api().http.get('/api/v1/admin/queues/api/queues').set('Cookie', cookie).expect(401)).body, 'NAL-401');
    });

    it('a download (media) token dies with its account', async () => {
      const operator = await api().signedIn('operator');
      const { body } = await api().http.get('/api/v1/medias/token').set('Authorization', operator.auth).expect(200);
      const exportUrl = `/api/v1/products/export?token=${body.data.token}`;
      await api().http.get(exportUrl).expect(200);
      await api().dataSource.query(`UPDATE users SET status = 'invalid' WHERE id = $1`, [operator.id]);
      await eventually(async () => (await api().http.get(exportUrl)).status === 401);
      expectErrorEnvelope((await api().http.get(exportUrl).expect(401)).body, 'NAL-LO-07');
    });

    it('another API process hears of a change from PostgreSQL within a second', async () => {
      // A second copy of the API on the same database, as behind a load balancer.
      const other = await TestApp.start(ctx.env.config);
      try {
        const operator = await api().signedIn('operator');
        await other.http.get('/api/v1/customers').set('Authorization', operator.auth).expect(200); // cached there now
        // Changed by hand in the database, as an operator with psql would: the trigger notifies every copy.
        await api().dataSource.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [operator.id]);
        const started = Date.now();
        await eventually(async () => (await other.http.get('/api/v1/customers').set('Authorization', operator.auth)).status === 401, 1000);
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        await other.close();
      }
    });
  });

  describe('no silent zeros: a number takes a number', () => {
    let operator: { auth: string };
    let shopId: string;
    let makerId: string;
    beforeAll(async () => {
      operator = await api().signedIn('system_admin');
      shopId = await shopRow(api());
      makerId = (await api().maker()).id;
    });
    const product = (over: object) => ({ product_code: `Z-${Math.random().toString(36).slice(2, 8)}`, product_name: '椅子', shop_id: Number(shopId), maker_id: Number(makerId), price: 1000, tax_percentage: 10, shipping_type: 'direct_delivery', ...over });
    const fieldErrors = (res: { body: { error: { errors: unknown[] } } }) => res.body.error.errors;

    it.each([
      ['price', '', 'required'],
      ['price', ' ', 'integer'],
      ['price', true, 'integer'],
      ['price', '0x10', 'integer'],
      ['price', '16', 'integer'],
      ['price', 1.5, 'integer'],
      ['tax_percentage', '', 'required'],
      ['tax_percentage', null, 'required'],
      ['wholesale_price', '', 'integer'],
      ['shop_id', '', 'required'],
      ['shop_id', '0x1', 'integer'],
      ['is_display', 'true', 'in'],
      ['is_display', null, 'required'],
      ['product_name', 123, 'invalid'],
    ])('a product with %s = %j answers 422 %s and stores nothing', async (field, value, code) => {
      const body = product({ [field]: value });
      const res = await api().http.post('/api/v1/products').set('Authorization', operator.auth).send(body).expect(422);
      expect(fieldErrors(res)).toContainEqual(expect.objectContaining({ field, error_code: code }));
      expect((await api().dataSource.query(`SELECT count(*)::int AS n FROM products WHERE product_code = $1`, [body.product_code]))[0].n).toBe(0);
    });

    it('an order refuses an empty send-mail flag and a number as the delivery address', async () => {
      for (const [field, value, code] of [
        ['send_mail_flag', '', 'required'],
        ['send_mail_flag', ' ', 'in'],
        ['delivery_address', 12345, 'invalid'],
        ['delivery_address', true, 'invalid'],
        ['buyer_name', 12345, 'invalid'],
      ] as const) {
        // With an EDI note, the note's length rule reads the address too: it must not trip over a number.
        const res = await api().http.post('/api/v1/orders').set('Authorization', operator.auth).send(orderBody(shopId, makerId, { edi_note: '置き配', [field]: value }));
        expect(res.status).toBe(422);
        expect(fieldErrors(res)).toContainEqual(expect.objectContaining({ field, error_code: code }));
      }
    });

    it('the order option refuses an empty default tax percent instead of setting 0 %', async () => {
      const { body } = await api().http.get('/api/v1/settings/option').set('Authorization', operator.auth).expect(200);
      for (const value of ['', null, ' ', '8']) {
        const res = await api().http.put('/api/v1/settings/option').set('Authorization', operator.auth).send({ default_tax_percent: value, version: body.data.version }).expect(422);
        expect(fieldErrors(res)[0]).toMatchObject({ field: 'default_tax_percent' });
      }
      expect((await api().http.get('/api/v1/settings/option').set('Authorization', operator.auth).expect(200)).body.data.default_tax_percent).toBe(body.data.default_tax_percent);
    });

    it('an account refuses null for a status or the social sign-in flag (never a 500)', async () => {
      const target = await api().user('operator');
      const { body } = await api().http.get(`/api/v1/users/${target.id}`).set('Authorization', operator.auth).expect(200);
      for (const field of ['status', 'allow_social_login']) {
        const res = await api()
          .http.put(`/api/v1/users/${target.id}`)
          .set('Authorization', operator.auth)
          .send({ email: body.data.email, name: body.data.name, role: 'operator', [field]: null, version: body.data.version })
          .expect(422);
        expect(fieldErrors(res)).toEqual([{ field, error_code: 'required' }]);
      }
    });

    it('query strings take plain decimals only', async () => {
      for (const query of ['page=0x10', 'page=%201', 'page=', 'per_page=1e2', 'shop_id=99999999999999999999999', 'shop_id=-1', 'maker_id=1.5']) {
        const res = await api().http.get(`/api/v1/products?${query}`).set('Authorization', operator.auth);
        expect({ query, status: res.status }).toEqual({ query, status: 422 });
      }
      await api().http.get('/api/v1/products?page=1&per_page=20&shop_id=1&shop_id=2').set('Authorization', operator.auth).expect(200);
    });
  });

  describe('hostile shapes answer 4xx', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

    it('refuses JSON nested past 32 levels with 400, on public routes too, before anything walks it', async () => {
      for (const path of ['/api/v1/auth/login-with-token', '/api/v1/maker-confirmations/x'.padEnd(60, 'x')]) {
        const res = await api().http.post(path).set('Content-Type', 'application/json').send(`{"token": ${nested(1300)}}`);
        expect(res.status).toBe(400);
        expectErrorEnvelope(res.body, 'NAL-400');
      }
      // 31 levels inside the object still reach validation (a token must be text).
      const ok = await api().http.post('/api/v1/auth/login-with-token').set('Content-Type', 'application/json').send(`{"token": ${nested(31)}}`);
      expect(ok.status).toBe(422);
      // Brackets inside strings do not count.
      const text = await api().http.post('/api/v1/auth/login-with-token').send({ token: '['.repeat(100) });
      expect(text.status).toBe(400);
      expectErrorEnvelope(text.body, 'NAL-LO-05');
    });

    it('refuses dates outside 2000–2100', async () => {
      const admin = await api().signedIn('system_admin');
      const shopId = await shopRow(api());
      const makerId = (await api().maker()).id;
      for (const date of ['1999-12-31', '2101-01-01', '0202-01-01']) {
        const res = await api().http.post('/api/v1/orders').set('Authorization', admin.auth).send(orderBody(shopId, makerId, { order_date: date })).expect(422);
        expect(res.body.error.errors).toContainEqual({ field: 'order_date', error_code: 'date_out_of_range', params: { min: '2000-01-01', max: '2100-12-31' } });
      }
      const timeline = await api().http.post('/api/v1/settings/time_shipments').set('Authorization', admin.auth).send({ month: '2026-01', start_date: '2026-01-01', finish_date: '2101-01-31' }).expect(422);
      expect(timeline.body.error.errors).toContainEqual(expect.objectContaining({ field: 'finish_date', error_code: 'date_out_of_range' }));
    });
  });

  describe('two tabs refreshing together stay signed in', () => {
    const refreshCookieOf = (res: { headers: Record<string, unknown> }) => ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('oms_refresh='))?.split(';')[0];

    it('gives both the same successor, and later reuse of the old token still revokes the family', async () => {
      const email = `tabs.${Date.now()}@example.com`;
      await api().user('operator', { email });
      const { callback } = await signInThroughProvider(api(), 'google', email);
      const cookie = refreshCookieOf(callback)!;
      const [a, b] = await Promise.all([api().http.post('/api/v1/auth/refresh').set('Cookie', cookie), api().http.post('/api/v1/auth/refresh').set('Cookie', cookie)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(refreshCookieOf(a)).toBe(refreshCookieOf(b));
      const successor = refreshCookieOf(a)!;
      // The successor works, and rotates on as usual.
      const next = await api().http.post('/api/v1/auth/refresh').set('Cookie', successor).expect(200);
      expect(refreshCookieOf(next)).not.toBe(successor);
      // Outside the window (2 s here), the old token is reuse: the whole family is revoked.
      await new Promise((r) => setTimeout(r, 2500));
      expectErrorEnvelope((await api().http.post('/api/v1/auth/refresh').set('Cookie', cookie).expect(401)).body, 'NAL-LO-06');
      await api().http.post('/api/v1/auth/refresh').set('Cookie', refreshCookieOf(next)!).expect(401);
    });

    it('signs nobody out when three pairs of tabs refresh together', async () => {
      for (let trial = 0; trial < 3; trial++) {
        const email = `pair${trial}.${Date.now()}@example.com`;
        await api().user('operator', { email });
        const { callback } = await signInThroughProvider(api(), 'microsoft', email);
        const cookie = refreshCookieOf(callback)!;
        const answers = await Promise.all([1, 2].map(() => api().http.post('/api/v1/auth/refresh').set('Cookie', cookie)));
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        await api().http.post('/api/v1/auth/refresh').set('Cookie', refreshCookieOf(answers[1])!).expect(200);
      }
    });
  });

  describe('headers', () => {
    it('sends the security headers and no X-Powered-By on every answer, and no-store on personal data', async () => {
      const operator = await api().signedIn('operator');
      const answers = [
        await api().http.get('/api/v1/health'),
        await api().http.get('/api/v1/customers').set('Authorization', operator.auth),
        await api().http.get('/api/v1/no-such-route').set('Authorization', operator.auth),
        await api().http.post('/api/v1/auth/refresh'),
      ];
      for (const res of answers) {
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('the maker confirmation view (a delivery name, address and phone) is never stored by a browser or proxy', async () => {
      const maker = await api().maker();
      const order = await givenOrder(api(), { lines: [{ makerId: maker.id, status: 3 }] });
      const token = await api().dataSource.transaction(async (m) => {
        const [sheet] = await m.query(
          `INSERT INTO order_sheets (order_id, maker_id, revision, event_id, reason, method, recipient, status, line_ids)
           VALUES ($1, $2, 1, gen_random_uuid(), 'ordered', 'email', 'm@example.jp', 'sent', '{}') RETURNING id::text`,
          [order.id, maker.id],
        );
        return issueConfirmLink(m, { orderId: order.id, makerId: maker.id, sheetId: sheet.id, expiresAt: new Date(Date.now() + 86_400_000) });
      });
      const res = await api().http.get(`/api/v1/maker-confirmations/${token}`).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    });
  });

  describe('exports', () => {
    /**
     * Japanese Excel runs ＝ ＋ － ＠ (typed with a Japanese input method) like their ASCII twins. Both
     * exports answer the signed URL itself as `data`, on the configured public address.
     */
    it('neutralise full-width formula starters in the product, customer and order CSVs', async () => {
      const admin = await api().signedIn('system_admin');
      const shopId = await shopRow(api());
      const makerId = (await api().maker()).id;
      await api()
        .http.post('/api/v1/products')
        .set('Authorization', admin.auth)
        .send({ product_code: '＠FW-1', product_name: '＝HYPERLINK("http://evil")', shop_id: Number(shopId), maker_id: Number(makerId), price: 100, tax_percentage: 10, shipping_type: 'direct_delivery' })
        .expect(201);
      const customer = await api().http.post('/api/v1/customers').set('Authorization', admin.auth).send({ name: '＝HYPERLINK("x")', address: '－1 丁目' }).expect(201);
      const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      await api().http.post('/api/v1/orders').set('Authorization', admin.auth).send(orderBody(shopId, makerId, { order_date: today, buyer_name: '＋SUM(1)', delivery_address: '＠東京' })).expect(201);

      const { body: media } = await api().http.get('/api/v1/medias/token').set('Authorization', admin.auth).expect(200);
      const products = (await api().http.get(`/api/v1/products/export?token=${media.data.token}`).buffer(true).expect(200)).text;
      const customers = await api().http.post('/api/v1/customers/export').set('Authorization', admin.auth).send({ customer_ids: [customer.body.data.id] }).expect(200);
      const orders = await api().http.post('/api/v1/orders/export').set('Authorization', admin.auth).send({ date_kind: 1, from: today, to: today }).expect(200);
      for (const res of [customers, orders]) {
        expect(typeof res.body.data).toBe('string');
        expect(res.body.data.startsWith(`${ctx.env.config.PUBLIC_API_URL}/api/v1/medias/download?`)).toBe(true);
      }
      const customersCsv = (await download(api(), customers.body.data)).bytes.toString('utf8');
      const ordersCsv = (await download(api(), orders.body.data)).bytes.toString('utf8');
      expect(products).toContain(`'＠FW-1`);
      expect(products).toContain(`"'＝HYPERLINK(""http://evil"")"`);
      expect(customersCsv).toContain(`"'＝HYPERLINK(""x"")"`);
      expect(customersCsv).toContain(`'－1 丁目`);
      expect(ordersCsv).toContain(`'＋SUM(1)`);
      expect(ordersCsv).toContain(`'＠東京`);
    });
  });
});

/** Polls `check` until it holds or `ms` pass. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

import { startShopStandin, ShopStandin } from './support/shop-standins';
import { expectErrorEnvelope, TestApp } from './support/test-app';
import { startTestEnvironment, TestEnvironment } from './support/test-env';

jest.setTimeout(120_000);

/**
 * A shop's platform connection through HTTP (issue 17): the schedule's limits and version, what a call
 * needs before it is made, the payment mapping table, and Color Me's OAuth2 authorization against its
 * local stand-in (auto-approving, as staff pressing "allow"). The calls to the platforms themselves run
 * in the workers: apps/workers/test/shop-platforms.int-spec.ts.
 */
describe('shop connections', () => {
  let colorme: ShopStandin;
  let env: TestEnvironment;
  let api: TestApp;
  let auth: string;

  beforeAll(async () => {
    colorme = await startShopStandin('colorme', { COLORME_STANDIN_AUTO_APPROVE: '1' });
    env = await startTestEnvironment({
      COLORME_API_BASE_URL: colorme.url,
      COLORME_AUTH_BASE_URL: colorme.url,
      COLORME_CLIENT_ID: 'oms-test-colorme',
      COLORME_CLIENT_SECRET: 'colorme-test-secret',
    });
    api = await TestApp.start(env.config);
    await colorme.control('POST', '/clients', {
      client_id: 'oms-test-colorme',
      client_secret: 'colorme-test-secret',
      redirect_uris: [`${env.config.PUBLIC_API_URL}/api/v1/shop-connections/oauth/callback`],
    });
    auth = (await api.signedIn('approver')).auth;
  });

  afterAll(async () => {
    await api?.close();
    await env?.stop();
    await colorme?.stop();
  });

  let made = 0;
  const shop = async (type: 'platform_1' | 'platform_2', over: object = {}) =>
    String((await api.http.post('/api/v1/shops').set('Authorization', auth).send({ name: `連携 ${++made}`, code: `CONN-${made}-${Date.now()}`, type, ...over }).expect(201)).body.data.id);
  const connection = async (id: string) => (await api.http.get(`/api/v1/shops/${id}/connection`).set('Authorization', auth).expect(200)).body.data;
  const save = (id: string, body: object) => api.http.put(`/api/v1/shops/${id}/connection`).set('Authorization', auth).send(body);

  it('answers a new shop\'s connection with what it lacks, never a credential', async () => {
    const id = await shop('platform_1', { ec_shop_id: 'ms-1' });
    const view = await connection(id);
    expect(view).toMatchObject({ platform: 'platform_1', status: 'not_connected', missing_credentials: ['order_auth_code'], oauth_available: false, import_enabled: false, version: 0 });
    await api.http.put(`/api/v1/shops/${id}`).set('Authorization', auth).send({ name: '連携 済', code: `CONN-X-${Date.now()}`, type: 'platform_1', order_auth_code: 'secret-code', version: 1 }).expect(200);
    const after = await connection(id);
    expect(after.missing_credentials).toEqual([]);
    expect(JSON.stringify(after)).not.toContain('secret-code');
    expect((await connection(await shop('platform_2'))).missing_credentials).toEqual(['authorization']);
  });

  it('keeps the interval within 5 to 1440 minutes, and the version read', async () => {
    const id = await shop('platform_1', { ec_shop_id: 'ms-2', order_auth_code: 'code' });
    for (const minutes of [4, 1441, 0, 2.5]) {
      const res = await save(id, { import_enabled: true, import_interval_minutes: minutes, version: 0 }).expect(422);
      expect(res.body.error.errors).toEqual([expect.objectContaining({ field: 'import_interval_minutes' })]);
    }
    await save(id, { import_enabled: true, import_interval_minutes: 5, version: 0 }).expect(200);
    expectErrorEnvelope((await save(id, { import_enabled: true, import_interval_minutes: 1440, version: 0 }).expect(400)).body, 'NAL-SHOP-003');
    const saved = (await save(id, { import_enabled: true, import_interval_minutes: 1440, import_from: '2026-11-01', version: 1 }).expect(200)).body.data;
    expect(saved).toMatchObject({ import_enabled: true, import_interval_minutes: 1440, import_from: '2026-11-01', version: 2 });
    await save(id, { import_enabled: true, import_interval_minutes: 60, import_from: '2026-13-01', version: 2 }).expect(422);
    const events = await api.dataSource.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'shop_connection.saved' AND aggregate_id = $1`, [id]);
    expect(events[0].n).toBe(2);
  });

  it('refuses to schedule, test or fetch without the platform\'s credentials, and writes nothing', async () => {
    const id = await shop('platform_1');
    expectErrorEnvelope((await save(id, { import_enabled: true, import_interval_minutes: 15, version: 0 }).expect(400)).body, 'NAL-SHOP-004');
    expect((await connection(id)).version).toBe(0);
    for (const call of ['test', 'fetch-now']) {
      const res = await api.http.post(`/api/v1/shops/${id}/connection/${call}`).set('Authorization', auth).expect(400);
      expectErrorEnvelope(res.body, 'NAL-SHOP-004');
      expect(res.body.error.params.missing).toBe('ec_shop_id, order_auth_code');
    }
    await api.http.get('/api/v1/shops/999999/connection').set('Authorization', auth).expect(404);
    // A stopped schedule needs nothing.
    await save(id, { import_enabled: false, import_interval_minutes: 15, version: 0 }).expect(200);
  });

  it('keeps the shop\'s payment mapping table: each code once, each method one of ours', async () => {
    const id = await shop('platform_1');
    const put = (mappings: object[]) => api.http.put(`/api/v1/shops/${id}/connection/payment-mappings`).set('Authorization', auth).send({ mappings });
    const dup = await put([{ ec_payment_code: 'R', payment_method_id: 3 }, { ec_payment_code: 'R', payment_method_id: 1 }]).expect(422);
    expect(dup.body.error.errors).toEqual([expect.objectContaining({ field: 'mappings.1.ec_payment_code', error_code: 'unique' })]);
    const unknown = await put([{ ec_payment_code: 'R', payment_method_id: 999 }]).expect(422);
    expect(unknown.body.error.errors).toEqual([expect.objectContaining({ field: 'mappings.0.payment_method_id', error_code: 'exists' })]);
    await put([{ ec_payment_code: 'x'.repeat(51) }]).expect(422);
    await put([{}]).expect(422);
    expect((await api.http.get(`/api/v1/shops/${id}/connection/payment-mappings`).set('Authorization', auth).expect(200)).body.data).toEqual([]);

    const saved = (await put([{ ec_payment_code: 'R', ec_payment_name: '代金引換', payment_method_id: 3 }, { ec_payment_code: 'N', ec_payment_name: 'NP後払い' }]).expect(200)).body.data;
    expect(saved).toEqual([
      { ec_payment_code: 'N', ec_payment_name: 'NP後払い', payment_method_id: null },
      { ec_payment_code: 'R', ec_payment_name: '代金引換', payment_method_id: 3 },
    ]);
    // The whole table: a code left out is removed.
    expect((await put([{ ec_payment_code: 'R', ec_payment_name: '代金引換', payment_method_id: 3 }]).expect(200)).body.data).toHaveLength(1);
  });

  describe('Color Me authorization (OAuth2 code flow)', () => {
    const start = async (id: string) => (await api.http.post(`/api/v1/shops/${id}/connection/authorization`).set('Authorization', auth).expect(200)).body.data.authorize_url as string;
    /** The platform's page, approving at once (the stand-in's auto-approve), answers with a redirect to our callback. */
    const platformAnswer = async (authorizeUrl: string) => {
      const res = await fetch(authorizeUrl, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location')!);
    };
    const callback = (search: string) => api.http.get(`/api/v1/shop-connections/oauth/callback${search}`);

    it('stores the token sealed, marks the shop authorized, and sends staff back to the console', async () => {
      const id = await shop('platform_2');
      const url = new URL(await start(id));
      expect(`${url.origin}${url.pathname}`).toBe(`${colorme.url}/oauth/authorize`);
      expect(url.searchParams.get('scope')).toContain('read_sales');
      expect(url.searchParams.get('scope')).toContain('write_sales');
      const back = await platformAnswer(url.toString());
      expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));

      const done = await callback(back.search).expect(302);
      expect(done.headers.location).toBe(`${env.config.CONSOLE_URL}/settings/shops/${id}/connection?authorization=ok`);
      const view = await connection(id);
      expect(view).toMatchObject({ status: 'ok', missing_credentials: [], oauth_available: true });
      expect(view.authorized_at).toEqual(expect.any(String));
      const [row] = await api.dataSource.query(`SELECT access_token_sealed, oauth_state_hash FROM shop_connections WHERE shop_id = $1`, [id]);
      expect(row.access_token_sealed).toMatch(/^v1:/);
      expect(row.oauth_state_hash).toBeNull();

      // The same answer again: its state was taken.
      expect((await callback(back.search).expect(302)).headers.location).toBe(`${env.config.CONSOLE_URL}/settings/shops?authorization=expired`);
    });

    it('says so when staff deny, when the state is unknown, or when the code is refused', async () => {
      const id = await shop('platform_2');
      const state = new URL(await start(id)).searchParams.get('state')!;
      expect((await callback(`?error=access_denied&state=${state}`).expect(302)).headers.location).toBe(
        `${env.config.CONSOLE_URL}/settings/shops/${id}/connection?authorization=denied&reason=access_denied`,
      );
      expect((await callback('?code=abc&state=not-ours').expect(302)).headers.location).toContain('authorization=expired');
      const again = new URL(await start(id)).searchParams.get('state')!;
      expect((await callback(`?code=forged&state=${again}`).expect(302)).headers.location).toMatch(new RegExp(`/settings/shops/${id}/connection\\?authorization=failed&reason=`));
      expect((await connection(id)).missing_credentials).toEqual(['authorization']);
    });

    it('is only for the OAuth platform', async () => {
      const id = await shop('platform_1');
      expectErrorEnvelope((await api.http.post(`/api/v1/shops/${id}/connection/authorization`).set('Authorization', auth).expect(400)).body, 'NAL-SHOP-005');
    });
  });
});

import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Res = { status: number; body: { error: { errors: unknown[] }; data: Record<string, unknown> } };
const errorsOf = (res: Res) => res.body.error.errors;

describe('settings API', () => {
  const ctx = useTestApi();
  let admin: Awaited<ReturnType<TestApp['signedIn']>>;
  let reader: Awaited<ReturnType<TestApp['signedIn']>>;

  beforeAll(async () => {
    admin = await ctx.api.signedIn('approver');
    reader = await ctx.api.signedIn('operator');
  });

  const send = (method: 'post' | 'put' | 'delete', path: string, body?: object) =>
    ctx.api.http[method](`/api/v1${path}`).set('Authorization', admin.auth).send(body) as unknown as Promise<Res>;
  const get = (path: string, auth = admin.auth) => ctx.api.http.get(`/api/v1${path}`).set('Authorization', auth);

  describe('shops', () => {
    const valid = { name: '楽天店', code: 'SHOP-1', type: 'platform_1' };
    let n = 0;
    const code = () => `S-${++n}`;
    const post = (body: object) => send('post', '/shops', { ...valid, code: code(), ...body });

    it('creates a shop with every field and answers no secret', async () => {
      const owner = await ctx.api.user('operator');
      const res = await send('post', '/shops', {
        ...valid,
        code: 'FULL-1',
        ec_shop_id: 'ec-shop-1',
        ec_password: 'Pa55word-ec',
        product_auth_code: 'prod-key-123456',
        order_auth_code: 'order-key-abcdef',
        member_auth_code: 'short',
        admin_url: 'https://admin.shop.example.jp/login',
        owner_user_id: Number(owner.id),
        np_limit_amount: 55000,
        edi_stop_amount: 5,
        order_reminder_days: 3,
        order_reminder_hour: 9,
        ship_reminder_days: 2,
        ship_reminder_hour: 18,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        code: 'FULL-1',
        type: 'platform_1',
        ec_password_set: true,
        ec_password_masked: '••••••ec',
        product_auth_code_set: true,
        member_auth_code_set: true,
        member_auth_code_masked: '••••••',
        owner_user_id: Number(owner.id),
        edi_stop_amount: 5,
        ship_reminder_hour: 18,
        version: 1,
      });
      const id = res.body.data.id;
      const one = await get(`/shops/${id}`).expect(200);
      expect(one.body.data).toMatchObject({ id, order_auth_code_masked: '••••••ef' });
    });

    describe('secrets are sealed', () => {
      const secrets = { ec_password: 'clear-EC-pass-777', product_auth_code: 'clear-PRODUCT-888', order_auth_code: 'clear-ORDER-999', member_auth_code: 'clear-MEMBER-000' };

      it('the columns hold no clear text and no answer contains the secret', async () => {
        const created = await post(secrets);
        expect(created.status).toBe(201);
        const id = created.body.data.id as number;
        const [row] = await ctx.api.dataSource.query(
          `SELECT ec_password_sealed, product_auth_code_sealed, order_auth_code_sealed, member_auth_code_sealed, row_to_json(shops)::text AS whole FROM shops WHERE id = $1`,
          [id],
        );
        for (const [field, plain] of Object.entries(secrets)) {
          const sealed = row[`${field}_sealed`] as string;
          expect(sealed).toMatch(/^v1:[0-9a-f]{8}:/);
          expect(sealed).not.toContain(plain);
          expect(row.whole).not.toContain(plain);
        }
        const answers = [
          created.body,
          (await get(`/shops/${id}`).expect(200)).body,
          (await get('/shops?per_page=200').expect(200)).body,
          (await get('/shops?per_page=200', reader.auth).expect(200)).body,
          (await send('put', `/shops/${id}`, { ...valid, code: 'SEALED', version: 1 })).body,
        ];
        for (const answer of answers) {
          const json = JSON.stringify(answer);
          for (const plain of Object.values(secrets)) expect(json).not.toContain(plain);
        }
      });

      it('on update: omitted or null keeps the secret, a string replaces it, empty clears it', async () => {
        const id = (await post(secrets)).body.data.id as number;
        const sealedOf = async () => (await ctx.api.dataSource.query(`SELECT ec_password_sealed, order_auth_code_sealed FROM shops WHERE id = $1`, [id]))[0];
        const before = await sealedOf();
        const put = (version: number, body: object) => send('put', `/shops/${id}`, { ...valid, code: `KEEP-${id}`, version, ...body });

        let res = await put(1, { ec_password: null });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ ec_password_set: true, order_auth_code_set: true });
        expect(await sealedOf()).toEqual(before);

        res = await put(2, { ec_password: 'brand-new-pass-42', order_auth_code: '' });
        expect(res.body.data).toMatchObject({ ec_password_set: true, ec_password_masked: '••••••42', order_auth_code_set: false, order_auth_code_masked: '' });
        const after = await sealedOf();
        expect(after.ec_password_sealed).not.toEqual(before.ec_password_sealed);
        expect(after.order_auth_code_sealed).toBeNull();
        expect(JSON.stringify(res.body)).not.toContain('brand-new-pass-42');
      });

      it('keeps spaces of a secret as typed, and refuses one over 255 characters', async () => {
        expect((await post({ ec_password: 'p'.repeat(255) })).status).toBe(201);
        expect(errorsOf(await post({ ec_password: 'p'.repeat(256) }))).toEqual([{ field: 'ec_password', error_code: 'max_length', params: { max: 255 } }]);
      });
    });

    describe('limits at their boundaries', () => {
      const texts: [string, string, number][] = [
        ['name', '名', 100],
        ['code', 'C', 30],
        ['ec_shop_id', 'e', 50],
      ];
      it.each(texts)('%s: %i characters pass, one more is refused', async (field, char, max) => {
        const at = char.repeat(max);
        const body = field === 'code' ? { [field]: at } : { [field]: at };
        const ok = field === 'code' ? await send('post', '/shops', { ...valid, ...body }) : await post(body);
        expect(ok.status).toBe(201);
        const over = await post({ [field]: at + char });
        expect(over.status).toBe(422);
        expect(errorsOf(over)).toEqual([{ field, error_code: 'max_length', params: { max } }]);
      });

      it('admin_url: 255 characters pass, 256 are refused, and it must be http(s)', async () => {
        const url = (len: number) => `https://a.example.jp/${'p'.repeat(len - 'https://a.example.jp/'.length)}`;
        expect((await post({ admin_url: url(255) })).status).toBe(201);
        expect(errorsOf(await post({ admin_url: url(256) }))).toEqual([{ field: 'admin_url', error_code: 'max_length', params: { max: 255 } }]);
        expect(errorsOf(await post({ admin_url: 'javascript:alert(1)' }))).toEqual([{ field: 'admin_url', error_code: 'NAL-SHOP-002' }]);
        expect((await post({ admin_url: 'http://admin.example.jp' })).status).toBe(201);
      });

      const ints: [string, number, number][] = [
        ['np_limit_amount', 0, 99_999_999],
        ['edi_stop_amount', 1, 30],
        ['order_reminder_days', 1, 7],
        ['ship_reminder_days', 1, 7],
        ['order_reminder_hour', 0, 23],
        ['ship_reminder_hour', 0, 23],
      ];
      it.each(ints)('%s: %i to %i pass, one beyond either end is refused', async (field, min, max) => {
        expect((await post({ [field]: min })).status).toBe(201);
        expect((await post({ [field]: max })).status).toBe(201);
        expect(errorsOf(await post({ [field]: min - 1 }))).toEqual([{ field, error_code: 'min', params: { min } }]);
        expect(errorsOf(await post({ [field]: max + 1 }))).toEqual([{ field, error_code: 'max', params: { max } }]);
        expect(errorsOf(await post({ [field]: 1.5 }))).toEqual([{ field, error_code: 'integer' }]);
      });

      it('requires name, code and a supported type', async () => {
        expect(errorsOf(await send('post', '/shops', { type: 'platform_3' }))).toEqual([
          { field: 'name', error_code: 'required' },
          { field: 'code', error_code: 'required' },
          { field: 'type', error_code: 'in', params: { values: 'platform_1,platform_2' } },
        ]);
        expect((await post({ type: 'platform_2' })).status).toBe(201);
      });
    });

    describe('the contact makers reach the shop at (order sheets, Reply-To)', () => {
      const contact = { contact_company: '株式会社テスト家具', contact_person: '発注担当 佐藤', contact_phone: '03-1234-5678', contact_fax: '03-1234-5679', contact_email: 'order@test-kagu.example.jp' };

      it('is saved, answered and cleared with the shop', async () => {
        const created = await post(contact);
        expect(created.status).toBe(201);
        expect(created.body.data).toMatchObject(contact);
        const id = created.body.data.id;
        const kept = await send('put', `/shops/${id}`, { ...valid, code: created.body.data.code, version: 1, contact_person: '発注担当 鈴木' });
        expect(kept.body.data).toMatchObject({ ...contact, contact_person: '発注担当 鈴木' });
        const cleared = await send('put', `/shops/${id}`, { ...valid, code: created.body.data.code, version: 2, contact_fax: null });
        expect(cleared.body.data).toMatchObject({ contact_fax: null, contact_company: '株式会社テスト家具', contact_email: contact.contact_email });
        // All of it cleared: the sheets print the company-wide sender again.
        const none = { contact_company: '', contact_person: null, contact_phone: '', contact_email: '' };
        const gone = await send('put', `/shops/${id}`, { ...valid, code: created.body.data.code, version: 3, ...none });
        expect(gone.body.data).toMatchObject({ contact_company: null, contact_person: null, contact_phone: null, contact_fax: null, contact_email: null });
      });

      it('needs the e-mail once any contact is given, on create and when an update clears it', async () => {
        const res = await post({ contact_person: '発注担当 鈴木', contact_phone: '03-1234-5678' });
        expect([res.status, errorsOf(res)]).toEqual([422, [{ field: 'contact_email', error_code: 'required' }]]);
        const created = await post({ contact_person: '発注担当 鈴木', contact_email: 'hacchu@example.jp' });
        expect(created.status).toBe(201);
        const cleared = await send('put', `/shops/${created.body.data.id}`, { ...valid, code: created.body.data.code, version: 1, contact_email: '' });
        expect([cleared.status, errorsOf(cleared)]).toEqual([422, [{ field: 'contact_email', error_code: 'required' }]]);
      });

      it('refuses what is not a name, a phone or an e-mail, and changes nothing', async () => {
        const [{ count: before }] = await ctx.api.dataSource.query(`SELECT count(*)::int AS count FROM shops`);
        const bad = await post({ contact_company: '社'.repeat(101), contact_person: '人'.repeat(101), contact_phone: '03-xxxx-5678', contact_fax: '0'.repeat(16), contact_email: 'not-an-address' });
        expect(bad.status).toBe(422);
        expect(errorsOf(bad)).toEqual([
          { field: 'contact_company', error_code: 'max_length', params: { max: 100 } },
          { field: 'contact_person', error_code: 'max_length', params: { max: 100 } },
          { field: 'contact_phone', error_code: 'phone_format' },
          { field: 'contact_fax', error_code: 'max_length', params: { max: 15 } },
          { field: 'contact_email', error_code: 'email_invalid' },
        ]);
        const [{ count: after }] = await ctx.api.dataSource.query(`SELECT count(*)::int AS count FROM shops`);
        expect(after).toBe(before);
      });
    });

    it('code is unique among live shops, ignoring case, and free again after a delete', async () => {
      const first = await send('post', '/shops', { ...valid, code: 'UNIQ-A' });
      expect(first.status).toBe(201);
      const clash = await send('post', '/shops', { ...valid, code: 'uniq-a' });
      expect(clash.status).toBe(422);
      expect(errorsOf(clash)).toEqual([{ field: 'code', error_code: 'unique' }]);
      const other = (await send('post', '/shops', { ...valid, code: 'UNIQ-B' })).body.data;
      expect(errorsOf(await send('put', `/shops/${other.id}`, { ...valid, code: 'Uniq-A', version: 1 }))).toEqual([{ field: 'code', error_code: 'unique' }]);

      expect((await send('delete', `/shops/${first.body.data.id}`)).status).toBe(204);
      expect((await send('delete', `/shops/${first.body.data.id}`)).status).toBe(404);
      await get(`/shops/${first.body.data.id}`).expect(404);
      const [row] = await ctx.api.dataSource.query(`SELECT deleted_at FROM shops WHERE id = $1`, [first.body.data.id]);
      expect(row.deleted_at).not.toBeNull();
      expect((await send('post', '/shops', { ...valid, code: 'uniq-a' })).status).toBe(201);
      const list = await get('/shops?keyword=uniq-&per_page=200').expect(200);
      expect(list.body.data.map((s: { code: string }) => s.code).sort()).toEqual(['UNIQ-B', 'uniq-a']);
    });

    it('owner must be an existing user', async () => {
      expect(errorsOf(await post({ owner_user_id: 987654321 }))).toEqual([{ field: 'owner_user_id', error_code: 'exists' }]);
      const gone = await ctx.api.user('operator');
      await ctx.api.dataSource.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.id]);
      expect(errorsOf(await post({ owner_user_id: Number(gone.id) }))).toEqual([{ field: 'owner_user_id', error_code: 'exists' }]);
    });

    it('updates with the version read, keeps what is left out, refuses a stale version', async () => {
      const created = (await post({ edi_stop_amount: 3, order_reminder_days: 2 })).body.data;
      const put = (body: object) => send('put', `/shops/${created.id}`, { ...valid, code: created.code, ...body });
      const res = await put({ version: 1, edi_stop_amount: 12 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ edi_stop_amount: 12, order_reminder_days: 2, version: 2 });
      expect((await put({ version: 2, order_reminder_days: null })).body.data).toMatchObject({ order_reminder_days: null, edi_stop_amount: 12 });
      const stale = await put({ version: 1, name: '古い' });
      expect(stale.status).toBe(400);
      expectErrorEnvelope(stale.body, 'NAL-SHOP-001');
      expect((await send('put', '/shops/987654', { ...valid, version: 1 })).status).toBe(404);
      expect(errorsOf(await put({}))).toEqual([{ field: 'version', error_code: 'required' }]);
    });

    it('read-only roles read but may not write; makers may not read', async () => {
      await get('/shops', reader.auth).expect(200);
      await ctx.api.http.post('/api/v1/shops').set('Authorization', reader.auth).send({ ...valid, code: 'NO' }).expect(403);
      const maker = await ctx.api.signedIn('maker');
      await get('/shops', maker.auth).expect(403);
    });

    it('plain SQL inserts of (name, code, type), as other areas do, still work', async () => {
      const [row] = await ctx.api.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('SQL店', 'SQL-1', 'platform_2') RETURNING id`);
      expect((await get(`/shops/${row.id}`).expect(200)).body.data).toMatchObject({ code: 'SQL-1', ec_password_set: false, ec_password_masked: '' });
    });
  });

  describe.each([
    ['/delivery_methods', {}, 'NAL_DELIVERY-004'],
    ['/delivery_companies', { tracking_url: 'https://track.example.jp/?no={code}' }, 'NAL_DELIVERY-005'],
  ])('%s', (path, extra, staleCode) => {
    it('creates, lists, updates with the version, deletes', async () => {
      const created = await send('post', path, { name: 'ヤマト運輸', ...extra });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'ヤマト運輸', version: 1, ...extra });
      const id = created.body.data.id;
      expect((await get(path, reader.auth).expect(200)).body.data.map((d: { id: number }) => d.id)).toContain(id);
      const updated = await send('put', `${path}/${id}`, { name: 'ヤマト', version: 1 });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ name: 'ヤマト', version: 2, ...extra });
      const stale = await send('put', `${path}/${id}`, { name: 'x', version: 1 });
      expect(stale.status).toBe(400);
      expectErrorEnvelope(stale.body, staleCode);
      expect((await send('delete', `${path}/${id}`)).status).toBe(204);
      expect((await get(path).expect(200)).body.data.map((d: { id: number }) => d.id)).not.toContain(id);
      expect((await send('put', `${path}/${id}`, { name: 'y', version: 3 })).status).toBe(404);
    });

    it('name: 100 characters pass, 101 are refused; unique ignoring case among live rows', async () => {
      expect((await send('post', path, { name: '便'.repeat(100) })).status).toBe(201);
      expect(errorsOf(await send('post', path, { name: '便'.repeat(101) }))).toEqual([{ field: 'name', error_code: 'max_length', params: { max: 100 } }]);
      expect(errorsOf(await send('post', path, {}))).toEqual([{ field: 'name', error_code: 'required' }]);
      const first = (await send('post', path, { name: 'Sagawa' })).body.data;
      expect(errorsOf(await send('post', path, { name: 'SAGAWA' }))).toEqual([{ field: 'name', error_code: 'unique' }]);
      const second = (await send('post', path, { name: 'Seino' })).body.data;
      expect(errorsOf(await send('put', `${path}/${second.id}`, { name: 'sagawa', version: 1 }))).toEqual([{ field: 'name', error_code: 'unique' }]);
      await send('delete', `${path}/${first.id}`);
      expect((await send('post', path, { name: 'SAGAWA' })).status).toBe(201);
    });
  });

  it('delivery company tracking URL: 255 characters pass, 256 are refused, http(s) only', async () => {
    const url = (len: number) => `https://t.example.jp/${'q'.repeat(len - 'https://t.example.jp/{code}'.length)}{code}`;
    expect((await send('post', '/delivery_companies', { name: 'T255', tracking_url: url(255) })).status).toBe(201);
    expect(errorsOf(await send('post', '/delivery_companies', { name: 'T256', tracking_url: url(256) }))).toEqual([
      { field: 'tracking_url', error_code: 'max_length', params: { max: 255 } },
    ]);
    expect(errorsOf(await send('post', '/delivery_companies', { name: 'Tbad', tracking_url: 'track.example.jp' }))).toEqual([
      { field: 'tracking_url', error_code: 'NAL_DELIVERY-006' },
    ]);
  });

  it('delivery company tracking URL is a template with {code} where the tracking code goes, and no other placeholder', async () => {
    for (const bad of ['https://t.example.jp/search', 'https://t.example.jp/?no={tracking_code}', 'https://t.example.jp/?no={code}&shop={shop}', 'https://t.example.jp/?no={code']) {
      const res = await send('post', '/delivery_companies', { name: `T-${bad.length}`, tracking_url: bad });
      expect([bad, res.status, errorsOf(res)]).toEqual([bad, 422, [{ field: 'tracking_url', error_code: 'NAL_DELIVERY-007' }]]);
    }
    const created = await send('post', '/delivery_companies', { name: '佐川急便', tracking_url: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={code}' });
    expect(created.status).toBe(201);
    const stale = created.body.data;
    expect(errorsOf(await send('put', `/delivery_companies/${stale.id}`, { name: '佐川急便', tracking_url: 'https://example.jp/', version: 1 }))).toEqual([
      { field: 'tracking_url', error_code: 'NAL_DELIVERY-007' },
    ]);
    // '' clears it: the company then has no tracking link.
    expect((await send('put', `/delivery_companies/${stale.id}`, { name: '佐川急便', tracking_url: '', version: 1 })).body.data).toMatchObject({ tracking_url: null, version: 2 });
  });

  describe('payment methods', () => {
    it('lists the seeded methods, read-only, and finds one by id (0 is "not required")', async () => {
      const all = (await get('/payments/search', reader.auth).expect(200)).body;
      expect(all.data.map((p: { code: string }) => p.code)).toEqual(['not_required', 'credit_card', 'bank_transfer', 'cash_on_delivery', 'deferred', 'monthly_invoice']);
      expect(all.pagination).toMatchObject({ total: 6 });
      expect(all.data.find((p: { code: string }) => p.code === 'deferred')).toEqual({
        id: 4,
        code: 'deferred',
        name_ja: '後払い',
        name_en: 'Deferred payment',
        is_postpaid: true,
        business_only: false,
        fee_with_tax: 390,
        limit_amount: 55000,
      });
      expect(all.data.find((p: { code: string }) => p.code === 'monthly_invoice')).toMatchObject({ name_ja: '月締め請求', business_only: true, limit_amount: 300000 });
      expect((await get('/payments/search?id=0').expect(200)).body.data).toEqual([expect.objectContaining({ id: 0, name_ja: '支払不要', is_postpaid: false })]);
      expect((await get('/payments/search?id=99').expect(200)).body.data).toEqual([]);
      expect((await get('/payments/search?id=abc').expect(422)).body.error.errors).toEqual([{ field: 'id', error_code: 'integer' }]);
    });
  });

  describe('order setting (option)', () => {
    it('reads and updates the one record with its version', async () => {
      const before = (await get('/settings/option', reader.auth).expect(200)).body.data;
      expect(before).toMatchObject({ default_tax_percent: 10, company_name: null, version: expect.any(Number) });
      const full = {
        company_name: '株式会社ナル',
        zip: '100-0001',
        address: '東京都千代田区千代田1-1',
        phone: '03-1234-5678',
        invoice_registration_number: 'T9234567890123',
        default_tax_percent: 8,
        bank_account: '三菱UFJ銀行 本店 普通 1234567 カ）ナル',
        version: before.version,
      };
      const res = await send('put', '/settings/option', full);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ...full, version: before.version + 1 });
      const partial = await send('put', '/settings/option', { phone: '', version: before.version + 1 });
      expect(partial.body.data).toMatchObject({ company_name: '株式会社ナル', phone: null, default_tax_percent: 8 });
      const stale = await send('put', '/settings/option', { company_name: 'x', version: before.version });
      expect(stale.status).toBe(400);
      expectErrorEnvelope(stale.body, 'NAL-SET-100');
      await ctx.api.http.put('/api/v1/settings/option').set('Authorization', reader.auth).send({ version: 1 }).expect(403);
    });

    it('limits at their boundaries (nothing written when refused)', async () => {
      const version = (await get('/settings/option').expect(200)).body.data.version;
      const atMax = { company_name: '社'.repeat(100), zip: '100-0001', address: '所'.repeat(100), phone: '090-12-34-56-78', bank_account: '銀'.repeat(200), default_tax_percent: 100 };
      expect((await send('put', '/settings/option', { ...atMax, version })).status).toBe(200);
      const over = await send('put', '/settings/option', {
        company_name: '社'.repeat(101),
        zip: '1'.repeat(9),
        address: '所'.repeat(101),
        phone: '0'.repeat(16),
        invoice_registration_number: 'T123456789012',
        default_tax_percent: 101,
        bank_account: '銀'.repeat(201),
        version: version + 1,
      });
      expect(over.status).toBe(422);
      expect(errorsOf(over)).toEqual([
        { field: 'company_name', error_code: 'max_length', params: { max: 100 } },
        expect.objectContaining({ field: 'zip', error_code: expect.stringMatching(/^(max_length|zip_format)$/) }),
        { field: 'address', error_code: 'max_length', params: { max: 100 } },
        expect.objectContaining({ field: 'phone', error_code: expect.stringMatching(/^(max_length|phone_format)$/) }),
        { field: 'invoice_registration_number', error_code: 'NAL-SET-102' },
        { field: 'default_tax_percent', error_code: 'max', params: { max: 100 } },
        { field: 'bank_account', error_code: 'max_length', params: { max: 200 } },
      ]);
      expect(errorsOf(await send('put', '/settings/option', { default_tax_percent: -1, invoice_registration_number: 'X1234567890123', version: version + 1 }))).toEqual([
        { field: 'invoice_registration_number', error_code: 'NAL-SET-102' },
        { field: 'default_tax_percent', error_code: 'min', params: { min: 0 } },
      ]);
      // The right shape with a wrong check digit (9 − (Σ Pn×Qn mod 9) gives 9 for these base digits, not 1).
      expect(errorsOf(await send('put', '/settings/option', { invoice_registration_number: 'T1234567890123', version: version + 1 }))).toEqual([
        { field: 'invoice_registration_number', error_code: 'NAL-SET-102' },
      ]);
      expect((await send('put', '/settings/option', { default_tax_percent: 0, invoice_registration_number: 'T8000000000001', version: version + 1 })).status).toBe(200);
      expect((await get('/settings/option').expect(200)).body.data).toMatchObject({ default_tax_percent: 0, version: version + 2 });
    });

    it('keeps the transfer fees deposits allow for: 110–880 yen by default, at most 50 of 1–99,999 yen', async () => {
      const before = (await get('/settings/option').expect(200)).body.data;
      expect(before.transfer_fees).toEqual(expect.arrayContaining([110, 220, 330, 440, 880]));
      const fifty = Array.from({ length: 50 }, (_, i) => 99_999 - i);
      const saved = await send('put', '/settings/option', { transfer_fees: fifty, version: before.version });
      expect(saved.status).toBe(200);
      expect(saved.body.data.transfer_fees).toEqual([...fifty].sort((a, b) => a - b));
      const refused = await send('put', '/settings/option', { transfer_fees: [...fifty, 1], version: before.version + 1 });
      expect(errorsOf(refused)).toEqual([{ field: 'transfer_fees', error_code: 'max', params: { max: 50 } }]);
      for (const [fees, code] of [[[0], 'min'], [[100_000], 'max'], [[1.5], 'integer']] as const) {
        expect(errorsOf(await send('put', '/settings/option', { transfer_fees: fees, version: before.version + 1 }))).toEqual([expect.objectContaining({ field: 'transfer_fees', error_code: code })]);
      }
      const back = await send('put', '/settings/option', { transfer_fees: [440, 110, 110], version: before.version + 1 });
      expect(back.body.data.transfer_fees).toEqual([110, 440]);
    });
  });

  describe('monthly timeline (time_shipments)', () => {
    const post = (body: object) => send('post', '/settings/time_shipments', body);

    it('accepts Y-m-d and Y/m/d, answers YYYY-MM-DD, lists newest month first', async () => {
      const a = await post({ month: '2025-04', start_date: '2025/4/1', finish_date: '2025/04/30' });
      expect(a.status).toBe(201);
      expect(a.body.data).toMatchObject({ month: '2025-04', start_date: '2025-04-01', finish_date: '2025-04-30', version: 1 });
      expect((await post({ month: '2025-05', start_date: '2025-05-01', finish_date: '2025-05-01' })).status).toBe(201);
      const list = (await get('/settings/time_shipments?year=2025', reader.auth).expect(200)).body.data;
      expect(list.map((t: { month: string }) => t.month)).toEqual(['2025-05', '2025-04']);
    });

    it('refuses a finish date before the start date with date_after', async () => {
      const res = await post({ month: '2025-06', start_date: '2025-06-02', finish_date: '2025/06/01' });
      expect(res.status).toBe(422);
      expect(errorsOf(res)).toEqual([{ field: 'finish_date', error_code: 'date_after', params: { other: 'start_date' } }]);
    });

    it('refuses malformed months and dates, and missing ones', async () => {
      expect(errorsOf(await post({ month: '2025-13', start_date: '2025-02-30', finish_date: '2025.06.01' }))).toEqual([
        { field: 'month', error_code: 'date_format' },
        { field: 'start_date', error_code: 'date_format' },
        { field: 'finish_date', error_code: 'date_format' },
      ]);
      expect(errorsOf(await post({}))).toEqual([
        { field: 'month', error_code: 'required' },
        { field: 'start_date', error_code: 'required' },
        { field: 'finish_date', error_code: 'required' },
      ]);
    });

    it('a month appears once; updates use the version; delete removes', async () => {
      const created = (await post({ month: '2025-07', start_date: '2025-07-01', finish_date: '2025-07-31' })).body.data;
      expect(errorsOf(await post({ month: '2025-07', start_date: '2025-07-02', finish_date: '2025-07-03' }))).toEqual([{ field: 'month', error_code: 'unique' }]);
      const other = (await post({ month: '2025-08', start_date: '2025-08-01', finish_date: '2025-08-31' })).body.data;
      expect(errorsOf(await send('put', `/settings/time_shipments/${other.id}`, { month: '2025-07', start_date: '2025-08-01', finish_date: '2025-08-31', version: 1 }))).toEqual([
        { field: 'month', error_code: 'unique' },
      ]);
      const put = await send('put', `/settings/time_shipments/${created.id}`, { month: '2025-07', start_date: '2025/6/25', finish_date: '2025/7/24', version: 1 });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({ start_date: '2025-06-25', finish_date: '2025-07-24', version: 2 });
      const stale = await send('put', `/settings/time_shipments/${created.id}`, { month: '2025-07', start_date: '2025-07-01', finish_date: '2025-07-31', version: 1 });
      expect(stale.status).toBe(400);
      expectErrorEnvelope(stale.body, 'NAL-SET-101');
      expect((await send('delete', `/settings/time_shipments/${created.id}`)).status).toBe(204);
      expect((await send('delete', `/settings/time_shipments/${created.id}`)).status).toBe(404);
      expect((await post({ month: '2025-07', start_date: '2025-07-01', finish_date: '2025-07-31' })).status).toBe(201);
    });
  });
});

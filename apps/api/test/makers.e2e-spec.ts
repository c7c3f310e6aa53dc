import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

describe('makers API', () => {
  const ctx = useTestApi();
  let admin: Awaited<ReturnType<TestApp['signedIn']>>;
  const valid = { code: 'MK-001', name: '山田製作所', order_method: 'email', email: 'orders@yamada.example.co.jp' };

  beforeAll(async () => {
    admin = await ctx.api.signedIn('operator');
  });

  const post = (body: object) => ctx.api.http.post('/api/v1/makers').set('Authorization', admin.auth).send(body);
  const errorsOf = (res: { body: { error: { errors: unknown[] } } }) => res.body.error.errors;

  it('creates a maker with every field, in snake_case', async () => {
    const res = await post({
      code: 'MK-FULL',
      name: '株式会社フル装備',
      product_codes: 'A-100, A-200',
      phone: '03-1234-5678',
      fax: '03-1234-5679',
      email: 'full@maker.example.jp',
      address: '東京都千代田区丸の内1-1-1',
      order_method: 'fax',
      status: 'disabled',
      memo: '月末締め',
    }).expect(201);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number),
      code: 'MK-FULL',
      product_codes: 'A-100, A-200',
      order_method: 'fax',
      status: 'disabled',
      version: 1,
    });
  });

  describe('limits of SPEC.md §5 at their boundaries', () => {
    const cases: [string, string, number, string][] = [
      ['code', 'C', 30, 'max_length'],
      ['name', '名', 100, 'max_length'],
      ['address', '所', 100, 'max_length'],
    ];
    it.each(cases)('%s: %i characters pass, one more is refused', async (field, char, max) => {
      const at = char.repeat(max);
      const base = { ...valid, code: `B-${field}`, [field]: at };
      expect((await post(base)).status).toBe(201);
      const over = await post({ ...base, code: `O-${field}`, [field]: at + char }).expect(422);
      expect(errorsOf(over)).toEqual([{ field, error_code: 'max_length', params: { max } }]);
    });

    it('email: 100 characters pass, 101 are refused', async () => {
      const email = (n: number) => `${'m'.repeat(n - '@maker.jp'.length)}@maker.jp`;
      expect((await post({ ...valid, code: 'E-100', email: email(100) })).status).toBe(201);
      expect(errorsOf(await post({ ...valid, code: 'E-101', email: email(101) }).expect(422))).toEqual([
        { field: 'email', error_code: 'max_length', params: { max: 100 } },
      ]);
    });

    it('phone and fax are Japanese numbers: digits and hyphens, 10 or 11 digits (the fax gateway dials the digits)', async () => {
      expect(errorsOf(await post({ ...valid, code: 'P-1', phone: '03-1234-ABCD' }).expect(422))).toEqual([{ field: 'phone', error_code: 'phone_format' }]);
      expect(errorsOf(await post({ ...valid, code: 'P-3', fax: '+81(3)1234-5678' }).expect(422))).toEqual([{ field: 'fax', error_code: 'phone_format' }]);
      const made = await post({ ...valid, code: 'P-2', phone: '０３－１２３４－５６７８', fax: '0312345679' }).expect(201);
      expect(made.body.data).toMatchObject({ phone: '03-1234-5678', fax: '0312345679' });
    });

    it('refuses a name, code or address the order sheet cannot print', async () => {
      const res = await post({ ...valid, code: 'CODE😀', name: '山田製作所🏭', address: '東京\u0007' }).expect(422);
      expect(errorsOf(res)).toEqual([
        { field: 'code', error_code: 'unprintable', params: { chars: '😀' } },
        { field: 'name', error_code: 'unprintable', params: { chars: '🏭' } },
        { field: 'address', error_code: 'unprintable', params: { chars: 'U+0007' } },
      ]);
    });

    it('code is unique, ignoring case', async () => {
      await post({ ...valid, code: 'UNIQ-1' }).expect(201);
      expect(errorsOf(await post({ ...valid, code: 'uniq-1' }).expect(422))).toEqual([{ field: 'code', error_code: 'unique' }]);
    });

    it('requires code, name and order method, and an order method from the list', async () => {
      expect(errorsOf(await post({ order_method: 'pigeon' }).expect(422))).toEqual([
        { field: 'code', error_code: 'required' },
        { field: 'name', error_code: 'required' },
        { field: 'order_method', error_code: 'in', params: { values: 'fax,email' } },
      ]);
    });
  });

  it('needs a fax number for fax orders and an e-mail address for e-mail orders', async () => {
    expect(errorsOf(await post({ ...valid, code: 'F-1', order_method: 'fax', fax: '' }).expect(422))).toEqual([{ field: 'fax', error_code: 'NAL-MAKER-001' }]);
    expect(errorsOf(await post({ ...valid, code: 'F-2', email: null }).expect(422))).toEqual([{ field: 'email', error_code: 'NAL-MAKER-002' }]);
  });

  it('updates with the version read and refuses a stale one', async () => {
    const created = (await post({ ...valid, code: 'V-1' }).expect(201)).body.data;
    const put = (version: number, name: string) =>
      ctx.api.http.put(`/api/v1/makers/${created.id}`).set('Authorization', admin.auth).send({ ...valid, code: 'V-1', name, version });
    expect((await put(1, '新しい名前').expect(200)).body.data).toMatchObject({ name: '新しい名前', version: 2 });
    const stale = await put(1, '古い名前');
    expect(stale.status).toBe(400);
    expectErrorEnvelope(stale.body, 'NAL-MAKER-003');
    await ctx.api.http.put('/api/v1/makers/987654').set('Authorization', admin.auth).send({ ...valid, version: 1 }).expect(404);
  });

  it('lists with keyword, status and order-method filters, and answers select options', async () => {
    await post({ ...valid, code: 'LIST-A', name: '検索テスト甲' }).expect(201);
    await post({ ...valid, code: 'LIST-B', name: '検索テスト乙', order_method: 'fax', fax: '06-1111-2222', status: 'disabled' }).expect(201);
    const list = (q: string) => ctx.api.http.get(`/api/v1/makers?${q}`).set('Authorization', admin.auth).expect(200);
    expect((await list('keyword=検索テスト')).body.data.map((m: { code: string }) => m.code)).toEqual(['LIST-A', 'LIST-B']);
    expect((await list('keyword=list-&order_method=fax')).body.data.map((m: { code: string }) => m.code)).toEqual(['LIST-B']);
    expect((await list('keyword=LIST&status=enabled')).body.pagination).toMatchObject({ total: 1 });
    const options = await ctx.api.http.get('/api/v1/makers/list').set('Authorization', admin.auth).expect(200);
    expect(options.body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), code: expect.any(String), status: 'enabled' });
    expect(options.body.data.at(-1).status).toBe('disabled');
  });

  it('shows a maker user only their own maker', async () => {
    const makerUser = await ctx.api.signedIn('maker');
    const other = await ctx.api.maker({ code: 'NOT-MINE' });
    const list = await ctx.api.http.get('/api/v1/makers').set('Authorization', makerUser.auth).expect(200);
    expect(list.body.data.map((m: { id: number }) => String(m.id))).toEqual([makerUser.makerId]);
    const options = await ctx.api.http.get('/api/v1/makers/list').set('Authorization', makerUser.auth).expect(200);
    expect(options.body.data.map((m: { id: number }) => String(m.id))).toEqual([makerUser.makerId]);
    await ctx.api.http.get(`/api/v1/makers/${makerUser.makerId}`).set('Authorization', makerUser.auth).expect(200);
    await ctx.api.http.get(`/api/v1/makers/${other.id}`).set('Authorization', makerUser.auth).expect(404);
    await ctx.api.http.post('/api/v1/makers').set('Authorization', makerUser.auth).send(valid).expect(403);
  });

  it("keeps the shop's staff memo from the maker's own users", async () => {
    const makerUser = await ctx.api.signedIn('maker');
    await ctx.api.dataSource.query(`UPDATE makers SET memo = '支払条件の社内メモ' WHERE id = $1`, [makerUser.makerId]);
    const list = await ctx.api.http.get('/api/v1/makers').set('Authorization', makerUser.auth).expect(200);
    expect(list.body.data[0]).toMatchObject({ id: Number(makerUser.makerId), memo: null });
    const one = await ctx.api.http.get(`/api/v1/makers/${makerUser.makerId}`).set('Authorization', makerUser.auth).expect(200);
    expect(one.body.data.memo).toBeNull();
    const staff = await ctx.api.http.get(`/api/v1/makers/${makerUser.makerId}`).set('Authorization', admin.auth).expect(200);
    expect(staff.body.data.memo).toBe('支払条件の社内メモ');
  });

  it('refuses a maker user for a maker that does not exist', async () => {
    const sysadmin = await ctx.api.signedIn('system_admin');
    const res = await ctx.api.http
      .post('/api/v1/users')
      .set('Authorization', sysadmin.auth)
      .send({ email: 'ghost.maker@example.com', name: 'Ghost', role: 'maker', maker_id: 987654 })
      .expect(422);
    expect(res.body.error.errors).toEqual([{ field: 'maker_id', error_code: 'exists' }]);
  });
});

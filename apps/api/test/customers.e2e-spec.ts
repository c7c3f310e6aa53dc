import { LocalDiskStorage } from '@oms/infra';
import { download, expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Res = { status: number; body: { data?: unknown; error?: { errors: unknown[] } } };

describe('customers API', () => {
  const ctx = useTestApi();
  let staff: Awaited<ReturnType<TestApp['signedIn']>>;
  let shopId: number;
  let otherShopId: number;
  const valid = { name: '山田 太郎', name_kana: 'ヤマダ タロウ' };

  beforeAll(async () => {
    staff = await ctx.api.signedIn('call_center');
    const [shop] = await ctx.api.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ($1, $2, 'platform_1') RETURNING id`, ['テストショップ', 'SHOP-C']);
    shopId = Number(shop.id);
    const [other] = await ctx.api.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ($1, $2, 'platform_1') RETURNING id`, ['別のショップ', 'SHOP-C2']);
    otherShopId = Number(other.id);
  });

  const post = (body: object) => ctx.api.http.post('/api/v1/customers').set('Authorization', staff.auth).send(body);
  const get = (path: string) => ctx.api.http.get(`/api/v1/customers${path}`).set('Authorization', staff.auth);
  const put = (id: number, body: object) => ctx.api.http.put(`/api/v1/customers/${id}`).set('Authorization', staff.auth).send(body);
  const errorsOf = (res: Res) => res.body.error!.errors;
  const create = async (body: object) => (await post({ ...valid, ...body }).expect(201)).body.data;
  const reload = async (id: number) => (await get(`/${id}`).expect(200)).body.data;
  /** The same-person ids of the customers, as the API now answers them. */
  const groupsOf = async (...ids: number[]) => Promise.all(ids.map(async (id) => (await reload(id)).same_person_id as number));

  it('creates a customer with every field, in snake_case', async () => {
    const res = await post({
      name: '株式会社サンプル 佐藤 花子',
      name_kana: 'サトウ　ハナコ',
      zip: '100-0005',
      address: '東京都千代田区丸の内1-1-1',
      phone: '03-1111-2222',
      fax: '03-1111-2223',
      email: 'Hanako.Sato@Example.JP',
      core_system_customer_id: 'CORE-1',
      ec_site_id: 'EC-1',
      shop_id: shopId,
      company_name: '株式会社サンプル',
      cs_memo: '午前中の電話を希望',
      general_memo: '大口のお客様',
    }).expect(201);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number),
      name_kana: 'サトウ　ハナコ',
      email: 'Hanako.Sato@Example.JP',
      shop_id: shopId,
      shop_name: 'テストショップ',
      company_name: '株式会社サンプル',
      cs_memo: '午前中の電話を希望',
      general_memo: '大口のお客様',
      order_count: 0,
      same_person_count: 1,
      version: 1,
    });
    expect(res.body.data.same_person_id).toBe(res.body.data.id);
    expect(res.body.data).not.toHaveProperty('email_normalized');
    await get(`/${res.body.data.id}`).expect(200);
    await get('/987654').expect(404);
  });

  describe('limits of SPEC.md §5 at their boundaries', () => {
    const cases: [string, string, number][] = [
      ['name', '名', 100],
      ['name_kana', 'カ', 100],
      ['address', '所', 100],
      ['core_system_customer_id', 'C', 50],
      ['ec_site_id', 'E', 50],
      ['company_name', '社', 100],
      ['cs_memo', 'メ', 1000],
      ['general_memo', 'メ', 1000],
    ];
    it.each(cases)('%s: %i characters pass, one more is refused', async (field, char, max) => {
      const at = char.repeat(max);
      expect((await post({ ...valid, [field]: at })).status).toBe(201);
      const over = await post({ ...valid, [field]: at + char }).expect(422);
      expect(errorsOf(over)).toEqual([{ field, error_code: 'max_length', params: { max } }]);
    });

    it('email: 100 characters pass, 101 are refused, and it must be an address', async () => {
      const email = (n: number) => `${'m'.repeat(n - '@shop.jp'.length)}@shop.jp`;
      expect((await post({ ...valid, email: email(100) })).status).toBe(201);
      expect(errorsOf(await post({ ...valid, email: email(101) }).expect(422))).toEqual([{ field: 'email', error_code: 'max_length', params: { max: 100 } }]);
      expect(errorsOf(await post({ ...valid, email: 'not-an-address' }).expect(422))).toEqual([{ field: 'email', error_code: 'email_invalid' }]);
    });

    it('requires a name, and lists every failing field at once', async () => {
      const res = await post({ name: '', name_kana: 'やまだ', zip: 'ABC', phone: '03-XXXX', shop_id: 'x' }).expect(422);
      expectErrorEnvelope(res.body, 'NAL-422');
      expect(errorsOf(res)).toEqual([
        { field: 'name', error_code: 'required' },
        { field: 'name_kana', error_code: 'katakana' },
        { field: 'zip', error_code: 'zip_format' },
        { field: 'phone', error_code: 'phone_format' },
        { field: 'shop_id', error_code: 'integer' },
      ]);
    });

    it('name kana takes full-width katakana with ー and spaces, nothing else', async () => {
      for (const kana of ['スーパー　タロウ', 'ジョン・スミス', 'ヤマダ タロウ']) expect((await post({ ...valid, name_kana: kana })).status).toBe(201);
      for (const kana of ['やまだ', '山田', 'ﾔﾏﾀﾞ', 'Yamada']) {
        expect(errorsOf(await post({ ...valid, name_kana: kana }).expect(422))).toEqual([{ field: 'name_kana', error_code: 'katakana' }]);
      }
    });

    it('phone and fax take full-width digits and dashes as typed, stored half-width; postcodes seven digits', async () => {
      const c = await create({ phone: '０３－９９９９－０００１', fax: '0399990002', zip: '１０００００５' });
      expect(c).toMatchObject({ phone: '03-9999-0001', fax: '0399990002', zip: '100-0005' });
      for (const [field, value, code] of [
        ['phone', '(03) 9999 0001', 'phone_format'],
        ['phone', '090-xxxx-😀', 'phone_format'],
        ['fax', '03-9999-000', 'phone_format'],
        ['zip', '〒100-0005', 'zip_format'],
        ['zip', '100-00051', 'zip_format'],
        ['name', '山田 😀', 'unprintable'],
        ['address', '東京都\n千代田区', 'unprintable'],
      ] as const) {
        expect(errorsOf(await post({ ...valid, [field]: value }).expect(422))).toEqual([expect.objectContaining({ field, error_code: code })]);
      }
    });

    it('refuses a shop that does not exist', async () => {
      expect(errorsOf(await post({ ...valid, shop_id: 987654 }).expect(422))).toEqual([{ field: 'shop_id', error_code: 'exists' }]);
    });
  });

  it('updates with the version read and refuses a stale one, leaving the row as it was', async () => {
    const c = await create({ cs_memo: '最初' });
    expect((await put(c.id, { ...valid, cs_memo: '二回目', version: 1 }).expect(200)).body.data).toMatchObject({ cs_memo: '二回目', version: 2 });
    const stale = await put(c.id, { ...valid, cs_memo: '古い', version: 1 });
    expect(stale.status).toBe(400);
    expectErrorEnvelope(stale.body, 'NAL-CTM-003');
    expect((await reload(c.id)).cs_memo).toBe('二回目');
    await put(987654, { ...valid, version: 1 }).expect(404);
    expect(errorsOf(await put(c.id, { ...valid }).expect(422))).toEqual([{ field: 'version', error_code: 'required' }]);
  });

  describe('same-person groups', () => {
    // One customer per e-mail and shop: customers sharing an e-mail are in different shops.
    it('groups customers sharing an e-mail, compared trimmed and lower-cased', async () => {
      const a = await create({ email: 'group.mail@example.jp' });
      const b = await create({ email: ' Group.Mail@EXAMPLE.jp', shop_id: otherShopId });
      const other = await create({ email: 'someone.else@example.jp' });
      expect(await groupsOf(a.id, b.id, other.id)).toEqual([a.id, a.id, other.id]);
      expect((await reload(b.id)).same_person_count).toBe(2);
    });

    it('groups customers sharing a phone number, normalised: full-width digits, hyphens and dashes', async () => {
      const a = await create({ phone: '06-2222-3333' });
      const b = await create({ phone: '０６２２２２３３３３' });
      const c = await create({ phone: '06ー2222ー3333' });
      const d = await create({ phone: '０６－２２２２－３３３３' });
      expect(await groupsOf(a.id, b.id, c.id, d.id)).toEqual([a.id, a.id, a.id, a.id]);
    });

    it('joins groups transitively: A shares an e-mail with B, B a phone with C', async () => {
      const a = await create({ email: 'trans.a@example.jp', phone: '011-000-0001' });
      const c = await create({ email: 'trans.c@example.jp', phone: '011-000-0002' });
      expect(await groupsOf(a.id, c.id)).toEqual([a.id, c.id]);
      const b = await create({ email: 'trans.a@example.jp', phone: '011-000-0002', shop_id: otherShopId });
      expect(await groupsOf(a.id, b.id, c.id)).toEqual([a.id, a.id, a.id]);
      const group = (await get(`/${c.id}/same-email-and-phone`).expect(200)).body.data;
      expect(group.customers.map((m: { id: number }) => m.id)).toEqual([a.id, c.id, b.id].sort((x, y) => x - y));
      expect(group.same_person_id).toBe(a.id);
    });

    it('splits a group when the shared value changes, and joins another when a value starts to match', async () => {
      const a = await create({ email: 'split.a@example.jp', phone: '022-000-0001' });
      const b = await create({ email: 'split.a@example.jp', phone: '022-000-0002', shop_id: otherShopId });
      const c = await create({ email: 'split.c@example.jp', phone: '022-000-0002' });
      expect(await groupsOf(a.id, b.id, c.id)).toEqual([a.id, a.id, a.id]);
      // B, the link between A and C, changes both: three people again.
      const moved = (await put(b.id, { ...valid, email: 'split.b@example.jp', phone: '022-000-0003', version: b.version }).expect(200)).body.data;
      expect(await groupsOf(a.id, b.id, c.id)).toEqual([a.id, b.id, c.id]);
      // C, in another shop, takes A's e-mail: C joins A.
      await put(c.id, { ...valid, email: 'SPLIT.A@example.jp', phone: '022-000-0002', shop_id: otherShopId, version: c.version }).expect(200);
      expect(await groupsOf(a.id, b.id, c.id)).toEqual([a.id, b.id, a.id]);
      // A, the smallest id, leaves: C stays alone under its own id.
      await put(a.id, { ...valid, email: null, phone: null, version: a.version }).expect(200);
      expect(await groupsOf(a.id, b.id, c.id)).toEqual([a.id, moved.id, c.id]);
    });

    it('keeps groups right when many customers are changed at once', async () => {
      const base = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => create({ phone: `033-000-000${i}` })));
      // Everyone takes one phone number at the same time: one group.
      await Promise.all(base.map((c) => put(c.id, { ...valid, phone: '033-999-9999', version: c.version }).expect(200)));
      const ids = base.map((c) => c.id);
      expect(new Set(await groupsOf(...ids))).toEqual(new Set([Math.min(...ids)]));
      // Everyone leaves at the same time: six people.
      const current = await Promise.all(ids.map(reload));
      await Promise.all(current.map((c, i) => put(c.id, { ...valid, phone: `033-111-000${i}`, version: c.version }).expect(200)));
      expect(await groupsOf(...ids)).toEqual(ids);
    });

    it('shares the general memo: PUT same-email-and-phone sets it on every member', async () => {
      const a = await create({ email: 'memo.group@example.jp', general_memo: '古いメモ' });
      const b = await create({ phone: '044-000-0001', email: 'memo.group@example.jp', shop_id: otherShopId });
      const lone = await create({ email: 'memo.alone@example.jp', general_memo: '別人' });
      const res = await ctx.api.http
        .put(`/api/v1/customers/${b.id}/same-email-and-phone`)
        .set('Authorization', staff.auth)
        .send({ general_memo: '同一人物の共通メモ' })
        .expect(200);
      expect(res.body.data).toMatchObject({ customer_id: b.id, same_person_id: a.id, general_memo: '同一人物の共通メモ' });
      expect((await reload(a.id)).general_memo).toBe('同一人物の共通メモ');
      expect((await reload(b.id)).general_memo).toBe('同一人物の共通メモ');
      expect((await reload(lone.id)).general_memo).toBe('別人');
      // A later edit of a member's fields leaves the shared memo alone.
      const current = await reload(a.id);
      await put(a.id, { ...valid, email: 'memo.group@example.jp', general_memo: 'ignored', version: current.version }).expect(200);
      expect((await get(`/${a.id}/same-email-and-phone`).expect(200)).body.data.general_memo).toBe('同一人物の共通メモ');
      const tooLong = await ctx.api.http.put(`/api/v1/customers/${a.id}/same-email-and-phone`).set('Authorization', staff.auth).send({ general_memo: 'メ'.repeat(1001) }).expect(422);
      expect(errorsOf(tooLong)).toEqual([{ field: 'general_memo', error_code: 'max_length', params: { max: 1000 } }]);
      await ctx.api.http.put('/api/v1/customers/987654/same-email-and-phone').set('Authorization', staff.auth).send({ general_memo: 'x' }).expect(404);
    });
  });

  describe('one customer per e-mail and shop (SPEC.md §5)', () => {
    /** The 422 naming the customer who has the e-mail. */
    const takenBy = (holder: { id: number; name: string }) => [{ field: 'email', error_code: 'unique', params: { customer_id: holder.id, customer_name: holder.name } }];
    const countWith = async (emailNormalized: string) => (await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM customers WHERE email_normalized = $1`, [emailNormalized]))[0].n;

    it('refuses a second customer of the shop with the e-mail in another case or spacing, naming the first, and writes nothing', async () => {
      const first = await create({ name: '先客 一郎', email: 'Taken.Mail@example.jp', shop_id: shopId });
      for (const email of ['taken.mail@example.jp', ' TAKEN.MAIL@Example.JP', 'Taken.Mail@example.jp ']) {
        const res = await post({ ...valid, email, shop_id: shopId }).expect(422);
        expectErrorEnvelope(res.body, 'NAL-422');
        expect(errorsOf(res)).toEqual(takenBy(first));
      }
      expect(await countWith('taken.mail@example.jp')).toBe(1);
      // Customers without a shop count as one shop.
      const shopless = await create({ name: '店なし 次郎', email: 'no.shop@example.jp' });
      expect(errorsOf(await post({ ...valid, email: 'No.Shop@example.jp' }).expect(422))).toEqual(takenBy(shopless));
    });

    it('allows the e-mail in another shop, or without one, and groups them as one person', async () => {
      const a = await create({ email: 'two.shops@example.jp', shop_id: shopId });
      const b = await create({ email: 'Two.Shops@example.jp', shop_id: otherShopId });
      const c = await create({ email: 'two.shops@EXAMPLE.jp' });
      expect(await groupsOf(a.id, b.id, c.id)).toEqual([a.id, a.id, a.id]);
      expect((await reload(c.id)).same_person_count).toBe(3);
    });

    it('refuses an edit to an e-mail another customer of the shop has, or a move into a shop where it is taken', async () => {
      const holder = await create({ name: '持ち主', email: 'edit.taken@example.jp', shop_id: shopId });
      const editor = await create({ email: 'edit.mine@example.jp', shop_id: shopId, cs_memo: '元のまま' });
      const res = await put(editor.id, { ...valid, email: 'EDIT.TAKEN@example.jp', shop_id: shopId, cs_memo: '変更', version: editor.version }).expect(422);
      expectErrorEnvelope(res.body, 'NAL-422');
      expect(errorsOf(res)).toEqual(takenBy(holder));
      expect(await reload(editor.id)).toMatchObject({ email: 'edit.mine@example.jp', cs_memo: '元のまま', version: editor.version });

      const elsewhere = await create({ email: 'edit.taken@example.jp', shop_id: otherShopId });
      expect(errorsOf(await put(elsewhere.id, { ...valid, email: 'edit.taken@example.jp', shop_id: shopId, version: elsewhere.version }).expect(422))).toEqual(takenBy(holder));
      expect((await reload(elsewhere.id)).shop_id).toBe(otherShopId);
      // Its own e-mail is no clash: the holder edits its other fields, and its e-mail's case.
      await put(holder.id, { ...valid, name: '持ち主', email: 'Edit.Taken@example.jp', shop_id: shopId, cs_memo: 'メモ', version: holder.version }).expect(200);
    });

    it('lets exactly one of many concurrent creates with one e-mail in one shop through; the others are refused naming it', async () => {
      const results = await Promise.all([1, 2, 3, 4, 5].map((i) => post({ ...valid, name: `同時 ${i}`, email: 'race@example.jp', shop_id: shopId })));
      const won = results.filter((r) => r.status === 201);
      expect(won).toHaveLength(1);
      const winner = won[0].body.data;
      for (const lost of results.filter((r) => r.status !== 201)) {
        expect(lost.status).toBe(422);
        expect(errorsOf(lost)).toEqual(takenBy(winner));
      }
      expect(await countWith('race@example.jp')).toBe(1);
    });

    it('answers the same 422, not a 500, when the unique index refuses a clash the check could not see yet', async () => {
      // A row written past the API (as an import or a script would), not yet committed when the API checks.
      const direct = ctx.api.dataSource.createQueryRunner();
      await direct.connect();
      await direct.startTransaction();
      try {
        const [row] = await direct.query(
          `INSERT INTO customers (id, same_person_id, name, email, email_normalized, shop_id)
           SELECT v.id, v.id, '直接 登録', 'index.guard@example.jp', 'index.guard@example.jp', $1 FROM (SELECT nextval(pg_get_serial_sequence('customers', 'id')) AS id) v
           RETURNING id`,
          [shopId],
        );
        const pending = post({ ...valid, email: 'Index.Guard@example.jp', shop_id: shopId }).then((r) => r);
        // The API's insert waits on the uncommitted row's index entry.
        const waiting = async () => (await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n > 0;
        for (let i = 0; i < 200 && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 50));
        expect(await waiting()).toBe(true);
        await direct.commitTransaction();
        const res = await pending;
        expect(res.status).toBe(422);
        expect(errorsOf(res)).toEqual(takenBy({ id: Number(row.id), name: '直接 登録' }));
      } finally {
        if (direct.isTransactionActive) await direct.rollbackTransaction();
        await direct.release();
      }
      expect(await countWith('index.guard@example.jp')).toBe(1);
    });

    it('keeps a pair that shared an e-mail before the rule editable; changing the e-mail is checked and ends the mark', async () => {
      // As migration 1763930000000 leaves them: the later one marked as a duplicate of the older.
      const [older] = await ctx.api.dataSource.query(
        `INSERT INTO customers (same_person_id, name, email, email_normalized, shop_id) VALUES (0, '旧 一', 'legacy@example.jp', 'legacy@example.jp', $1) RETURNING id`,
        [shopId],
      );
      const [later] = await ctx.api.dataSource.query(
        `INSERT INTO customers (same_person_id, name, email, email_normalized, shop_id, email_duplicate_of) VALUES (0, '旧 二', 'Legacy@example.jp', 'legacy@example.jp', $1, $2) RETURNING id`,
        [shopId, older.id],
      );
      const laterId = Number(later.id);
      const markOf = async () => (await ctx.api.dataSource.query(`SELECT email_duplicate_of::int AS mark FROM customers WHERE id = $1`, [laterId]))[0].mark;
      // Other fields of either can be edited while both keep the e-mail.
      await put(laterId, { ...valid, name: '旧 二', email: 'Legacy@example.jp', shop_id: shopId, cs_memo: '重複のまま', version: 1 }).expect(200);
      await put(Number(older.id), { ...valid, name: '旧 一', email: 'legacy@example.jp', shop_id: shopId, cs_memo: '重複のまま', version: 1 }).expect(200);
      expect(await markOf()).toBe(Number(older.id));
      // A new e-mail is checked like any other, and the mark goes: the index guards it from now on.
      await put(laterId, { ...valid, name: '旧 二', email: 'legacy.two@example.jp', shop_id: shopId, version: 2 }).expect(200);
      expect(await markOf()).toBeNull();
      expect(errorsOf(await put(laterId, { ...valid, name: '旧 二', email: 'legacy@example.jp', shop_id: shopId, version: 3 }).expect(422))).toEqual(
        takenBy({ id: Number(older.id), name: '旧 一' }),
      );
      expect(errorsOf(await post({ ...valid, email: 'legacy.two@example.jp', shop_id: shopId }).expect(422))).toEqual(takenBy({ id: laterId, name: '旧 二' }));
    });
  });

  describe('search', () => {
    let target: { id: number };
    beforeAll(async () => {
      target = await create({
        name: '検索 一郎',
        name_kana: 'ケンサク イチロウ',
        phone: '099-123-4567',
        email: 'Search.Ichiro@Example.JP',
        company_name: '検索商事株式会社',
        ec_site_id: 'EC-SEARCH-77',
        shop_id: shopId,
      });
      await create({ name: '別人 二郎', name_kana: 'ベツジン ジロウ', phone: '099-765-4321', email: 'other.jiro@example.jp', company_name: '別会社', ec_site_id: 'EC-OTHER' });
    });
    const ids = async (q: string) => (await get(`?${q}`).expect(200)).body.data.map((c: { id: number }) => c.id);

    it.each([
      ['name', 'name=検索'],
      ['kana', `name_kana=${encodeURIComponent('ケンサク')}`],
      ['phone, normalised', `phone=${encodeURIComponent('０９９－１２３')}`],
      ['phone without hyphens', 'phone=0991234567'],
      ['e-mail, any case', 'email=SEARCH.ichiro'],
      ['company', `company_name=${encodeURIComponent('検索商事')}`],
      ['EC id', 'ec_site_id=search-77'],
    ])('by %s', async (_, q) => {
      expect(await ids(q)).toEqual([target.id]);
    });

    it('by shop and same-person group, with the list envelope and order counts', async () => {
      const res = await get(`?shop_id=${shopId}&name=検索&per_page=20`).expect(200);
      expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([target.id]);
      expect(res.body.data[0]).toMatchObject({ order_count: 0, shop_name: 'テストショップ' });
      expect(res.body.pagination).toMatchObject({ from: 1, to: 1, total: 1, current_page: 1, per_page: 20, last_page: 1 });
      expect(await ids(`same_person_id=${target.id}`)).toEqual([target.id]);
      expect(errorsOf(await get('?per_page=7').expect(422))).toEqual([{ field: 'per_page', error_code: 'in', params: { values: '20,50,100,200' } }]);
    });

    it('answers id and name for selects', async () => {
      const res = await get('/list').expect(200);
      expect(res.body.data).toContainEqual({ id: target.id, name: '検索 一郎' });
    });
  });

  it('answers an empty estimate history in the list envelope', async () => {
    const c = await create({});
    const res = await get(`/${c.id}/estimates/history`).expect(200);
    expect(res.body).toEqual({ data: [], pagination: { from: null, to: null, total: 0, current_page: 1, per_page: 50, last_page: 1 } });
    await get('/987654/estimates/history').expect(404);
  });

  describe('CSV export', () => {
    const exportIds = (body: object) => ctx.api.http.post('/api/v1/customers/export').set('Authorization', staff.auth).send(body);

    it('refuses an empty selection with NAL-CTM-001', async () => {
      for (const body of [{ customer_ids: [] }, {}]) {
        const res = await exportIds(body).expect(422);
        expectErrorEnvelope(res.body, 'NAL-422');
        expect(errorsOf(res)).toEqual([{ field: 'customer_ids', error_code: 'NAL-CTM-001' }]);
      }
      expect(errorsOf(await exportIds({ customer_ids: [987654] }).expect(422))).toEqual([{ field: 'customer_ids', error_code: 'exists' }]);
    });

    it('writes a CSV of the selected customers and answers a signed URL that downloads it', async () => {
      const a = await create({ name: 'エクスポート 甲', email: 'export.a@example.jp', cs_memo: '=HYPERLINK("http://evil")' });
      const b = await create({ name: 'エクスポート 乙', phone: '055-000-0001' });
      await create({ name: 'エクスポート 丙' });
      const res = await exportIds({ customer_ids: [b.id, a.id] }).expect(200);
      const url: string = res.body.data;
      expect(url.startsWith(`${ctx.api.config.PUBLIC_API_URL.replace(/\/$/, '')}/api/v1/medias/download?`)).toBe(true);

      const file = await download(ctx.api, url);
      expect(file.headers['content-type']).toMatch(/^text\/csv/);
      expect(file.headers['content-disposition']).toMatch(/attachment; filename="customers_\d{14}\.csv"/);
      const bytes = file.bytes;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines[0]).toMatch(/^顧客ID,同一人物ID,氏名,氏名カナ/);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(new RegExp(`^${a.id},${a.id},エクスポート 甲,`));
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(lines[2]).toMatch(new RegExp(`^${b.id},${b.id},エクスポート 乙,`));
      expect(bytes.toString('utf8')).not.toContain('エクスポート 丙');
    });

    it('refuses a tampered, expired or unsigned URL with the 404 envelope', async () => {
      const c = await create({ name: '改ざん' });
      const url = new URL((await exportIds({ customer_ids: [c.id] }).expect(200)).body.data);
      const variants: [string, (p: URLSearchParams) => void][] = [
        ['another key', (p) => p.set('key', p.get('key')!.replace('customers_', 'customerz_'))],
        ['another name', (p) => p.set('name', 'other.csv')],
        ['a later expiry', (p) => p.set('expires', String(Number(p.get('expires')) + 3600))],
        ['an expiry in the past', (p) => p.set('expires', String(Math.floor(Date.now() / 1000) - 10))],
        ['another signature', (p) => p.set('sig', 'A'.repeat(43))],
        ['no signature', (p) => p.delete('sig')],
      ];
      for (const [, change] of variants) {
        const params = new URLSearchParams(url.search);
        change(params);
        const res = await ctx.api.http.get(`${url.pathname}?${params}`).expect(404);
        expectErrorEnvelope(res.body, 'NAL-404');
      }
      await ctx.api.http.get(`${url.pathname}${url.search}`).expect(200);
    });

    it('refuses a URL whose time has passed', async () => {
      const c = await create({ name: '期限切れ' });
      const url = new URL((await exportIds({ customer_ids: [c.id] }).expect(200)).body.data);
      // The same file signed with the same key five minutes and a second ago: a valid signature, out of time.
      const earlier = new LocalDiskStorage({
        dir: ctx.api.config.FILE_STORAGE_DIR,
        publicApiUrl: ctx.api.config.PUBLIC_API_URL,
        urlSigningSecret: ctx.api.config.JWT_SECRET,
        now: () => Date.now() - 301_000,
      });
      const expired = new URL(await earlier.signedDownloadUrl(url.searchParams.get('key')!, { fileName: url.searchParams.get('name')! }));
      const res = await ctx.api.http.get(`${expired.pathname}${expired.search}`).expect(404);
      expectErrorEnvelope(res.body, 'NAL-404');
      // Signed now with the same key, it downloads: only the time was wrong.
      const fresh = new URL(await new LocalDiskStorage({ dir: ctx.api.config.FILE_STORAGE_DIR, publicApiUrl: ctx.api.config.PUBLIC_API_URL, urlSigningSecret: ctx.api.config.JWT_SECRET }).signedDownloadUrl(url.searchParams.get('key')!));
      await ctx.api.http.get(`${fresh.pathname}${fresh.search}`).expect(200);
    });
  });

  it('lets the accountant read but not write, and refuses maker users', async () => {
    const accountant = await ctx.api.signedIn('accountant');
    const maker = await ctx.api.signedIn('maker');
    await ctx.api.http.get('/api/v1/customers').set('Authorization', accountant.auth).expect(200);
    await ctx.api.http.post('/api/v1/customers').set('Authorization', accountant.auth).send(valid).expect(403);
    await ctx.api.http.get('/api/v1/customers').set('Authorization', maker.auth).expect(403);
  });

  it('refuses an export id beyond any record id with 422, not 500', async () => {
    const operator = await ctx.api.signedIn('operator');
    const res = await ctx.api.http.post('/api/v1/customers/export').set('Authorization', operator.auth).send({ customer_ids: [1e20] }).expect(422);
    expect(res.body.error.errors).toEqual([{ field: 'customer_ids', error_code: 'max', params: { max: Number.MAX_SAFE_INTEGER } }]);
  });
});

import { orderBody, orderClient } from './support/order-form';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

describe('products API', () => {
  const ctx = useTestApi();
  let operator: Awaited<ReturnType<TestApp['signedIn']>>;
  let shop12: string; // platform_1: 12-digit shop product ids
  let shop9: string; // platform_2: 9 digits
  let maker: { id: string; code: string };
  let seq = 0;

  const shop = async (type: 'platform_1' | 'platform_2') => {
    const code = `S-${type}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await ctx.api.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ($1, $2, $3) RETURNING id`, [`ショップ ${code}`, code, type]);
    return String(row.id);
  };

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    shop12 = await shop('platform_1');
    shop9 = await shop('platform_2');
    maker = await ctx.api.maker();
  });

  const valid = () => ({
    product_code: `P-${++seq}`,
    product_name: '木製チェア',
    shop_id: Number(shop12),
    maker_id: Number(maker.id),
    price: 1980,
    tax_percentage: 10,
    shipping_type: 'direct_delivery',
  });
  const post = (body: object, auth = operator.auth) => ctx.api.http.post('/api/v1/products').set('Authorization', auth).send(body);
  const put = (id: number, body: object, auth = operator.auth) => ctx.api.http.put(`/api/v1/products/${id}`).set('Authorization', auth).send(body);
  const get = (path: string, auth = operator.auth) => ctx.api.http.get(`/api/v1/products${path}`).set('Authorization', auth);
  const errorsOf = (res: { body: { error: { errors: unknown[] } } }) => res.body.error.errors;

  it('creates a product with every field, deriving tax and price with tax', async () => {
    const res = await post({
      product_code: 'FULL-1',
      own_product_code: 'OWN-1',
      ec_product_code: 'EC-1',
      maker_product_code: 'MPC-FULL-1',
      shop_id: Number(shop12),
      shop_product_id: '123456789012',
      maker_id: Number(maker.id),
      product_name: '本革ソファ',
      category_name: '家具',
      price: 999,
      tax_percentage: 8,
      tax: 1,
      price_with_tax: 5,
      wholesale_price: 500,
      option1: '色: 黒',
      option2: 'サイズ: L',
      shipping_type: 'order_delivery',
      available_shipment: false,
      estimate_ship_date: '3営業日',
      delivery_category: 'A1',
      is_display: false,
      posting_support_status: 'not_compatible',
      state: 'available_long_term',
    }).expect(201);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number),
      product_code: 'FULL-1',
      own_product_code: 'OWN-1',
      ec_product_code: 'EC-1',
      maker_product_code: 'MPC-FULL-1',
      maker_code_or_product_id: 'MPC-FULL-1',
      shop_id: Number(shop12),
      shop_type: 'platform_1',
      shop_product_id: '123456789012',
      maker_id: Number(maker.id),
      maker_code: maker.code,
      price: 999,
      tax_percentage: 8,
      tax: 79, // 79.92 rounded down; the client's 1 and 5 are ignored
      price_with_tax: 1078,
      wholesale_price: 500,
      option1: '色: 黒',
      option2: 'サイズ: L',
      shipping_type: 'order_delivery',
      available_shipment: false,
      estimate_ship_date: '3営業日',
      delivery_category: 'A1',
      is_display: false,
      posting_support_status: 'not_compatible',
      state: 'available_long_term',
      last_changed_at: null,
      version: 1,
    });
    const read = await get(`/${res.body.data.id}`).expect(200);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('defaults the flags and states, and combines the maker code or the shop product id', async () => {
    const res = await post({ ...valid(), shop_id: Number(shop9), shop_product_id: '987654321' }).expect(201);
    expect(res.body.data).toMatchObject({ available_shipment: true, is_display: true, posting_support_status: 'supported', state: 'available', maker_code_or_product_id: '987654321' });
  });

  describe('limits of SPEC.md §5 at their boundaries', () => {
    const texts: [string, number][] = [
      ['product_code', 50],
      ['own_product_code', 50],
      ['ec_product_code', 70],
      ['maker_product_code', 50],
      ['product_name', 100],
      ['category_name', 100],
      ['option1', 50],
      ['option2', 50],
      ['estimate_ship_date', 50],
      ['delivery_category', 3],
    ];
    it.each(texts)('%s: %i characters pass, one more is refused', async (field, max) => {
      const at = (field === 'product_code' || field === 'maker_product_code' ? `${field.length}${++seq}` : '').padEnd(max, '品');
      expect((await post({ ...valid(), [field]: at })).status).toBe(201);
      const over = await post({ ...valid(), [field]: `${at}x` }).expect(422);
      expect(errorsOf(over)).toEqual([{ field, error_code: 'max_length', params: { max } }]);
    });

    it.each(['price', 'wholesale_price'])('%s: 0 and 99,999,999 pass, -1 and 100,000,000 are refused, integers only', async (field) => {
      expect((await post({ ...valid(), [field]: 0 })).status).toBe(201);
      expect((await post({ ...valid(), [field]: 99_999_999 })).status).toBe(201);
      expect(errorsOf(await post({ ...valid(), [field]: -1 }).expect(422))).toEqual([{ field, error_code: 'min', params: { min: 0 } }]);
      expect(errorsOf(await post({ ...valid(), [field]: 100_000_000 }).expect(422))).toEqual([{ field, error_code: 'max', params: { max: 99_999_999 } }]);
      expect(errorsOf(await post({ ...valid(), [field]: 10.5 }).expect(422))).toEqual([{ field, error_code: 'integer' }]);
    });

    it('tax percent: 0 and 100 pass, -1 and 101 are refused', async () => {
      expect((await post({ ...valid(), tax_percentage: 0 }).expect(201)).body.data).toMatchObject({ tax: 0, price_with_tax: 1980 });
      expect((await post({ ...valid(), price: 99_999_999, tax_percentage: 100 }).expect(201)).body.data).toMatchObject({ tax: 99_999_999, price_with_tax: 199_999_998 });
      expect(errorsOf(await post({ ...valid(), tax_percentage: -1 }).expect(422))).toEqual([{ field: 'tax_percentage', error_code: 'min', params: { min: 0 } }]);
      expect(errorsOf(await post({ ...valid(), tax_percentage: 101 }).expect(422))).toEqual([{ field: 'tax_percentage', error_code: 'max', params: { max: 100 } }]);
    });

    it('requires the identifying fields, and takes states and types from their lists', async () => {
      expect(errorsOf(await post({ shipping_type: 'drone', state: 'sold', posting_support_status: 'maybe', is_display: 'yes' }).expect(422))).toEqual([
        { field: 'product_code', error_code: 'required' },
        { field: 'shop_id', error_code: 'required' },
        { field: 'maker_id', error_code: 'required' },
        { field: 'product_name', error_code: 'required' },
        { field: 'price', error_code: 'required' },
        { field: 'tax_percentage', error_code: 'required' },
        { field: 'shipping_type', error_code: 'in', params: { values: 'direct_delivery,order_delivery' } },
        { field: 'is_display', error_code: 'in', params: { values: 'true,false' } },
        { field: 'posting_support_status', error_code: 'in', params: { values: 'supported,not_compatible' } },
        { field: 'state', error_code: 'in', params: { values: 'available,unavailable,available_long_term' } },
      ]);
    });

    it('refuses a shop or a maker that does not exist', async () => {
      expect(errorsOf(await post({ ...valid(), shop_id: 987654 }).expect(422))).toEqual([{ field: 'shop_id', error_code: 'exists' }]);
      expect(errorsOf(await post({ ...valid(), maker_id: 987654 }).expect(422))).toEqual([{ field: 'maker_id', error_code: 'exists' }]);
    });
  });

  describe('the shop product id has 12 digits on platform_1 and 9 on platform_2', () => {
    it.each([
      ['platform_1', '123456789012', '12345678901', 12],
      ['platform_2', '123456789', '1234567890', 9],
    ])('%s: %s passes, %s is refused', async (type, ok, bad, length) => {
      const shopId = Number(type === 'platform_1' ? shop12 : shop9);
      expect((await post({ ...valid(), shop_id: shopId, shop_product_id: ok })).status).toBe(201);
      expect(errorsOf(await post({ ...valid(), shop_id: shopId, shop_product_id: bad }).expect(422))).toEqual([
        { field: 'shop_product_id', error_code: 'digits', params: { length } },
      ]);
      expect(errorsOf(await post({ ...valid(), shop_id: shopId, shop_product_id: ok.replace('1', 'a') }).expect(422))).toEqual([
        { field: 'shop_product_id', error_code: 'digits', params: { length } },
      ]);
    });

    it('is checked again when the shop changes', async () => {
      const created = (await post({ ...valid(), shop_id: Number(shop9), shop_product_id: '123456789' }).expect(201)).body.data;
      const res = await put(created.id, { ...valid(), product_code: created.product_code, shop_id: Number(shop12), version: 1 }).expect(422);
      expect(errorsOf(res)).toEqual([{ field: 'shop_product_id', error_code: 'digits', params: { length: 12 } }]);
    });
  });

  it('keeps product codes and maker product codes unique', async () => {
    await post({ ...valid(), product_code: 'UNIQ-P', maker_product_code: 'UNIQ-M' }).expect(201);
    expect(errorsOf(await post({ ...valid(), product_code: 'UNIQ-P' }).expect(422))).toEqual([{ field: 'product_code', error_code: 'unique' }]);
    expect(errorsOf(await post({ ...valid(), maker_product_code: 'UNIQ-M' }).expect(422))).toEqual([{ field: 'maker_product_code', error_code: 'unique' }]);
    const other = (await post(valid()).expect(201)).body.data;
    expect(errorsOf(await put(other.id, { ...valid(), product_code: 'UNIQ-P', version: 1 }).expect(422))).toEqual([{ field: 'product_code', error_code: 'unique' }]);
  });

  describe('updates', () => {
    it('recomputes the price with tax, keeps fields left out, and refuses a stale version', async () => {
      const created = (await post({ ...valid(), option1: '赤', wholesale_price: 100 }).expect(201)).body.data;
      const base = { ...valid(), product_code: created.product_code };
      const updated = (await put(created.id, { ...base, price: 19, tax_percentage: 10, price_with_tax: 999, version: 1 }).expect(200)).body.data;
      expect(updated).toMatchObject({ price: 19, tax: 1, price_with_tax: 20, option1: '赤', wholesale_price: 100, version: 2 });
      expect((await put(created.id, { ...base, option1: null, version: 2 }).expect(200)).body.data).toMatchObject({ option1: null, version: 3 });
      const stale = await put(created.id, { ...base, version: 2 });
      expect(stale.status).toBe(400);
      expectErrorEnvelope(stale.body, 'NAL-PRO-001');
      await put(987654, { ...base, version: 1 }).expect(404);
    });

    it('records changes of availability and estimated ship date, with who and when, and only those', async () => {
      const created = (await post({ ...valid(), estimate_ship_date: '3日' }).expect(201)).body.data;
      const base = { ...valid(), product_code: created.product_code, estimate_ship_date: '3日' };
      const changesOf = () =>
        ctx.api.dataSource.query(`SELECT field, from_value, to_value, changed_by, changed_at FROM product_changes WHERE product_id = $1 ORDER BY id`, [created.id]);

      // Other fields: no record, no last_changed_at.
      const renamed = (await put(created.id, { ...base, product_name: '新しい名前', price: 2000, version: 1 }).expect(200)).body.data;
      expect(await changesOf()).toEqual([]);
      expect(renamed.last_changed_at).toBeNull();

      const before = Date.now();
      const changed = (await put(created.id, { ...base, state: 'unavailable', estimate_ship_date: '1週間', version: 2 }).expect(200)).body.data;
      const rows = await changesOf();
      expect(rows).toEqual([
        { field: 'state', from_value: 'available', to_value: 'unavailable', changed_by: operator.id, changed_at: expect.any(Date) },
        { field: 'estimate_ship_date', from_value: '3日', to_value: '1週間', changed_by: operator.id, changed_at: expect.any(Date) },
      ]);
      expect(rows[0].changed_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(changed.last_changed_at).getTime()).toBe(rows[0].changed_at.getTime());

      // The same values again: nothing new.
      await put(created.id, { ...base, state: 'unavailable', estimate_ship_date: '1週間', version: 3 }).expect(200);
      expect(await changesOf()).toHaveLength(2);

      // A change that fails (stale version) records nothing.
      await put(created.id, { ...base, state: 'available', version: 1 }).expect(400);
      expect(await changesOf()).toHaveLength(2);

      const recent = (await get('/changes').expect(200)).body.data;
      expect(recent.slice(0, 2)).toEqual([
        expect.objectContaining({ product_id: created.id, field: 'estimate_ship_date', from: '3日', to: '1週間', changed_by: { id: Number(operator.id), name: expect.any(String) } }),
        expect.objectContaining({ product_id: created.id, field: 'state', from: 'available', to: 'unavailable', product_code: created.product_code }),
      ]);
      expect((await get(`/changes?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`).expect(200)).body.data).toEqual([]);
      expect(errorsOf(await get('/changes?since=yesterday').expect(422))).toEqual([{ field: 'since', error_code: 'date_format' }]);
    });
  });

  describe('delete', () => {
    const del = (id: number, auth = operator.auth) => ctx.api.http.delete(`/api/v1/products/${id}`).set('Authorization', auth);

    it('deletes a product no order carries, with its change records', async () => {
      const body = valid();
      const { id } = (await post(body).expect(201)).body.data;
      await put(id, { ...body, state: 'unavailable', version: 1 }).expect(200); // a change record
      await del(id).expect(204);
      await get(`/${id}`).expect(404);
      expect(await ctx.api.dataSource.query(`SELECT 1 FROM product_changes WHERE product_id = $1`, [id])).toEqual([]);
      expectErrorEnvelope((await del(id).expect(404)).body, 'NAL-404');
      await del(0).expect(422);
    });

    it('refuses a product an order carries (NAL-PRO-006), and keeps it', async () => {
      const product = (await post(valid()).expect(201)).body.data;
      const order = await orderClient(ctx.api, operator.auth).create(
        orderBody(shop12, maker.id, { lines: [{ product_id: product.id, amount: 1 }] }),
      );
      expect(order.lines[0].product_id).toBe(String(product.id));
      expectErrorEnvelope((await del(product.id).expect(400)).body, 'NAL-PRO-006');
      expect((await get(`/${product.id}`).expect(200)).body.data).toEqual(product);
    });

    it('is not for a user who may only read the catalogue', async () => {
      const { id } = (await post(valid()).expect(201)).body.data;
      await del(id, (await ctx.api.signedIn('maker')).auth).expect(403);
      await get(`/${id}`).expect(200);
    });
  });

  describe('list', () => {
    let otherMaker: { id: string; code: string };
    beforeAll(async () => {
      otherMaker = await ctx.api.maker();
      await post({ ...valid(), product_code: 'LIST-A1', product_name: '一覧テスト甲', maker_product_code: 'LIST-MPC-1' }).expect(201);
      await post({ ...valid(), product_code: 'LIST-A2', product_name: '一覧テスト乙', ec_product_code: 'EC-LIST-XYZ', shop_id: Number(shop9), state: 'unavailable', is_display: false }).expect(201);
      await post({ ...valid(), product_code: 'LIST-A3', product_name: '一覧テスト丙', maker_id: Number(otherMaker.id), price: 10 }).expect(201);
    });
    const codes = async (q: string) => (await get(`?${q}`).expect(200)).body.data.map((p: { product_code: string }) => p.product_code);

    it('filters by keyword over code, name, EC code and maker product code', async () => {
      expect(await codes('keyword=一覧テスト')).toEqual(['LIST-A1', 'LIST-A2', 'LIST-A3']);
      expect(await codes('keyword=ec-list-x')).toEqual(['LIST-A2']);
      expect(await codes('keyword=LIST-MPC')).toEqual(['LIST-A1']);
      expect(await codes('keyword=list-a3')).toEqual(['LIST-A3']);
      expect(await codes('keyword=100%')).toEqual([]);
    });

    it('filters by shop, maker, state and display, sorts and pages', async () => {
      expect(await codes(`keyword=LIST-A&shop_id=${shop9}`)).toEqual(['LIST-A2']);
      expect(await codes(`keyword=LIST-A&maker_id=${otherMaker.id}`)).toEqual(['LIST-A3']);
      expect(await codes('keyword=LIST-A&state=unavailable&state=available_long_term')).toEqual(['LIST-A2']);
      expect(await codes('keyword=LIST-A&is_display=true')).toEqual(['LIST-A1', 'LIST-A3']);
      expect(await codes('keyword=LIST-A&sort=price&order=asc')).toEqual(['LIST-A3', 'LIST-A1', 'LIST-A2']);
      expect(await codes('keyword=LIST-A&sort=product_code&order=desc')).toEqual(['LIST-A3', 'LIST-A2', 'LIST-A1']);
      const paged = (await get('?keyword=LIST-A&per_page=20&page=2').expect(200)).body;
      expect(paged).toEqual({ data: [], pagination: { from: null, to: null, total: 3, current_page: 2, per_page: 20, last_page: 1, next_cursor: null, prev_cursor: null } });
      const first = (await get('?keyword=LIST-A&per_page=20').expect(200)).body;
      expect(first.data[0]).toMatchObject({ maker_code_or_product_id: 'LIST-MPC-1', shop_name: expect.any(String), maker_name: expect.any(String) });
      expect(errorsOf(await get('?per_page=7&sort=nope&shop_id=x&is_display=maybe').expect(422))).toEqual([
        { field: 'sort', error_code: 'in', params: { values: 'id,product_code,product_name,price,state,updated_at,last_changed_at' } },
        { field: 'per_page', error_code: 'in', params: { values: '20,50,100,200' } },
        { field: 'shop_id', error_code: 'integer' },
        { field: 'is_display', error_code: 'in', params: { values: 'true,false' } },
      ]);
    });

    it('shows a maker user only their own maker\'s products, and no writes', async () => {
      const makerUser = await ctx.api.signedIn('maker');
      const mine = await ctx.api.dataSource.query(
        `INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type)
         VALUES ('MINE-1', $1, $2, '自社品', 100, 10, 10, 110, 'direct_delivery') RETURNING id`,
        [shop12, makerUser.makerId],
      );
      const list = (await get('', makerUser.auth).expect(200)).body;
      expect(list.data.map((p: { product_code: string }) => p.product_code)).toEqual(['MINE-1']);
      await get(`/${mine[0].id}`, makerUser.auth).expect(200);
      const someone = (await get('?keyword=LIST-A1').expect(200)).body.data[0];
      await get(`/${someone.id}`, makerUser.auth).expect(404);
      await post(valid(), makerUser.auth).expect(403);
    });
  });
});

import { EXACT_TOTAL_LIMIT, orderListSql } from '@oms/infra';
import { deliveryCompany } from './support/order-fixtures';
import { customerRow, errorsOf, orderBody, orderClient, setOrderState, shopRow } from './support/order-form';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Row = { id: string };

describe('orders API: list, detail, history, errors, payment methods', () => {
  const ctx = useTestApi();
  let staff: Awaited<ReturnType<TestApp['signedIn']>>;
  let client: ReturnType<typeof orderClient>;
  let shopA: string;
  let shopB: string;
  let makerX: { id: string };
  let makerY: { id: string };
  let customer: string;
  /** o1: shop A, maker X, unpaid. o2: shop B, maker Y, ordered and shipped. o3: shop A, makers X (unpaid) and Y (paid), two errors. */
  let o1: { id: string; order_no: string };
  let o2: { id: string; order_no: string };
  let o3: { id: string; order_no: string };
  let errorIds: { staff: string; makerX: string };

  const line = (makerId: string, price: number) => ({ maker_id: Number(makerId), product_name: `商品 ${price}`, amount: 1, price_with_tax: price });

  beforeAll(async () => {
    staff = await ctx.api.signedIn('call_center');
    const operator = await ctx.api.signedIn('operator');
    client = orderClient(ctx.api, operator.auth);
    shopA = await shopRow(ctx.api);
    shopB = await shopRow(ctx.api);
    makerX = await ctx.api.maker({ name: 'メーカーX' });
    makerY = await ctx.api.maker({ name: 'メーカーY' });
    customer = await customerRow(ctx.api, { name: '佐藤 花子' });

    o1 = await client.create(
      orderBody(shopA, makerX.id, {
        customer_id: Number(customer),
        order_date: '2026-01-10',
        ec_order_id: 'EC-AAA-1',
        buyer_name: '佐藤 花子',
        buyer_kana: 'サトウ ハナコ',
        buyer_tel: '090-1111-2222',
        buyer_email: 'Hanako@Example.jp',
        lines: [line(makerX.id, 11_000)],
      }),
    );
    o2 = await client.create(
      orderBody(shopB, makerY.id, {
        payment_method_id: 1,
        order_date: '2026-02-10',
        ec_order_id: 'EC-BBB-2',
        buyer_name: '鈴木 一郎',
        buyer_kana: 'スズキ イチロウ',
        buyer_tel: '03-5555-6666',
        buyer_email: 'ichiro@example.jp',
        preferred_period: 2,
        lines: [line(makerY.id, 5_000)],
      }),
    );
    o3 = await client.create(
      orderBody(shopA, makerX.id, {
        payment_method_id: 3,
        order_date: '2026-03-10',
        buyer_name: '高橋 100%',
        buyer_kana: 'タカハシ',
        buyer_tel: null,
        buyer_email: null,
        preferred_period: 4,
        lines: [line(makerX.id, 3_000), line(makerY.id, 3_000)],
      }),
    );
    const company = await deliveryCompany(ctx.api);
    await setOrderState(ctx.api, o2.id, {
      lineStatus: 3,
      maker: { makerReceiveDate: '2026-02-12', shipDate: '2026-02-15', deliveryCompanyId: company, trackingCode: 'TRK-1' },
    });
    await setOrderState(ctx.api, o3.id, { lineStatus: 2, lineMakerId: makerY.id, maker: { makerId: makerY.id, makerReceiveDate: '2026-03-12' } });
    await setOrderState(ctx.api, o3.id, { error: { code: 'NAL_ORD-123', message: 'EDI停止金額に達しました' } });
    await setOrderState(ctx.api, o3.id, { error: { code: 'NAL_ORD-124', message: '送信失敗', makerId: makerX.id } });
    const errors = await ctx.api.dataSource.query(`SELECT id::text AS id, maker_id FROM order_errors WHERE order_id = $1 ORDER BY id`, [o3.id]);
    errorIds = { staff: errors[0].id, makerX: errors[1].id };
  });

  const list = async (query: string, auth = staff.auth) => {
    const res = await ctx.api.http.get(`/api/v1/orders${query}`).set('Authorization', auth).expect(200);
    return res.body;
  };
  const ids = async (query: string, auth = staff.auth) => (await list(query, auth)).data.map((r: Row) => r.id);

  describe('list filters', () => {
    it('lists every order, newest order date first', async () => {
      expect(await ids('')).toEqual([o3.id, o2.id, o1.id]);
    });

    it.each([
      ['status=1', () => [o3, o1]],
      ['status=2', () => [o3]],
      ['status=3', () => [o2]],
      ['status=5', () => []],
      ['order_date_from=2026-02-01', () => [o3, o2]],
      ['order_date_to=2026/2/10', () => [o2, o1]],
      ['order_date_from=2026-02-10&order_date_to=2026-02-10', () => [o2]],
      ['maker_receive_date_from=2026-02-12&maker_receive_date_to=2026-02-12', () => [o2]],
      ['maker_receive_date_from=2026-02-13', () => [o3]],
      ['maker_receive_date_to=2026-03-31', () => [o3, o2]],
      // A long period takes the other form of the same condition.
      ['maker_receive_date_from=2025-01-01&maker_receive_date_to=2026-12-31', () => [o3, o2]],
      ['ship_date_from=2026-02-01&ship_date_to=2026-02-28', () => [o2]],
      ['ship_date_from=2026-03-01', () => []],
      ['shop_id=A', () => [o3, o1]],
      ['maker_id=X', () => [o3, o1]],
      ['maker_id=Y', () => [o3, o2]],
      ['customer_id=C', () => [o1]],
      ['payment_method_id=1', () => [o2]],
      ['payment_method_id=0', () => []],
      ['delivery_info=1', () => [o2]],
      ['delivery_info=0', () => [o3, o1]],
      ['has_errors=1', () => [o3]],
      ['has_errors=0', () => [o2, o1]],
      ['shop_id=A&status=2', () => [o3]],
      ['preferred_period=0', () => [o1]],
      ['preferred_period=1', () => []],
      ['preferred_period=2', () => [o2]],
      ['preferred_period=4', () => [o3]],
      ['preferred_period=4&shop_id=A', () => [o3]],
    ])('%s', async (query, expected) => {
      const q = query.replace('shop_id=A', `shop_id=${shopA}`).replace('maker_id=X', `maker_id=${makerX.id}`).replace('maker_id=Y', `maker_id=${makerY.id}`).replace('customer_id=C', `customer_id=${customer}`);
      expect(await ids(`?${q}`)).toEqual(expected().map((o) => o.id));
    });

    it('finds by keyword in order number, EC order id, buyer name, kana, phone (as written or digits) and e-mail, ignoring case', async () => {
      const kw = async (keyword: string) => ids(`?keyword=${encodeURIComponent(keyword)}`);
      expect(await kw(o1.order_no)).toEqual([o1.id]);
      expect(await kw(o2.order_no.slice(-7))).toEqual([o2.id]);
      expect(await kw('ec-bbb')).toEqual([o2.id]);
      expect(await kw('佐藤')).toEqual([o1.id]);
      expect(await kw('スズキ イチ')).toEqual([o2.id]);
      expect(await kw('090-1111')).toEqual([o1.id]);
      expect(await kw('09011112222')).toEqual([o1.id]);
      expect(await kw('HANAKO@example')).toEqual([o1.id]);
      // LIKE wildcards are matched literally.
      expect(await kw('%')).toEqual([o3.id]);
      expect(await kw('_')).toEqual([]);
      expect(await kw('誰もいない')).toEqual([]);
    });

    it('sorts by order date, id or total, either way', async () => {
      expect(await ids('?sort=order_date')).toEqual([o1.id, o2.id, o3.id]);
      expect(await ids('?sort=-order_date')).toEqual([o3.id, o2.id, o1.id]);
      expect(await ids('?sort=id')).toEqual([o1.id, o2.id, o3.id]);
      expect(await ids('?sort=-id')).toEqual([o3.id, o2.id, o1.id]);
      expect(await ids('?sort=total')).toEqual([o2.id, o3.id, o1.id]);
      expect(await ids('?sort=-total')).toEqual([o1.id, o3.id, o2.id]);
    });

    it('refuses filters out of their range with 422', async () => {
      const bad = async (query: string) => errorsOf(await ctx.api.http.get(`/api/v1/orders?${query}`).set('Authorization', staff.auth).expect(422));
      expect(await bad('status=13')).toEqual([{ field: 'status', error_code: 'in', params: { values: '1,2,3,4,5,6,7,8,9,10,11,12' } }]);
      expect(await bad('order_date_from=2026-02-30')).toEqual([{ field: 'order_date_from', error_code: 'date_format' }]);
      expect(await bad('sort=name')).toEqual([{ field: 'sort', error_code: 'in', params: { values: 'order_date,-order_date,id,-id,total,-total' } }]);
      expect(await bad('delivery_info=2&has_errors=x')).toEqual([
        { field: 'delivery_info', error_code: 'in', params: { values: '0,1' } },
        { field: 'has_errors', error_code: 'integer' },
      ]);
      // A preferred period is its code, 0 (none) to 4; the late slot's text (20-) is not a code.
      for (const [value, rule] of [
        ['5', { error_code: 'max', params: { max: 4 } }],
        ['-1', { error_code: 'min', params: { min: 0 } }],
        ['20-', { error_code: 'integer' }],
        ['1.5', { error_code: 'integer' }],
      ] as const) {
        expect(await bad(`preferred_period=${encodeURIComponent(value)}`)).toEqual([{ field: 'preferred_period', ...rule }]);
      }
      expect(await bad('per_page=7')).toEqual([{ field: 'per_page', error_code: 'in', params: { values: '20,50,100,200' } }]);
      expect(await bad(`keyword=${'a'.repeat(101)}`)).toEqual([{ field: 'keyword', error_code: 'max_length', params: { max: 100 } }]);
    });

    it('answers list rows: the order with its lines and maker parts, without the detail-only parts', async () => {
      const row = (await list(`?customer_id=${customer}`)).data[0];
      expect(row).toMatchObject({ id: o1.id, shop_name: expect.any(String), error_count: 0, products_total: 11_000, status: 1, tax_by_rate: [{ rate: 10, amount_with_tax: 11_000, tax: 1000 }] });
      expect(row.payment_method).toEqual({ id: 2, code: 'bank_transfer', name_ja: '銀行振込', name_en: 'Bank transfer', is_postpaid: false, business_only: false, fee_with_tax: null, limit_amount: null });
      expect(row.lines).toEqual([expect.objectContaining({ maker_id: makerX.id, maker_name: 'メーカーX', price_with_tax: 11_000 })]);
      expect(Object.keys(row.makers[0]).sort()).toEqual(
        ['maker_id', 'maker_name', 'order_method', 'confirm_status', 'refusal_reason', 'conversation_status', 'maker_receive_date', 'ship_date', 'delivery_company_id', 'tracking_code'].sort(),
      );
      expect(row).not.toHaveProperty('errors');
      const withErrors = (await list('?has_errors=1')).data[0];
      expect(withErrors).toMatchObject({ id: o3.id, error_count: 2, status: 1 });
    });
  });

  describe('detail and history', () => {
    it('answers the order with its errors and its payment method’s customer', async () => {
      const order = (await client.get(`/orders/${o3.id}`).expect(200)).body.data;
      expect(order.payment_method).toMatchObject({ id: 3, code: 'cash_on_delivery', customer: null });
      expect(order.errors).toEqual([
        { id: errorIds.staff, maker_id: null, code: 'NAL_ORD-123', message: 'EDI停止金額に達しました', created_at: expect.any(String) },
        { id: errorIds.makerX, maker_id: makerX.id, code: 'NAL_ORD-124', message: '送信失敗', created_at: expect.any(String) },
      ]);
      expect(order.lines.map((l: { status: number }) => l.status)).toEqual([1, 2]);
      expect(order.makers.find((m: { maker_id: string }) => m.maker_id === makerY.id)).toMatchObject({ maker_receive_date: '2026-03-12', estimated_ship_date: null });
      const withCustomer = (await client.get(`/orders/${o1.id}`).expect(200)).body.data;
      expect(withCustomer.payment_method.customer).toEqual({ id: customer, name: '佐藤 花子', company_name: null });
      await client.get('/orders/987654').expect(404);
      await client.get('/orders/abc').expect(422);
    });

    it('answers the status history of the lines, oldest first', async () => {
      const history = (await client.get(`/orders/${o3.id}/history_status`).expect(200)).body.data;
      expect(history.map((h: { product_name: string; from_status: null; to_status: number; command: string }) => [h.product_name, h.from_status, h.to_status, h.command])).toEqual([
        ['商品 3000', null, 1, 'create'],
        ['商品 3000', null, 1, 'create'],
      ]);
      expect(Number(history[0].id)).toBeLessThan(Number(history[1].id));
      await client.get('/orders/987654/history_status').expect(404);
    });
  });

  describe('a maker user', () => {
    it('sees no order whose lines of its maker were not ordered from it (unpaid, paid): 404, and none listed (orders-maker-view covers the rest)', async () => {
      const user = await ctx.api.user('maker', { makerId: makerX.id });
      const auth = ctx.api.bearer(user, makerX.id);
      expect(await ids('', auth)).toEqual([]);
      expect((await list('', auth)).pagination.total).toBe(0);
      for (const order of [o1, o3]) {
        expectErrorEnvelope((await ctx.api.http.get(`/api/v1/orders/${order.id}`).set('Authorization', auth).expect(404)).body, 'NAL-404');
        await ctx.api.http.get(`/api/v1/orders/${order.id}/history_status`).set('Authorization', auth).expect(404);
      }
    });
  });

  describe('the product filter (the product page links to it)', () => {
    let productX: string;
    let productY: string;

    beforeAll(async () => {
      const product = async (code: string, makerId: string) => {
        const [row] = await ctx.api.dataSource.query(
          `INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type)
           VALUES ($1, $2, $3, $1, 1000, 10, 100, 1100, 'direct_delivery') RETURNING id::text AS id`,
          [code, shopA, makerId],
        );
        return row.id as string;
      };
      productX = await product(`FILTER-X-${Date.now()}`, makerX.id);
      productY = await product(`FILTER-Y-${Date.now()}`, makerY.id);
      // The lines carry the products: X on o1 and on o3's maker-X line, Y on o2 and on o3's maker-Y line (paid).
      await ctx.api.dataSource.query(`UPDATE order_lines SET product_id = $1 WHERE order_id = ANY($2::bigint[]) AND maker_id = $3`, [productX, [o1.id, o3.id], makerX.id]);
      await ctx.api.dataSource.query(`UPDATE order_lines SET product_id = $1 WHERE order_id = ANY($2::bigint[]) AND maker_id = $3`, [productY, [o2.id, o3.id], makerY.id]);
    });

    it('lists the orders with a line of the product, with the other filters and sorts, and counts them', async () => {
      expect(await ids(`?product_id=${productX}`)).toEqual([o3.id, o1.id]);
      expect(await ids(`?product_id=${productY}`)).toEqual([o3.id, o2.id]);
      expect(await ids(`?product_id=${productY}&status=3`)).toEqual([o2.id]);
      expect(await ids(`?product_id=${productX}&sort=total`)).toEqual([o3.id, o1.id]);
      // With a maker filter: the orders with a part of that maker and a line of the product (of any maker).
      expect(await ids(`?product_id=${productX}&maker_id=${makerX.id}`)).toEqual([o3.id, o1.id]);
      expect(await ids(`?product_id=${productX}&maker_id=${makerY.id}`)).toEqual([o3.id]);
      expect((await list(`?product_id=${productY}&per_page=20`)).pagination).toMatchObject({ total: 2, total_is_estimate: false });
      expect(await ids('?product_id=987654321')).toEqual([]);
      expect(errorsOf(await ctx.api.http.get('/api/v1/orders?product_id=abc').set('Authorization', staff.auth).expect(422))).toEqual([{ field: 'product_id', error_code: 'integer' }]);
    });

    it('for a maker user, only orders where it may see a line of the product', async () => {
      const user = await ctx.api.user('maker', { makerId: makerY.id });
      const auth = ctx.api.bearer(user, makerY.id);
      // o3's line of the product is paid: not yet ordered from the maker, so not its order.
      expect(await ids(`?product_id=${productY}`, auth)).toEqual([o2.id]);
      expect((await list(`?product_id=${productY}`, auth)).pagination.total).toBe(1);
      expect(await ids(`?product_id=${productX}`, auth)).toEqual([]);
    });
  });

  describe('DELETE /errors', () => {
    const del = (query: string, auth?: string) => ctx.api.http.delete(`/api/v1/errors${query}`).set('Authorization', auth ?? staff.auth);

    it('deletes an error of the order and updates its error count', async () => {
      const operator = await ctx.api.signedIn('operator');
      // call_center may read but not delete.
      await del(`?order_id=${o3.id}&id=${errorIds.staff}`).expect(403);
      await del(`?order_id=${o1.id}&id=${errorIds.staff}`, operator.auth).expect(404);
      const res = await del(`?order_id=${o3.id}&id=${errorIds.staff}`, operator.auth).expect(204);
      expect(res.text).toBe('');
      const order = (await client.get(`/orders/${o3.id}`).expect(200)).body.data;
      expect(order.error_count).toBe(1);
      expect(order.errors.map((e: { id: string }) => e.id)).toEqual([errorIds.makerX]);
      await del(`?order_id=${o3.id}&id=${errorIds.staff}`, operator.auth).expect(404);
      await del(`?order_id=${o3.id}&id=${errorIds.makerX}`, operator.auth).expect(204);
      expect(await ids('?has_errors=1')).toEqual([]);
      expect(errorsOf(await del('', operator.auth).expect(422))).toEqual([
        { field: 'order_id', error_code: 'required' },
        { field: 'id', error_code: 'required' },
      ]);
    });
  });

  describe('GET /payments/search (the settings module’s route, which the order form reads)', () => {
    it('lists the payment methods, or the one with the id', async () => {
      const all = (await client.get('/payments/search').expect(200)).body.data;
      expect(all.map((p: { id: number }) => p.id)).toEqual([0, 1, 2, 3, 4, 5]);
      const deferred = (await client.get('/payments/search?id=4').expect(200)).body.data;
      expect(deferred).toEqual([
        { id: 4, code: 'deferred', name_ja: '後払い', name_en: 'Deferred payment', is_postpaid: true, business_only: false, fee_with_tax: 390, limit_amount: 55_000 },
      ]);
      expect((await client.get('/payments/search?id=9').expect(200)).body.data).toEqual([]);
      await client.get('/payments/search?id=x').expect(422);
    });
  });

  describe('paging and totals', () => {
    it('pages with page and per_page', async () => {
      const shop = await shopRow(ctx.api);
      for (let i = 0; i < 25; i++) await client.create(orderBody(shop, makerX.id, { order_date: '2025-06-01' }));
      const first = await list(`?shop_id=${shop}&per_page=20&sort=id`);
      const second = await list(`?shop_id=${shop}&per_page=20&page=2&sort=id`);
      expect(first.data).toHaveLength(20);
      expect(second.data).toHaveLength(5);
      expect(second.pagination).toEqual({ from: 21, to: 25, total: 25, current_page: 2, per_page: 20, last_page: 2, total_is_estimate: false, next_cursor: null, prev_cursor: expect.any(String) });
      expect([...first.data, ...second.data].map((r: Row) => Number(r.id))).toEqual([...first.data, ...second.data].map((r: Row) => Number(r.id)).sort((a, b) => a - b));
      const beyond = await list(`?shop_id=${shop}&per_page=20&page=3`);
      expect(beyond).toEqual({ data: [], pagination: { from: null, to: null, total: 25, current_page: 3, per_page: 20, last_page: 2, total_is_estimate: false, next_cursor: null, prev_cursor: null } });
    });

    it('counts exactly up to 10,000 matches and answers the planner’s estimate beyond', async () => {
      const shop = await shopRow(ctx.api);
      // 10,000 orders on one day and 50 on the next, straight in the database.
      await ctx.api.dataSource.query(`INSERT INTO order_numbers (order_no) SELECT 'BULK-' || g FROM generate_series(1, 10050) g`);
      await ctx.api.dataSource.query(
        `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, buyer_name, delivery_name, status, line_statuses, maker_ids)
         SELECT 'BULK-' || g, 'NAL-OMS', $1, 2, CASE WHEN g <= 10000 THEN date '2025-01-01' ELSE date '2025-01-02' END, '一括', '一括', 1, '{1}', '{}'
           FROM generate_series(1, 10050) g`,
        [shop],
      );
      await ctx.api.dataSource.query('ANALYZE orders');
      const exact = await list(`?shop_id=${shop}&order_date_to=2025-01-01&per_page=20`);
      expect(exact.pagination).toMatchObject({ total: EXACT_TOTAL_LIMIT, total_is_estimate: false, last_page: 500 });
      const estimated = await list(`?shop_id=${shop}`);
      expect(estimated.pagination.total_is_estimate).toBe(true);
      expect(estimated.pagination.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
      expect(estimated.data).toHaveLength(50);
      // The exported SQL is what the API runs: the same page of ids (and one more, which says there is a next page).
      const q = orderListSql({ shopId: shop }, { page: 1, perPage: 50 });
      expect((await ctx.api.dataSource.query(q.sql, q.params)).map((r: Row) => String(r.id)).slice(0, 50)).toEqual(estimated.data.map((r: Row) => r.id));
      expect(await ctx.api.dataSource.query(q.countSql, q.countParams)).toEqual([{ total: EXACT_TOTAL_LIMIT + 1 }]);
    });
  });
});

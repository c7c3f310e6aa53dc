import { deliveryCompany, givenOrder } from './support/order-fixtures';
import { customerRow, errorsOf, orderBody, orderClient, setOrderState, shopRow } from './support/order-form';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Auth = Awaited<ReturnType<TestApp['signedIn']>>;

/**
 * Inputs and scopes an independent review found answering 500 or leaking: null in fields that are
 * never null, ISO weeks and impossible dates, text counted the way the database counts it, a maker's
 * view of orders it shares with other makers, steps back along a line's real path, paid lines in edits.
 */
describe('orders API: hardening', () => {
  const ctx = useTestApi();
  let operator: Auth;
  let client: ReturnType<typeof orderClient>;
  let shop: string;
  let makerA: string;
  let makerB: string;

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    client = orderClient(ctx.api, operator.auth);
    shop = await shopRow(ctx.api);
    makerA = (await ctx.api.maker({ code: 'HARD-A' })).id;
    makerB = (await ctx.api.maker({ code: 'HARD-B' })).id;
  });

  const put = (path: string, body: object, auth: Auth = operator) => ctx.api.http.put(`/api/v1/orders${path}`).set('Authorization', auth.auth).send(body);
  const fieldsOf = (res: { body: { error: { errors: { field: string; error_code: string }[] } } }) => res.body.error.errors.map((e) => `${e.field}:${e.error_code}`).sort();

  describe('null where the database holds no null', () => {
    it('answers 422 on create and edit, not 500', async () => {
      const body = orderBody(shop, makerA, { send_mail_flag: null, sent_to_origin_flag: null, file_type: null, settlement_fee: null, other_fee: null, shipping_fee: null });
      expect(fieldsOf(await client.post(body).expect(422))).toEqual(
        ['file_type', 'other_fee', 'send_mail_flag', 'sent_to_origin_flag', 'settlement_fee', 'shipping_fee'].map((f) => `${f}:required`),
      );
      const order = await client.create(orderBody(shop, makerA));
      expect(fieldsOf(await client.put(order.id, { version: 1, shipping_fee: null, file_type: null }).expect(422))).toEqual(['file_type:required', 'shipping_fee:required']);
      const line = { maker_id: Number(makerA), product_name: 'x', amount: 1, price_with_tax: 100, tax_percentage: null, maker_shipping_fee: null };
      expect(fieldsOf(await client.post(orderBody(shop, makerA, { lines: [line] })).expect(422))).toEqual(['lines.0.maker_shipping_fee:required', 'lines.0.tax_percentage:required']);
    });

    it('answers 422 for null fees on return and refund, one order or a batch', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 5 }] });
      expect(fieldsOf(await put(`/${order.id}/return_process`, { version: 1, line_ids: order.lineIds, shipping_fee: null, fee: null }).expect(422))).toEqual([
        'fee:required',
        'shipping_fee:required',
      ]);
      const paid = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }] });
      await put('/batch/refund_process', { orders: [{ order_id: paid.id, version: 1, line_ids: paid.lineIds }], fee: null }).expect(422);
      expect((await ctx.api.dataSource.query(`SELECT status FROM order_lines WHERE order_id = $1`, [paid.id]))[0].status).toBe(2);
    });

    it('bounds the return and refund fees like every fee', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 5 }] });
      expect(fieldsOf(await put(`/${order.id}/return_process`, { version: 1, line_ids: order.lineIds, shipping_fee: 10_000_000, fee: -1 }).expect(422))).toEqual([
        'fee:min',
        'shipping_fee:max',
      ]);
      await put(`/${order.id}/return_process`, { version: 1, line_ids: order.lineIds, shipping_fee: 9_999_999, fee: 0 }).expect(200);
    });
  });

  describe('times and text as the database reads them', () => {
    it('refuses ISO weeks, ordinal dates and impossible days in confirmed_product_changes_at', async () => {
      for (const value of ['2026-W05', '2026-123', '2026-02-30T00:00:00Z']) {
        const res = await client.post(orderBody(shop, makerA, { confirmed_product_changes_at: value })).expect(422);
        expect(errorsOf(res)).toEqual([{ field: 'confirmed_product_changes_at', error_code: 'date_format' }]);
      }
      await client.post(orderBody(shop, makerA, { confirmed_product_changes_at: '2026-11-22T09:00:00+09:00' })).expect(201);
    });

    it('counts characters as code points: a variation selector is a character of its own', async () => {
      // The staff memo is never printed, so it may hold a variation selector; it counts as a character.
      const res = await client.post(orderBody(shop, makerA, { memo: 'あ\uFE0F'.repeat(500) + 'あ' })).expect(422);
      expect(errorsOf(res)).toEqual([{ field: 'memo', error_code: 'max_length', params: { max: 1000 } }]);
      await client.post(orderBody(shop, makerA, { memo: 'あ\uFE0F'.repeat(500) })).expect(201);
      // A printed field refuses it: the sheet's font has no such character.
      expect(errorsOf(await client.post(orderBody(shop, makerA, { buyer_name: 'あ\uFE0F' })).expect(422))).toEqual([{ field: 'buyer_name', error_code: 'unprintable', params: { chars: 'U+FE0F' } }]);
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 4 }] });
      const company = await deliveryCompany(ctx.api);
      const ship = { version: 1, line_ids: order.lineIds, ship_date: '2026-11-05', delivery_company_id: company, tracking_code: '1'.repeat(21) };
      expect(errorsOf(await put(`/${order.id}/maker_ship_process`, ship).expect(422))).toEqual([{ field: 'tracking_code', error_code: 'max_length', params: { max: 20 } }]);
      // Emoji and invisible characters are no tracking number.
      for (const [code, chars] of [['1234😀', '😀'], ['1\uFE0F', 'U+FE0F']]) {
        expect(errorsOf(await put(`/${order.id}/maker_ship_process`, { ...ship, tracking_code: code }).expect(422))).toEqual([{ field: 'tracking_code', error_code: 'unprintable', params: { chars } }]);
      }
    });
  });

  describe("a maker's view of an order it shares", () => {
    let shared: { id: string };
    let makerUser: Auth;

    beforeAll(async () => {
      makerUser = await ctx.api.signedIn('maker', makerA);
      const customer = await customerRow(ctx.api, { name: '共有 顧客', companyName: '株式会社共有' });
      shared = await client.create(
        orderBody(shop, makerA, {
          customer_id: Number(customer),
          memo: '社内メモ',
          supplier_memo: 'メーカー向け',
          shipping_fee: 800,
          lines: [
            { maker_id: Number(makerA), product_name: 'A の商品', amount: 1, price_with_tax: 1100, tax_percentage: 10 },
            { maker_id: Number(makerB), product_name: 'B の商品', amount: 1, price_with_tax: 2200, tax_percentage: 10 },
          ],
        }),
      );
      const company = await deliveryCompany(ctx.api);
      // Ordered from both makers; B has shipped and has an error; A has neither.
      await setOrderState(ctx.api, shared.id, { lineStatus: 3 });
      await setOrderState(ctx.api, shared.id, { maker: { makerId: makerB, shipDate: '2026-11-10', deliveryCompanyId: company, trackingCode: 'B-1' } });
      await setOrderState(ctx.api, shared.id, { error: { code: 'NAL_ORD-124', message: 'B の発注書を送れませんでした', makerId: makerB } });
    });

    const listIds = async (query: string) =>
      (await ctx.api.http.get(`/api/v1/orders?${query}`).set('Authorization', makerUser.auth).expect(200)).body.data.map((o: { id: string }) => o.id);

    it('filters delivery info by its own part, and ignores the errors filter (errors are the staff’s) and another maker named in the filter', async () => {
      expect(await listIds('has_errors=1')).toContain(shared.id);
      expect(await listIds('has_errors=0')).toContain(shared.id);
      expect(await listIds('delivery_info=0')).toContain(shared.id);
      expect(await listIds('delivery_info=1')).not.toContain(shared.id);
      expect(await listIds(`maker_id=${makerB}`)).toContain(shared.id);
      const staffSees = (await client.get(`/orders?has_errors=1&maker_id=${makerA}`).expect(200)).body.data.map((o: { id: string }) => o.id);
      expect(staffSees).toContain(shared.id);
    });

    it('shows its lines and part without the staff memo, the customer or the order fees', async () => {
      const view = (await ctx.api.http.get(`/api/v1/orders/${shared.id}`).set('Authorization', makerUser.auth).expect(200)).body.data;
      expect(view).toMatchObject({ view: 'maker', supplier_memo: 'メーカー向け', has_delivery_info: false });
      for (const field of ['memo', 'shipping_fee', 'products_total', 'total', 'error_count', 'payment_method', 'customer_id']) expect(view).not.toHaveProperty(field);
      expect(view.lines.map((l: { product_name: string }) => l.product_name)).toEqual(['A の商品']);
      const staff = (await client.get(`/orders/${shared.id}`).expect(200)).body.data;
      expect(staff).toMatchObject({ memo: '社内メモ', shipping_fee: 800, total: 4100 });
      expect(staff.payment_method.customer).toMatchObject({ company_name: '株式会社共有' });
    });
  });

  describe('steps back and edits keep the record true', () => {
    it('steps a delivered line back only to the status it came from', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 5 }] });
      await put(`/${order.id}/change_status`, { version: 1, line_ids: order.lineIds, status: 6 }).expect(200);
      expectErrorEnvelope((await put(`/${order.id}/change_status`, { version: 2, line_ids: order.lineIds, status: 12 }).expect(400)).body, 'NAL_ORD-086');
      await put(`/${order.id}/change_status`, { version: 2, line_ids: order.lineIds, status: 5 }).expect(200);
    });

    it('writes a history row per line when the revenue month is set', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 5 }, { makerId: makerA, status: 5 }] });
      await put(`/${order.id}/change_revenue`, { version: 1, line_ids: order.lineIds, revenue_month: '2026-11' }).expect(200);
      const rows = await ctx.api.dataSource.query(`SELECT from_status, to_status, command FROM order_status_history WHERE order_id = $1`, [order.id]);
      expect(rows).toEqual([
        { from_status: 5, to_status: 5, command: 'change_revenue' },
        { from_status: 5, to_status: 5, command: 'change_revenue' },
      ]);
    });

    it('refuses an edit that drops a paid line (105), and keeps an unpaid one removable', async () => {
      const order = await client.create(
        orderBody(shop, makerA, {
          lines: [
            { maker_id: Number(makerA), product_name: '一', amount: 1, price_with_tax: 1000, tax_percentage: 10 },
            { maker_id: Number(makerA), product_name: '二', amount: 1, price_with_tax: 2000, tax_percentage: 10 },
          ],
        }),
      );
      const [first, second] = order.lines.map((l: { id: string }) => l.id);
      await put('/paid', { order_id: order.id, version: 1, line_ids: [first] }).expect(200);
      const keepSecond = { version: 2, lines: [{ id: Number(second), maker_id: Number(makerA), product_name: '二', amount: 1, price_with_tax: 2000, tax_percentage: 10 }] };
      expectErrorEnvelope((await client.put(order.id, keepSecond).expect(400)).body, 'NAL_ORD-105');
      const keepFirst = { version: 2, lines: [{ id: Number(first), maker_id: Number(makerA), product_name: '一', amount: 1, price_with_tax: 1000, tax_percentage: 10 }] };
      expect((await client.put(order.id, keepFirst).expect(200)).body.data.lines).toHaveLength(1);
    });

    it('refuses a deleted delivery company when shipping', async () => {
      const company = await deliveryCompany(ctx.api);
      await ctx.api.dataSource.query(`UPDATE delivery_companies SET deleted_at = now() WHERE id = $1`, [company]);
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 4 }] });
      const res = await put(`/${order.id}/maker_ship_process`, { version: 1, line_ids: order.lineIds, ship_date: '2026-11-05', delivery_company_id: company, tracking_code: 'T' });
      expect(res.status).toBe(422);
      expect(errorsOf(res)).toEqual([{ field: 'delivery_company_id', error_code: 'exists' }]);
    });
  });

  it('checks list date ranges: the end not before the start, the start not after today', async () => {
    const res = await client.get('/orders?order_date_from=2026-03-01&order_date_to=2026-02-01&ship_date_from=2999-01-01').expect(422);
    expect(fieldsOf(res)).toEqual(['order_date_to:date_after', 'ship_date_from:date_before_today']);
  });
});

import { isLineStatus, marginOf, revenueFigures, SOLD_STATUSES } from '@oms/domain';
import { OrderRepository, RevenueRepository } from '@oms/infra';
import iconv from 'iconv-lite';
import { deliveryCompany, FixtureLine, FixtureOrder, givenOrder } from './support/order-fixtures';
import { bytesOf, expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

/** The month this file's orders ship in: far from any other file's, so the filters see only these. */
const MONTH = '2030-01';

describe('revenues: the list, its totals, the accountant\'s CSVs and staff\'s costs', () => {
  const ctx = useTestApi();
  let accountant: Awaited<ReturnType<TestApp['signedIn']>>;
  let operator: Awaited<ReturnType<TestApp['signedIn']>>;
  let maker: string;
  let otherMaker: string;
  let company: string;
  let otherShop: string;
  const orders: Record<string, FixtureOrder> = {};

  const db = () => ctx.api.dataSource;
  const token = async () => (await ctx.api.http.get('/api/v1/medias/token').set('Authorization', accountant.auth).expect(200)).body.data.token;
  const get = (path: string, auth = accountant.auth) => ctx.api.http.get(`/api/v1${path}`).set('Authorization', auth);
  const csv = async (path: string) => {
    const res = await bytesOf(ctx.api.http.get(`/api/v1${path}${path.includes('?') ? '&' : '?'}token=${await token()}`)).expect(200);
    return { res, text: (res.body as Buffer).toString('utf8').replace(/^\ufeff/, '') };
  };
  const rowsOf = (text: string) => text.trim().split('\r\n').map((line) => line.split(','));

  /** A shipped order (every line status 5) on `shipDate`, its record made as the workers make it. */
  async function shipped(lines: FixtureLine[], shipDate: string, over: { paymentMethodId?: number; customerId?: string; buyer?: { name: string; kana: string | null } } = {}) {
    const order = await givenOrder(ctx.api, { lines: lines.map((l) => ({ status: 5, ...l })), orderDate: '2030-01-02', delivery: { shipDate, deliveryCompanyId: company, trackingCode: 'RV-1' }, ...over });
    await db().query(`UPDATE order_lines SET wholesale_price = price_with_tax / 2, maker_shipping_fee = 100 WHERE order_id = $1`, [order.id]);
    await new RevenueRepository(db()).sync([order.id]);
    return order;
  }

  beforeAll(async () => {
    accountant = await ctx.api.signedIn('accountant');
    operator = await ctx.api.signedIn('operator');
    maker = (await ctx.api.maker()).id;
    otherMaker = (await ctx.api.maker()).id;
    company = await deliveryCompany(ctx.api);
    const [shop] = await db().query(`INSERT INTO shops (name, code, type) VALUES ('売上テスト第二店', 'REVENUE-2', 'platform_1') RETURNING id::text`);
    otherShop = shop.id;
    const [business] = await db().query(
      `INSERT INTO customers (same_person_id, name, company_name, core_system_customer_id) VALUES (0, '木村 達也', '株式会社木村建材', 'C-0042') RETURNING id::text`,
    );

    // Bank transfer: a 10% line and an 8% line; the SS file writes one row per rate.
    orders.mixed = await shipped([{ makerId: maker, priceWithTax: 11000 }, { makerId: maker, priceWithTax: 5400, taxPercentage: 8 }], '2030-01-10', { buyer: { name: '佐藤 一郎', kana: 'サトウ イチロウ' } });
    // Another shop and maker.
    orders.other = await shipped([{ makerId: otherMaker, priceWithTax: 3300 }], '2030-01-20', { buyer: { name: '鈴木 花子', kana: 'スズキ ハナコ' } });
    // With a shipping fee of 550 yen (10%): its tax is what it adds to the 10% products' tax, rounded once.
    await db().query(`UPDATE orders SET shop_id = $2, shipping_fee = 550 WHERE id = $1`, [orders.other.id, otherShop]);
    await db().transaction((m) => new OrderRepository().refreshDerived(m, orders.other.id));
    await new RevenueRepository(db()).sync([orders.other.id]);
    // Monthly invoice, one business customer: 180,000 + 165,000 passes the 300,000-yen cap; 100,000 paid.
    orders.invoiced1 = await shipped([{ makerId: maker, priceWithTax: 180000 }], '2030-01-15', { paymentMethodId: 5, customerId: business.id, buyer: { name: '木村 達也', kana: 'キムラ タツヤ' } });
    orders.invoiced2 = await shipped([{ makerId: maker, priceWithTax: 165000 }], '2030-01-25', { paymentMethodId: 5, customerId: business.id, buyer: { name: '木村 達也', kana: 'キムラ タツヤ' } });
    await db().query(`INSERT INTO deposit_payments (order_id, type, status, paid_date, amount, due_amount) VALUES ($1, 0, 4, '2030-01-31', 100000, 180000)`, [orders.invoiced1.id]);
    // Shipped in February: another month.
    orders.february = await shipped([{ makerId: maker, priceWithTax: 2200 }], '2030-02-01');
  });

  it('lists a month, newest shipment first, with the exact totals of the filter', async () => {
    const { body } = await get(`/revenues?sales_month=${MONTH}`).expect(200);
    expect(body.data.map((r: { order_id: number }) => String(r.order_id))).toEqual([orders.invoiced2.id, orders.other.id, orders.invoiced1.id, orders.mixed.id]);
    const products = 11000 + 5400 + 3300 + 180000 + 165000;
    const total = products + 550;
    const wholesale = products / 2 + 5 * 100;
    // Tax once per rate per order: 1,000 + 400 (8%); 350 on 3,850 at 10%; 16,363; 15,000.
    const tax = 1000 + 400 + 350 + 16363 + 15000;
    expect(body.totals).toEqual({ count: 4, products_total: products, tax_total: tax, total, wholesale_total: wholesale, reship_cost: 0, costs: 0, margin: total - wholesale });
    expect(body.pagination).toMatchObject({ total: 4, from: 1, to: 4 });
    expect(body.data[3]).toMatchObject({
      order_no: orders.mixed.orderNo,
      sales_month: MONTH,
      ship_date: '2030-01-10',
      product_name: '商品 1',
      product_count: 2,
      total: 16400,
      wholesale_total: 8200 + 200,
      buyer_name: '佐藤 一郎',
      payment_method_id: 2,
      version: 1,
    });
  });

  it('filters by shop, maker, payment method, ship dates and keyword', async () => {
    const ids = async (query: string) => (await get(`/revenues?${query}`).expect(200)).body.data.map((r: { order_id: number }) => String(r.order_id));
    expect(await ids(`sales_month=${MONTH}&shop_id=${otherShop}`)).toEqual([orders.other.id]);
    expect(await ids(`sales_month=${MONTH}&maker_id=${otherMaker}`)).toEqual([orders.other.id]);
    expect(await ids(`sales_month=${MONTH}&payment_method_id=5`)).toEqual([orders.invoiced2.id, orders.invoiced1.id]);
    expect(await ids(`ship_date_from=2030-01-15&ship_date_to=2030/01/20`)).toEqual([orders.other.id, orders.invoiced1.id]);
    expect(await ids(`keyword=${encodeURIComponent('サトウ')}`)).toEqual([orders.mixed.id]);
    expect(await ids(`keyword=${orders.february.orderNo}`)).toEqual([orders.february.id]);
    expect((await get(`/revenues?sales_month=${MONTH}&keyword=${encodeURIComponent('該当なし')}`).expect(200)).body.totals).toMatchObject({ count: 0, total: 0, margin: 0 });
  });

  it('refuses filters it cannot read, each on its field, and the roles outside the revenue row', async () => {
    const bad = await get('/revenues?sales_month=2030-13&ship_date_from=2030-01-20&ship_date_to=2030-01-19&payment_method_id=9&per_page=7').expect(422);
    expect(bad.body.error.errors.map((e: { field: string; error_code: string }) => `${e.field}:${e.error_code}`).sort()).toEqual(
      ['payment_method_id:in', 'per_page:in', 'sales_month:date_format', 'ship_date_to:date_after'].sort(),
    );
    await get(`/revenues?sales_month=${MONTH}`, (await ctx.api.signedIn('call_center')).auth).expect(403);
    await get(`/revenues?sales_month=${MONTH}`, operator.auth).expect(200);
  });

  it('writes the month\'s SS journal: a row per tax rate and for fees, adding up to the list\'s total, in UTF-8 with BOM or Shift_JIS', async () => {
    const { res, text } = await csv(`/revenues/ss?sales_month=${MONTH}`);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('ss_203001.csv');
    const [header, ...rows] = rowsOf(text);
    expect(header.slice(0, 7)).toEqual(['伝票日付', '伝票番号', '行番号', '計上月', '借方勘定科目', '借方補助科目', '借方金額']);
    const col = (name: string) => header.indexOf(name);
    const mixedRows = rows.filter((r) => r[col('伝票番号')] === `${orders.mixed.orderNo}-1`);
    expect(mixedRows.map((r) => [r[col('税区分')], r[col('借方金額')], r[col('内消費税額')]])).toEqual([
      ['課税売上10%', '11000', '1000'],
      ['課税売上8%(軽減)', '5400', '400'],
    ]);
    const otherRows = rows.filter((r) => r[col('伝票番号')] === `${orders.other.orderNo}-1`);
    expect(otherRows.map((r) => [r[col('行番号')], r[col('貸方補助科目')], r[col('借方金額')], r[col('内消費税額')]])).toEqual([
      ['1', '商品売上', '3300', '300'],
      ['2', '送料・手数料', '550', '50'],
    ]);
    const listed = (await get(`/revenues?sales_month=${MONTH}`).expect(200)).body.totals;
    expect(rows.reduce((sum, r) => sum + Number(r[col('借方金額')]), 0)).toBe(listed.total);
    expect(rows.reduce((sum, r) => sum + Number(r[col('内消費税額')]), 0)).toBe(listed.tax_total);
    expect(new Set(rows.map((r) => r[col('伝票番号')])).size).toBe(listed.count);
    expect(rows.find((r) => r[col('伝票番号')] === `${orders.invoiced1.orderNo}-1`)![col('取引先コード')]).toBe('C-0042');
    // The same filter narrows the file as it narrows the list.
    const narrowed = rowsOf((await csv(`/revenues/ss?sales_month=${MONTH}&shop_id=${otherShop}`)).text).slice(1);
    expect(narrowed.map((r) => r[col('伝票番号')])).toEqual([`${orders.other.orderNo}-1`, `${orders.other.orderNo}-1`]);

    const sjis = await bytesOf(ctx.api.http.get(`/api/v1/revenues/ss?sales_month=${MONTH}&encoding=sjis&token=${await token()}`)).expect(200);
    const decoded = iconv.decode(sjis.body as Buffer, 'cp932');
    expect(decoded.startsWith('伝票日付,伝票番号')).toBe(true);
    expect(decoded).toContain('売掛金');
    expect(decoded).toContain('課税売上8%(軽減)');

    const missing = await ctx.api.http.get(`/api/v1/revenues/ss?token=${await token()}`).expect(422);
    expect(missing.body.error.errors).toEqual([expect.objectContaining({ field: 'sales_month', error_code: 'required' })]);
  });

  it('lists open receivables of credit payments by customer and month, with the monthly-invoice cap', async () => {
    const [header, ...rows] = rowsOf((await csv(`/revenues/receivables?sales_month=${MONTH}`)).text);
    expect(header).toEqual(['計上月', '顧客ID', '取引先コード', '顧客名', '支払方法', '件数', '請求額', '入金額', '未収額', '月間上限', '上限超過']);
    expect(rows).toEqual([['2030/01', expect.any(String), 'C-0042', '株式会社木村建材', '月締め請求', '2', '345000', '100000', '245000', '300000', '超過']]);
  });

  it('lists advance payments not yet earned at a date', async () => {
    const paid = await givenOrder(ctx.api, { lines: [{ makerId: maker, status: 2, priceWithTax: 7700 }], orderDate: '2030-01-02' });
    await db().query(`INSERT INTO deposit_payments (order_id, type, status, paid_date, amount, due_amount) VALUES ($1, 0, 2, '2030-01-05', 7700, 7700)`, [paid.id]);
    const { text } = await csv('/revenues/prepays?date=2030-01-31');
    expect(text).toContain(`,${paid.orderNo},1,`);
    expect(text).not.toContain(orders.invoiced1.orderNo);
  });

  it('keeps staff\'s costs and memo at the version they read, and the margin follows', async () => {
    const [{ id }] = await db().query(`SELECT id FROM revenues WHERE order_id = $1`, [orders.mixed.id]);
    const read = (await get(`/revenues/${id}`).expect(200)).body.data;
    const put = (body: object, auth = accountant.auth) => ctx.api.http.put(`/api/v1/revenues/${id}`).set('Authorization', auth).send(body);

    const saved = (await put({ version: read.version, actual_ship_cost: 9_999_999, transfer_fee: 330, other_cost: 0, memo: '  送料は着払い  ' }).expect(200)).body.data;
    expect(saved).toMatchObject({ actual_ship_cost: 9_999_999, transfer_fee: 330, other_cost: 0, memo: '送料は着払い', version: read.version + 1, margin: 16400 - 8400 - 9_999_999 - 330 });
    expectErrorEnvelope((await put({ version: read.version, actual_ship_cost: 0, transfer_fee: 0, other_cost: 0 }).expect(400)).body, 'NAL-REVENUE-002');

    const tooMuch = await put({ version: saved.version, actual_ship_cost: 10_000_000, memo: 'あ'.repeat(1001), transfer_fee: -1 }).expect(422);
    expect(tooMuch.body.error.errors.map((e: { field: string; error_code: string }) => `${e.field}:${e.error_code}`).sort()).toEqual([
      'actual_ship_cost:max',
      'memo:max_length',
      'other_cost:required',
      'transfer_fee:min',
    ]);
    await put({ version: saved.version, actual_ship_cost: 0, transfer_fee: 330, other_cost: 0, memo: 'あ'.repeat(1000) }).expect(200);
    expect((await get(`/revenues/${id}`).expect(200)).body.data).toMatchObject({ memo: 'あ'.repeat(1000), actual_ship_cost: 0, transfer_fee: 330, version: saved.version + 1 });

    await put({ version: saved.version + 1, actual_ship_cost: 0, transfer_fee: 0, other_cost: 0, memo: null }, operator.auth).expect(403);
    await ctx.api.http.put('/api/v1/revenues/99999999').set('Authorization', accountant.auth).send({ version: 1, actual_ship_cost: 0, transfer_fee: 0, other_cost: 0 }).expect(404);
    await get('/revenues/99999999').expect(404);

    // A sync leaves what staff entered alone.
    await new RevenueRepository(db()).sync([orders.mixed.id]);
    expect((await get(`/revenues/${id}`).expect(200)).body.data).toMatchObject({ memo: 'あ'.repeat(1000), version: saved.version + 1 });
  });

  it('downloads a record\'s lines', async () => {
    const [{ id }] = await db().query(`SELECT id FROM revenues WHERE order_id = $1`, [orders.mixed.id]);
    const [header, ...rows] = rowsOf((await csv(`/revenues/${id}/download`)).text);
    expect(header.slice(0, 5)).toEqual(['受注番号', '商品コード', '商品名', '数量', '単価(税込)']);
    expect(rows.map((r) => [r[2], r[4], r[5], r[10]])).toEqual([
      ['商品 1', '11000', '10', '出荷済み'],
      ['商品 2', '5400', '8', '出荷済み'],
    ]);
  });

  it('computes in SQL (revenue_sync) what the domain computes (revenueFigures, marginOf), over orders of every line status', async () => {
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 25; i++) {
      const lines = Array.from({ length: 1 + next(4) }, () => ({ makerId: maker, status: 1 + next(12), amount: 1 + next(3), priceWithTax: 100 * (1 + next(500)) }));
      const order = await givenOrder(ctx.api, { lines, orderDate: '2030-03-01', delivery: { shipDate: '2030-03-05', deliveryCompanyId: company, trackingCode: 'P' } });
      const state: { id: string; status: number; amount: number; wholesale: number | null; fee: number; reorders: number }[] = [];
      for (const [j, id] of order.lineIds.entries()) {
        const wholesale = next(5) === 0 ? null : 50 * next(300);
        const fee = next(3) * 110;
        // Re-ordered up to twice, and sometimes one of them stepped back (10 → 9): what counts is what stands.
        const reorders = [10, 11, 12, 6, 9].includes(lines[j].status) ? next(3) : 0;
        const undone = reorders > 0 && next(3) === 0 ? 1 : 0;
        await db().query(`UPDATE order_lines SET wholesale_price = $2, maker_shipping_fee = $3 WHERE id = $1`, [id, wholesale, fee]);
        const history = (from: number, to: number) => db().query(`INSERT INTO order_status_history (order_id, order_line_id, from_status, to_status, command) VALUES ($1, $2, $3, $4, 'change_status')`, [order.id, id, from, to]);
        for (let k = 0; k < reorders; k++) await history(9, 10);
        for (let k = 0; k < undone; k++) await history(10, 9);
        state.push({ id, status: lines[j].status, amount: lines[j].amount, wholesale, fee, reorders: reorders - undone });
      }
      await new RevenueRepository(db()).sync([order.id]);
      const [row] = await db().query(`SELECT total, wholesale_total::int, reship_cost::int, margin::int, transfer_fee, actual_ship_cost, other_cost FROM revenues WHERE order_id = $1`, [order.id]);
      const sold = state.some((l) => isLineStatus(l.status) && SOLD_STATUSES.includes(l.status));
      if (!sold) {
        expect(row).toBeUndefined();
        continue;
      }
      const figures = revenueFigures(state.map((l) => ({ status: l.status as never, amount: l.amount, wholesalePrice: l.wholesale, makerShippingFee: l.fee, reorders: l.reorders })));
      expect({ wholesale: row.wholesale_total, reship: row.reship_cost }).toEqual({ wholesale: figures.wholesaleTotal, reship: figures.reshipCost });
      expect(row.margin).toBe(marginOf(row.total, figures, { actualShipCost: row.actual_ship_cost, transferFee: row.transfer_fee, otherCost: row.other_cost }));
    }
  });

  it('keeps the record of an order returned and refunded whole, with the fees kept; removes one whose shipment was a mistake', async () => {
    const refunded = await shipped([{ makerId: maker, priceWithTax: 4400 }], '2030-04-03');
    await db().query(`UPDATE order_lines SET status = 7 WHERE order_id = $1`, [refunded.id]);
    await db().query(
      `INSERT INTO order_status_history (order_id, order_line_id, from_status, to_status, command) VALUES ($1, $2, 5, 9, 'return'), ($1, $2, 9, 7, 'refund')`,
      [refunded.id, refunded.lineIds[0]],
    );
    await db().query(`UPDATE orders SET shipping_fee = 990 WHERE id = $1`, [refunded.id]);
    await db().transaction((m) => new OrderRepository().refreshDerived(m, refunded.id));
    await new RevenueRepository(db()).sync([refunded.id]);
    const [kept] = await db().query(`SELECT total, products_total, wholesale_total::int, product_count, product_name, tax_total::int, margin::int FROM revenues WHERE order_id = $1`, [refunded.id]);
    expect(kept).toEqual({ total: 990, products_total: 0, wholesale_total: 0, product_count: 0, product_name: '商品 1', tax_total: 90, margin: 990 });

    const mistaken = await shipped([{ makerId: maker, priceWithTax: 4400 }], '2030-04-04');
    await db().query(`UPDATE order_lines SET status = 4 WHERE order_id = $1`, [mistaken.id]);
    await new RevenueRepository(db()).sync([mistaken.id]);
    expect(await db().query(`SELECT id FROM revenues WHERE order_id = $1`, [mistaken.id])).toEqual([]);
  });
});

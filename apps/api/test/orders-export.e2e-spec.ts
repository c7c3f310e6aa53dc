import { japanToday } from '@oms/domain';
import { decodeCsv, MAKER_EXPORT_COLUMNS, ORDER_EXPORT_COLUMNS, parseCsv } from '@oms/infra';
import iconv from 'iconv-lite';
import { deliveryCompany } from './support/order-fixtures';
import { download, errorsOf, orderBody, orderClient, setOrderState, shopRow } from './support/order-form';
import { TestApp, useTestApi } from './support/test-app';

describe('orders API: CSV export', () => {
  const ctx = useTestApi();
  let accountant: Awaited<ReturnType<TestApp['signedIn']>>;
  let client: ReturnType<typeof orderClient>;
  let shop: string;
  let makerX: { id: string };
  let makerY: { id: string };
  let o1: { id: string; order_no: string };
  let o2: { id: string; order_no: string };

  const line = (makerId: string, name: string, price: number, amount = 1) => ({ maker_id: Number(makerId), product_name: name, amount, price_with_tax: price });

  beforeAll(async () => {
    accountant = await ctx.api.signedIn('accountant');
    client = orderClient(ctx.api, (await ctx.api.signedIn('operator')).auth);
    shop = await shopRow(ctx.api);
    makerX = await ctx.api.maker({ name: 'メーカーX' });
    makerY = await ctx.api.maker({ name: 'メーカーY' });
    o1 = await client.create(
      orderBody(shop, makerX.id, {
        order_date: '2026-10-01',
        buyer_name: '髙橋 〜様',
        lines: [line(makerX.id, '=HYPERLINK("http://evil")', 1100, 2), line(makerY.id, '米, 5kg "新米"', 3240)],
      }),
    );
    o2 = await client.create(orderBody(shop, makerY.id, { order_date: '2026-10-20', preferred_period: 4, lines: [line(makerY.id, '椅子', 5500)] }));
    // Outside every period below.
    await client.create(orderBody(shop, makerX.id, { order_date: '2026-09-30' }));
    const company = await deliveryCompany(ctx.api);
    await setOrderState(ctx.api, o1.id, { maker: { makerId: makerY.id, makerReceiveDate: '2026-10-05', shipDate: '2026-10-08', deliveryCompanyId: company, trackingCode: 'TRK-9' } });
    await setOrderState(ctx.api, o2.id, { lineStatus: 4, maker: { makerReceiveDate: '2026-10-21' } });
  });

  const exportOrders = (body: object, auth = accountant.auth) => ctx.api.http.post('/api/v1/orders/export').set('Authorization', auth).send(body);

  /** The exported file's rows as objects, read back with the CSV reader (formula quotes kept). */
  async function exported(body: object, auth = accountant.auth) {
    const res = await exportOrders(body, auth).expect(200);
    const url: string = res.body.data;
    expect(url.startsWith(`${ctx.api.config.PUBLIC_API_URL.replace(/\/$/, '')}/api/v1/medias/download?`)).toBe(true);
    const file = await download(ctx.api, url);
    const parsed = parseCsv(file.bytes, { columns: ORDER_EXPORT_COLUMNS });
    expect(parsed.headerIssues).toEqual([]);
    return { file, parsed, rows: parsed.rows.map((r) => r.values) };
  }

  describe('validation', () => {
    it('needs a date kind 1, 2 or 3 and both dates', async () => {
      expect(errorsOf(await exportOrders({}).expect(422))).toEqual([
        { field: 'date_kind', error_code: 'required' },
        { field: 'from', error_code: 'required' },
        { field: 'to', error_code: 'required' },
      ]);
      expect(errorsOf(await exportOrders({ date_kind: 4, from: '2026-10-01', to: '2026-10-31' }).expect(422))).toEqual([
        { field: 'date_kind', error_code: 'in', params: { values: '1,2,3' } },
      ]);
      expect(errorsOf(await exportOrders({ date_kind: 1, from: '2026-10-01', to: '2026-10-31', encoding: 'latin1' }).expect(422))).toEqual([
        { field: 'encoding', error_code: 'in', params: { values: 'utf8,sjis' } },
      ]);
    });

    it('takes Y-m-d or Y/m/d dates: from not after today, to not before from', async () => {
      const today = japanToday();
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await exportOrders({ date_kind: 1, from: today, to: today }).expect(200);
      await exportOrders({ date_kind: 1, from: '2026/10/1', to: '2026/10/1' }).expect(200);
      expect(errorsOf(await exportOrders({ date_kind: 1, from: tomorrow, to: tomorrow }).expect(422))).toEqual([{ field: 'from', error_code: 'date_before_today' }]);
      expect(errorsOf(await exportOrders({ date_kind: 1, from: '2026-10-02', to: '2026-10-01' }).expect(422))).toEqual([
        { field: 'to', error_code: 'date_after', params: { other: 'from' } },
      ]);
      expect(errorsOf(await exportOrders({ date_kind: 1, from: '2026-10-32', to: '10/01/2026' }).expect(422))).toEqual([
        { field: 'from', error_code: 'date_format' },
        { field: 'to', error_code: 'date_format' },
      ]);
    });
  });

  describe('content', () => {
    it('writes one row per order line of the orders dated in the period, UTF-8 with a BOM, formulas neutralised', async () => {
      const { file, rows } = await exported({ date_kind: 1, from: '2026-10-01', to: '2026-10-31' });
      expect(file.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      // Named in Japan time, as the people who open it read the clock.
      const stamp = /attachment; filename="orders_(\d{14})\.csv"/.exec(file.headers['content-disposition'])![1];
      const [, y, mo, d, h, mi, sec] = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(stamp)!;
      expect(Math.abs(Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${sec}+09:00`) - Date.now())).toBeLessThan(120_000);
      expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(decodeCsv(file.bytes).text.split('\r\n')[0]).toBe(ORDER_EXPORT_COLUMNS.map((c) => c.header).join(','));
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({
        orderNo: o1.order_no,
        branchNo: '1',
        orderDate: '2026-10-01',
        shopName: expect.stringContaining('ショップ'),
        buyerName: '髙橋 〜様',
        paymentMethod: '銀行振込',
        makerName: 'メーカーX',
        productName: `'=HYPERLINK("http://evil")`,
        amount: '2',
        priceWithTax: '1100',
        taxPercentage: '10',
        lineTotal: '2200',
        // Statuses as the console labels them.
        status: '未入金',
        shipDate: '',
      });
      expect(rows[1]).toMatchObject({ orderNo: o1.order_no, makerName: 'メーカーY', productName: '米, 5kg "新米"', makerReceiveDate: '2026-10-05', shipDate: '2026-10-08', trackingCode: 'TRK-9' });
      expect(rows[2]).toMatchObject({ orderNo: o2.order_no, productName: '椅子', status: '受注済み', makerReceiveDate: '2026-10-21' });
    });

    it('filters by maker receive date (2) or ship date (3) of the line’s maker part', async () => {
      const received = (await exported({ date_kind: 2, from: '2026-10-01', to: '2026-10-31' })).rows;
      expect(received.map((r) => [r.orderNo, r.productName])).toEqual([
        [o1.order_no, '米, 5kg "新米"'],
        [o2.order_no, '椅子'],
      ]);
      expect((await exported({ date_kind: 2, from: '2026-10-06', to: '2026-10-31' })).rows.map((r) => r.orderNo)).toEqual([o2.order_no]);
      const shipped = (await exported({ date_kind: 3, from: '2026-10-08', to: '2026-10-08' })).rows;
      expect(shipped.map((r) => [r.orderNo, r.makerName])).toEqual([[o1.order_no, 'メーカーY']]);
      expect((await exported({ date_kind: 3, from: '2026-10-09', to: '2026-10-31' })).rows).toEqual([]);
    });

    it('writes Shift_JIS (CP932) on request, without a BOM', async () => {
      const res = await exportOrders({ date_kind: 1, from: '2026-10-01', to: '2026-10-01', encoding: 'sjis' }).expect(200);
      const file = await download(ctx.api, res.body.data);
      expect([...file.bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
      const text = iconv.decode(file.bytes, 'cp932');
      expect(text.startsWith('受注番号,枝番,受注日')).toBe(true);
      // 髙 is CP932's own; 〜 is written as its CP932 twin ～.
      expect(text).toContain('髙橋 ～様');
      expect(text.trim().split('\r\n')).toHaveLength(3);
      expect(parseCsv(file.bytes, { columns: ORDER_EXPORT_COLUMNS }).encoding).toBe('shift_jis');
    });

    it('lets a maker user export the lines ordered from it only, without the shop’s prices or the buyer', async () => {
      const user = await ctx.api.user('maker', { makerId: makerY.id });
      const auth = ctx.api.bearer(user, makerY.id);
      const makerRows = async () => {
        const res = await exportOrders({ date_kind: 1, from: '2026-10-01', to: '2026-10-31' }, auth).expect(200);
        const file = await download(ctx.api, res.body.data);
        expect(decodeCsv(file.bytes).text.split('\r\n')[0]).toBe(MAKER_EXPORT_COLUMNS.map((c) => c.header).join(','));
        const text = decodeCsv(file.bytes).text;
        // Nothing of the buyer or the shop's money.
        for (const hidden of ['髙橋', '購入者', '税込', '支払方法', '銀行振込', '売上月']) expect(text).not.toContain(hidden);
        return parseCsv(file.bytes, { columns: MAKER_EXPORT_COLUMNS }).rows.map((r) => r.values);
      };
      // o1's line of Y is still unpaid: not Y's business yet.
      expect((await makerRows()).map((r) => [r.orderNo, r.makerName, r.status])).toEqual([[o2.order_no, 'メーカーY', '受注済み']]);
      await setOrderState(ctx.api, o1.id, { lineStatus: 3, lineMakerId: makerY.id });
      const rows = await makerRows();
      expect(rows.map((r) => [r.orderNo, r.makerName, r.status])).toEqual([
        [o1.order_no, 'メーカーY', '発注済み'],
        [o2.order_no, 'メーカーY', '受注済み'],
      ]);
      expect(rows[0]).toMatchObject({ productName: '米, 5kg "新米"', amount: '1', deliveryName: '山田 太郎', deliveryAddress: '東京都千代田区1-1', shipDate: '2026-10-08' });
      // The preferred period by its label, as the order sheet prints it (the late slot as 19-21).
      expect(rows.map((r) => r.preferredPeriod)).toEqual(['指定なし', '19-21時']);
    });

    it('streams a large period through the cursor, batch after batch', async () => {
      const big = await shopRow(ctx.api);
      // 4,500 orders of two lines each, straight in the database: more rows than several cursor batches.
      await ctx.api.dataSource.query(`INSERT INTO order_numbers (order_no) SELECT 'EXP-' || g FROM generate_series(1, 4500) g`);
      const orders: { id: string }[] = await ctx.api.dataSource.query(
        `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, buyer_name, delivery_name, status, line_statuses, maker_ids)
         SELECT 'EXP-' || g, 'NAL-OMS', $1, 2, date '2025-05-05', '一括', '一括', 1, '{1}', ARRAY[$2::bigint] FROM generate_series(1, 4500) g RETURNING id`,
        [big, makerX.id],
      );
      await ctx.api.dataSource.query(
        `INSERT INTO order_lines (order_id, maker_id, product_name, amount, price_with_tax, tax_percentage, tax, status)
         SELECT o, $2, '一括品 ' || n, 1, 100, 10, 9, 1 FROM unnest($1::bigint[]) o, generate_series(1, 2) n`,
        [orders.map((o) => o.id), makerX.id],
      );
      const { rows } = await exported({ date_kind: 1, from: '2025-05-05', to: '2025-05-05' });
      expect(rows).toHaveLength(9000);
      expect(new Set(rows.map((r) => r.orderNo)).size).toBe(4500);
    });
  });
});

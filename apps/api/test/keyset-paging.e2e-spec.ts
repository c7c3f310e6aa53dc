import { encodeCursor } from '@oms/infra';
import { shopRow } from './support/order-form';
import { expectErrorEnvelope, useTestApi } from './support/test-app';

type Pagination = { from: number | null; to: number | null; total: number; current_page: number; per_page: number; last_page: number; next_cursor: string | null; prev_cursor: string | null };
type Body = { data: { id: string | number }[]; pagination: Pagination };

const idsOf = (body: Body) => body.data.map((r) => String(r.id));
const withoutCursors = ({ next_cursor: _n, prev_cursor: _p, ...rest }: Pagination) => rest;

/**
 * Keyset paging (docs/decisions.md "Keyset paging") on the three lists that can grow past 10,000
 * rows: walked forwards by next_cursor and backwards from the last page by prev_cursor, every page
 * must be the numbered (OFFSET) page of the same number, ties in the sort column included.
 */
describe('keyset paging: orders, customers, products', () => {
  const ctx = useTestApi();
  let auth: string;
  let shop: string;
  let maker: string;

  const get = async (path: string, expected = 200) => {
    const res = await ctx.api.http.get(`/api/v1${path}`).set('Authorization', auth);
    if (res.status !== expected) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  /** Every page of a list by cursor, forwards from page 1 and backwards from `last=1`, checked against its numbered pages. */
  async function walk(path: string, query: string): Promise<string[]> {
    const at = (more: string) => get(`${path}?${query}&per_page=20${more}`) as Promise<Body>;
    const first = await at('');
    const numbered: Body[] = [first];
    for (let page = 2; page <= first.pagination.last_page; page++) numbered.push(await at(`&page=${page}`));
    const expected = numbered.map(idsOf);
    expect(new Set(expected.flat()).size).toBe(first.pagination.total);

    const forwards: Body[] = [first];
    while (forwards.at(-1)!.pagination.next_cursor) forwards.push(await at(`&after=${forwards.at(-1)!.pagination.next_cursor}`));
    expect(forwards.map(idsOf)).toEqual(expected);
    forwards.forEach((body, i) => expect(withoutCursors(body.pagination)).toEqual(withoutCursors(numbered[i].pagination)));

    const backwards: Body[] = [await at('&last=1')];
    while (backwards.at(-1)!.pagination.prev_cursor) backwards.push(await at(`&before=${backwards.at(-1)!.pagination.prev_cursor}`));
    backwards.reverse();
    expect(backwards.map(idsOf)).toEqual(expected);
    backwards.forEach((body, i) => expect(withoutCursors(body.pagination)).toEqual(withoutCursors(numbered[i].pagination)));
    expect(backwards[0].pagination).toMatchObject({ current_page: 1, prev_cursor: null });
    expect(backwards.at(-1)!.pagination).toMatchObject({ current_page: first.pagination.last_page, next_cursor: null });
    return expected.flat();
  }

  beforeAll(async () => {
    auth = (await ctx.api.signedIn('operator')).auth;
    shop = await shopRow(ctx.api);
    maker = (await ctx.api.maker()).id;
    // 87 orders of one shop straight in the database: five order dates and seven totals, so that
    // pages break inside runs of equal sort values; even ones in line status 1, odd ones in 2; every
    // third one with a part of the maker.
    await ctx.api.dataSource.query(`INSERT INTO order_numbers (order_no) SELECT 'KS-' || g FROM generate_series(1, 87) g`);
    await ctx.api.dataSource.query(
      `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, total, buyer_name, delivery_name, status, line_statuses, maker_ids)
       SELECT 'KS-' || g, 'NAL-OMS', $1, 2, date '2026-01-01' + (g % 5), (g % 7) * 1000, '買手', '届先', 1,
              CASE WHEN g % 2 = 0 THEN '{1}'::smallint[] ELSE '{2}'::smallint[] END, CASE WHEN g % 3 = 0 THEN ARRAY[$2::bigint] ELSE '{}' END
         FROM generate_series(1, 87) g`,
      [shop, maker],
    );
    await ctx.api.dataSource.query(`INSERT INTO order_makers (order_id, maker_id) SELECT id, $2 FROM orders WHERE shop_id = $1 AND maker_ids @> ARRAY[$2::bigint]`, [shop, maker]);
  });

  describe('orders', () => {
    const sql = async (where: string, orderBy: string) =>
      (await ctx.api.dataSource.query(`SELECT id::text AS id FROM orders o WHERE o.shop_id = $1 ${where} ORDER BY ${orderBy}`, [shop])).map((r: { id: string }) => r.id);

    it.each([
      ['-order_date', 'o.order_date DESC, o.id DESC'],
      ['order_date', 'o.order_date, o.id'],
      ['-total', 'o.total DESC, o.id DESC'],
      ['total', 'o.total, o.id'],
      ['-id', 'o.id DESC'],
      ['id', 'o.id'],
    ])('walks every page by cursor, sorted by %s, in the order of the sort and the id', async (sort, orderBy) => {
      expect(await walk('/orders', `shop_id=${shop}&sort=${sort}`)).toEqual(await sql('', orderBy));
    });

    it('walks a filtered list, and a maker\u2019s (read from its parts), the same way', async () => {
      expect(await walk('/orders', `shop_id=${shop}&status=2`)).toEqual(await sql(`AND o.line_statuses @> '{2}'`, 'o.order_date DESC, o.id DESC'));
      expect(await walk('/orders', `shop_id=${shop}&maker_id=${maker}&sort=order_date`)).toEqual(await sql(`AND o.maker_ids @> ARRAY[${maker}::bigint]`, 'o.order_date, o.id'));
    });

    it('lines the last page up with the numbered ones: it holds what they leave', async () => {
      const last = (await get(`/orders?shop_id=${shop}&per_page=20&last=1`)) as Body;
      expect(last.pagination).toMatchObject({ from: 81, to: 87, total: 87, current_page: 5, last_page: 5, next_cursor: null, total_is_estimate: false });
      expect(idsOf(last)).toEqual((await sql('', 'o.order_date DESC, o.id DESC')).slice(80));
      // With a cursor or last, `page` is ignored.
      expect(idsOf(await get(`/orders?shop_id=${shop}&per_page=20&last=1&page=2`))).toEqual(idsOf(last));
      const second = (await get(`/orders?shop_id=${shop}&per_page=20&page=2`)) as Body;
      const third = (await get(`/orders?shop_id=${shop}&per_page=20&page=1&after=${second.pagination.next_cursor}`)) as Body;
      expect(third.pagination.current_page).toBe(3);
    });

    it('answers the first page whole when the rows before a cursor fall short of a page', async () => {
      const shopOf9 = await shopRow(ctx.api);
      await ctx.api.dataSource.query(`INSERT INTO order_numbers (order_no) SELECT 'KS9-' || g FROM generate_series(1, 30) g`);
      await ctx.api.dataSource.query(
        `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, buyer_name, delivery_name, status, line_statuses, maker_ids)
         SELECT 'KS9-' || g, 'NAL-OMS', $1, 2, date '2026-02-01', '買手', '届先', 1, '{1}', '{}' FROM generate_series(1, 30) g`,
        [shopOf9],
      );
      const page1 = (await get(`/orders?shop_id=${shopOf9}&per_page=20`)) as Body;
      const page2 = (await get(`/orders?shop_id=${shopOf9}&per_page=20&after=${page1.pagination.next_cursor}`)) as Body;
      // Five orders of page 1 go: before page 2 there are 15 left.
      await ctx.api.dataSource.query(`DELETE FROM orders WHERE id = ANY($1::bigint[])`, [idsOf(page1).slice(0, 5)]);
      const back = (await get(`/orders?shop_id=${shopOf9}&per_page=20&before=${page2.pagination.prev_cursor}`)) as Body;
      expect(back.pagination).toMatchObject({ from: 1, to: 20, total: 25, current_page: 1, prev_cursor: null, next_cursor: expect.any(String) });
      expect(idsOf(back)).toEqual([...idsOf(page1).slice(5), ...idsOf(page2).slice(0, 5)]);
    });

    it('jumps to the last page of an estimated total and pages back from it', async () => {
      const big = await shopRow(ctx.api);
      await ctx.api.dataSource.query(`INSERT INTO order_numbers (order_no) SELECT 'KSB-' || g FROM generate_series(1, 10050) g`);
      await ctx.api.dataSource.query(
        `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, buyer_name, delivery_name, status, line_statuses, maker_ids)
         SELECT 'KSB-' || g, 'NAL-OMS', $1, 2, date '2025-01-01' + (g % 40), '一括', '一括', 1, '{1}', '{}' FROM generate_series(1, 10050) g`,
        [big],
      );
      await ctx.api.dataSource.query('ANALYZE orders');
      const inOrder = (await ctx.api.dataSource.query(`SELECT o.id::text AS id FROM orders o WHERE o.shop_id = $1 ORDER BY o.order_date DESC, o.id DESC`, [big])).map((r: { id: string }) => r.id);
      const last = (await get(`/orders?shop_id=${big}&last=1`)) as Body & { pagination: { total_is_estimate: boolean } };
      // Above an estimate the last page is the last 50 rows, numbered from the estimate.
      expect(last.pagination).toMatchObject({ total_is_estimate: true, current_page: last.pagination.last_page, next_cursor: null, prev_cursor: expect.any(String) });
      expect(idsOf(last)).toEqual(inOrder.slice(-50));
      const before = (await get(`/orders?shop_id=${big}&before=${last.pagination.prev_cursor}`)) as Body;
      expect(idsOf(before)).toEqual(inOrder.slice(-100, -50));
      expect(before.pagination.current_page).toBe(last.pagination.current_page - 1);
      const after = (await get(`/orders?shop_id=${big}&after=${before.pagination.next_cursor}`)) as Body;
      expect(idsOf(after)).toEqual(idsOf(last));
    });

    it('refuses a cursor it did not write for this sort with 422 cursor_invalid, and more than one of after, before and last', async () => {
      const page1 = (await get(`/orders?shop_id=${shop}&per_page=20`)) as Body;
      const good = page1.pagination.next_cursor!;
      const byTotal = ((await get(`/orders?shop_id=${shop}&per_page=20&sort=total`)) as Body).pagination.next_cursor!;
      const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
      const refusals: [string, string][] = [
        ['after=!!!', 'after'],
        [`after=${'A'.repeat(7000)}`, 'after'],
        [`before=${Buffer.from('not json').toString('base64url')}`, 'before'],
        [`after=${byTotal}`, 'after'],
        [`after=${good}&sort=-id`, 'after'],
        [`after=${forged(['-order_date', 2, 'not a date', '5'])}`, 'after'],
        [`after=${forged(['-order_date', 2, '2026-02-30', '5'])}`, 'after'],
        [`after=${forged(['-order_date', 0, '2026-01-02', '5'])}`, 'after'],
        [`after=${forged(['-order_date', 2, '2026-01-02', '99999999999999999999'])}`, 'after'],
        [`after=${forged(['-order_date', 2, '2026-01-02', 5])}`, 'after'],
        [`after=${forged(['-order_date', 2, '2026-01-02'])}`, 'after'],
        [`after=${forged({ sort: '-order_date' } as unknown as unknown[])}`, 'after'],
        [`after=${forged(['total', 2, 1.5, '5'])}&sort=total`, 'after'],
        // Not the canonical base64url of its bytes (the last character carries bits that are not read).
        [`after=${good.slice(0, -1)}${good.at(-1) === 'A' ? 'B' : 'A'}`, 'after'],
        [`after=${good}&before=${good}`, 'before'],
        [`after=${good}&last=1`, 'last'],
      ];
      for (const [query, field] of refusals) {
        const res = await ctx.api.http.get(`/api/v1/orders?shop_id=${shop}&per_page=20&${query}`).set('Authorization', auth);
        expect([query, res.status]).toEqual([query, 422]);
        expectErrorEnvelope(res.body, 'NAL-422');
        expect([query, res.body.error.errors]).toEqual([query, [{ field, error_code: 'cursor_invalid' }]]);
      }
      // A well-formed cursor is only a place in the list: the filters still apply to what follows it.
      const elsewhere = encodeCursor({ sort: '-order_date', page: 4, values: ['2026-01-03', '1'] });
      const res = (await get(`/orders?shop_id=${shop}&per_page=20&before=${elsewhere}`)) as Body;
      expect(idsOf(res)).toEqual((await sql(`AND (o.order_date, o.id) > ('2026-01-03', 1)`, 'o.order_date DESC, o.id DESC')).slice(-20));
    });
  });

  describe('customers', () => {
    it('walks every sort by cursor, with ties and missing kana', async () => {
      const company = `KS-${Math.random().toString(36).slice(2, 8)}`;
      await ctx.api.dataSource.query(
        `INSERT INTO customers (same_person_id, name, name_kana, company_name, updated_at)
         SELECT 0, '顧客 ' || (g % 4), CASE WHEN g % 3 = 0 THEN NULL ELSE 'コキャク' || (g % 5) END, $1,
                timestamptz '2026-01-01 10:00:00.123456+00' + (g % 3) * interval '1 microsecond'
           FROM generate_series(1, 45) g`,
        [company],
      );
      await ctx.api.dataSource.query(`UPDATE customers SET same_person_id = id WHERE company_name = $1`, [company]);
      const sql = async (orderBy: string) =>
        (await ctx.api.dataSource.query(`SELECT id::text AS id FROM customers c WHERE company_name = $1 ORDER BY ${orderBy}`, [company])).map((r: { id: string }) => r.id);
      const cases: [string, string][] = [
        ['sort=id&order=desc', 'c.id DESC'],
        ['sort=name&order=asc', 'c.name, c.id'],
        ['sort=name&order=desc', 'c.name DESC, c.id DESC'],
        ['sort=nameKana&order=asc', 'c.name_kana NULLS FIRST, c.id'],
        ['sort=nameKana&order=desc', 'c.name_kana DESC NULLS LAST, c.id DESC'],
        ['sort=updatedAt&order=asc', 'c.updated_at, c.id'],
        ['sort=updatedAt&order=desc', 'c.updated_at DESC, c.id DESC'],
      ];
      for (const [query, orderBy] of cases) expect([query, await walk('/customers', `company_name=${company}&${query}`)]).toEqual([query, await sql(orderBy)]);
    });
  });

  describe('products', () => {
    it('walks every sort by cursor, with ties and products never changed', async () => {
      const prefix = `KSP${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
      await ctx.api.dataSource.query(
        `INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type, state, last_changed_at)
         SELECT $1 || '-' || g, $2, $3, '商品 ' || (g % 4), (g % 6) * 100, 10, (g % 6) * 10, (g % 6) * 110, 'direct_delivery',
                (ARRAY['available', 'unavailable', 'available_long_term'])[1 + g % 3],
                CASE WHEN g % 4 = 0 THEN NULL ELSE timestamptz '2026-01-01 10:00:00.5+00' + (g % 2) * interval '1 microsecond' END
           FROM generate_series(1, 45) g`,
        [prefix, shop, maker],
      );
      const sql = async (orderBy: string) =>
        (await ctx.api.dataSource.query(`SELECT id::text AS id FROM products p WHERE product_code LIKE $1 || '-%' ORDER BY ${orderBy}`, [prefix])).map((r: { id: string }) => r.id);
      const cases: [string, string][] = [
        ['', 'p.product_code, p.id'],
        ['sort=product_name&order=desc', 'p.product_name DESC, p.id DESC'],
        ['sort=price&order=asc', 'p.price, p.id'],
        ['sort=state&order=desc', 'p.state DESC, p.id DESC'],
        ['sort=last_changed_at&order=asc', 'p.last_changed_at NULLS FIRST, p.id'],
        ['sort=last_changed_at&order=desc', 'p.last_changed_at DESC NULLS LAST, p.id DESC'],
      ];
      for (const [query, orderBy] of cases) expect([query, await walk('/products', `keyword=${prefix}&${query}`)]).toEqual([query, await sql(orderBy)]);
      const res = await ctx.api.http.get(`/api/v1/products?keyword=${prefix}&sort=price&after=${encodeCursor({ sort: 'price', page: 1, values: ['100', '1'] })}`).set('Authorization', auth);
      expect(res.status).toBe(422);
      expect(res.body.error.errors).toEqual([{ field: 'after', error_code: 'cursor_invalid' }]);
    });
  });
});

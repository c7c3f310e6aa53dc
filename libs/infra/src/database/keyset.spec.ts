import { decodeCursor, encodeCursor, KeysetOrder, keysetPageSql, readKeysetPage, type KeyedRow, type PagePosition } from './keyset';

const byDate: KeysetOrder = { name: '-order_date', column: { sql: 'o.order_date', kind: 'date' }, id: 'o.id', desc: true };
const byKana: KeysetOrder = { name: 'nameKana', column: { sql: 'c.name_kana', kind: 'text', nullable: true }, id: 'c.id', desc: false };
const byId: KeysetOrder = { name: '-id', column: null, id: 'o.id', desc: true };
const byChange: KeysetOrder = { name: '-last_changed_at', column: { sql: 'p.last_changed_at', kind: 'timestamp', nullable: true }, id: 'p.id', desc: true };

const forged = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('keyset cursors', () => {
  it('round-trip the sort, the page and the key', () => {
    const key = { sort: '-order_date', page: 5001, values: ['2026-07-03', '750006'] };
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, byDate)).toEqual(key);
    expect(decodeCursor(encodeCursor({ sort: 'nameKana', page: 2, values: [null, '3'] }), byKana)).toEqual({ sort: 'nameKana', page: 2, values: [null, '3'] });
    expect(decodeCursor(encodeCursor({ sort: '-last_changed_at', page: 2, values: ['2026-01-01T10:00:00.123456Z', '3'] }), byChange)).not.toBeNull();
  });

  it.each([
    ['garbage', '!!!'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['padding', `${encodeCursor({ sort: '-id', page: 1, values: ['1'] })}=`],
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0x22]).toString('base64url')],
    ['an object', forged({ sort: '-order_date' })],
    ['another sort', forged(['order_date', 2, '2026-01-01', '1'])],
    ['another shape', forged(['-order_date', 2, '1'])],
    ['page 0', forged(['-order_date', 0, '2026-01-01', '1'])],
    ['a fractional page', forged(['-order_date', 1.5, '2026-01-01', '1'])],
    ['no such date', forged(['-order_date', 2, '2026-02-30', '1'])],
    ['a date written otherwise', forged(['-order_date', 2, '2026/01/01', '1'])],
    ['a missing date where the column has none', forged(['-order_date', 2, null, '1'])],
    ['a numeric id', forged(['-order_date', 2, '2026-01-01', 1])],
    ['an id past bigint', forged(['-order_date', 2, '2026-01-01', '9223372036854775808'])],
    ['id 0', forged(['-order_date', 2, '2026-01-01', '0'])],
  ])('refuse %s', (_name, text) => {
    expect(decodeCursor(text, byDate)).toBeNull();
  });

  it('refuse values a column of the kind cannot hold', () => {
    const total: KeysetOrder = { name: 'total', column: { sql: 'o.total', kind: 'integer' }, id: 'o.id', desc: false };
    expect(decodeCursor(forged(['total', 1, 2 ** 31, '1']), total)).toBeNull();
    expect(decodeCursor(forged(['total', 1, '100', '1']), total)).toBeNull();
    expect(decodeCursor(forged(['total', 1, 100, '1']), total)).not.toBeNull();
    expect(decodeCursor(forged(['-last_changed_at', 1, '2026-01-01T10:00:00.123Z', '1']), byChange)).toBeNull();
    expect(decodeCursor(forged(['-last_changed_at', 1, '2026-13-01T10:00:00.123456Z', '1']), byChange)).toBeNull();
    expect(decodeCursor(forged(['nameKana', 1, 'カ\u0000', '1']), byKana)).toBeNull();
    expect(decodeCursor(forged(['nameKana', 1, 'カ'.repeat(1001), '1']), byKana)).toBeNull();
  });
});

describe('keyset page SQL', () => {
  const list = { select: 'o.id', from: 'orders o', where: 'WHERE o.shop_id = $1', params: ['7'] };
  const key = (values: (string | null)[]) => ({ sort: '', page: 3, values });

  it('compares the sort value and the id as a row, in the direction of the page', () => {
    expect(keysetPageSql(list, byDate, { at: 'after', key: key(['2026-01-02', '9']) }, 50)).toEqual({
      sql: `SELECT o.id, to_char(o.order_date, 'YYYY-MM-DD') AS key_value FROM orders o WHERE o.shop_id = $1 AND (o.order_date, o.id) < ($2::date, $3::bigint) ORDER BY o.order_date DESC, o.id DESC LIMIT 51 OFFSET 0`,
      params: ['7', '2026-01-02', '9'],
      reversed: false,
    });
    const before = keysetPageSql({ ...list, where: '' }, byDate, { at: 'before', key: key(['2026-01-02', '9']) }, 20);
    expect(before.sql).toBe(`SELECT o.id, to_char(o.order_date, 'YYYY-MM-DD') AS key_value FROM orders o WHERE (o.order_date, o.id) > ($2::date, $3::bigint) ORDER BY o.order_date ASC, o.id ASC LIMIT 21 OFFSET 0`);
    expect(before.reversed).toBe(true);
    expect(keysetPageSql(list, byId, { at: 'page', page: 3 }, 20).sql).toBe('SELECT o.id FROM orders o WHERE o.shop_id = $1 ORDER BY o.id DESC LIMIT 21 OFFSET 40');
    expect(keysetPageSql(list, byId, { at: 'last' }, 20).sql).toBe('SELECT o.id FROM orders o WHERE o.shop_id = $1 ORDER BY o.id ASC LIMIT 21 OFFSET 0');
  });

  it('places NULLs of a nullable column as the smallest values, both ways', () => {
    const c = { select: 'c.id', from: 'customers c', where: '', params: [] };
    const where = (position: PagePosition) => /WHERE (.*) ORDER BY (.*) LIMIT/.exec(keysetPageSql(c, byKana, position, 20).sql)!.slice(1);
    expect(where({ at: 'after', key: key(['カ', '5']) })).toEqual(['(c.name_kana, c.id) > ($1::text, $2::bigint)', 'c.name_kana ASC NULLS FIRST, c.id ASC']);
    expect(where({ at: 'before', key: key(['カ', '5']) })).toEqual(['((c.name_kana, c.id) < ($1::text, $2::bigint) OR c.name_kana IS NULL)', 'c.name_kana DESC NULLS LAST, c.id DESC']);
    expect(where({ at: 'after', key: key([null, '5']) })).toEqual(['(c.name_kana IS NOT NULL OR c.id > $1::bigint)', 'c.name_kana ASC NULLS FIRST, c.id ASC']);
    expect(where({ at: 'before', key: key([null, '5']) })).toEqual(['(c.name_kana IS NULL AND c.id < $1::bigint)', 'c.name_kana DESC NULLS LAST, c.id DESC']);
  });
});

describe('reading a page', () => {
  /** A list of ids 1…n by id descending, read as the SQL would. */
  const rows = (n: number) => async (position: PagePosition): Promise<KeyedRow[]> => {
    const all = Array.from({ length: n }, (_, i) => ({ id: String(n - i) }));
    const limit = 21;
    switch (position.at) {
      case 'page':
        return all.slice((position.page - 1) * 20, (position.page - 1) * 20 + limit);
      case 'last':
        return [...all].reverse().slice(0, limit);
      case 'after':
        return all.filter((r) => Number(r.id) < Number(position.key.values[0])).slice(0, limit);
      case 'before':
        return [...all].reverse().filter((r) => Number(r.id) > Number(position.key.values[0])).slice(0, limit);
    }
  };
  const read = (n: number, position: PagePosition, exact = true) =>
    readKeysetPage({ order: byId, position, perPage: 20, rows: rows(n), total: Promise.resolve({ total: n, exact }) });
  const ids = (page: { rows: KeyedRow[] }) => page.rows.map((r) => Number(r.id));

  it('numbers the pages along the cursors and lines the last one up with the numbered pages', async () => {
    const first = await read(45, { at: 'page', page: 1 });
    expect({ page: first.page, prev: first.prevCursor, ids: ids(first).slice(0, 2) }).toEqual({ page: 1, prev: null, ids: [45, 44] });
    const second = await read(45, { at: 'after', key: decodeCursor(first.nextCursor, byId)! });
    expect([second.page, ids(second)[0], ids(second).length]).toEqual([2, 25, 20]);
    const last = await read(45, { at: 'last' });
    expect([last.page, ids(last), last.nextCursor]).toEqual([3, [5, 4, 3, 2, 1], null]);
    const back = await read(45, { at: 'before', key: decodeCursor(last.prevCursor, byId)! });
    expect([back.page, ids(back)]).toEqual([2, ids(second)]);
    // Above an estimate the last page is the last 20 rows.
    const estimated = await read(45, { at: 'last' }, false);
    expect([estimated.page, ids(estimated)[0], ids(estimated).length]).toEqual([3, 20, 20]);
  });

  it('answers the first page whole when the rows before a cursor are fewer than a page', async () => {
    const page = await read(45, { at: 'before', key: { sort: '-id', page: 2, values: ['40'] } });
    expect([page.page, page.prevCursor, ids(page)]).toEqual([1, null, Array.from({ length: 20 }, (_, i) => 45 - i)]);
  });
});

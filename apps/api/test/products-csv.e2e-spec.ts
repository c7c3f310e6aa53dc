import { createFileStorage } from '@oms/infra';
import iconv from 'iconv-lite';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ProductImportQueue } from '../src/products/product-import-jobs';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

const HEADER = [
  '商品コード',
  '自社商品コード',
  'EC商品コード',
  'メーカー品番',
  'ショップコード',
  'ショップ商品ID',
  'メーカーコード',
  '商品名',
  'カテゴリ名',
  '税抜価格',
  '税率',
  '税込価格',
  '卸価格',
  'オプション1',
  'オプション2',
  '配送タイプ',
  '出荷可',
  '出荷目安',
  '配送区分',
  '表示',
  '掲載対応',
  '状態',
];

type Row = Partial<Record<(typeof HEADER)[number], string>>;

describe('product CSV import and export', () => {
  const ctx = useTestApi();
  let operator: Awaited<ReturnType<TestApp['signedIn']>>;
  let maker: { id: string; code: string };
  const shopCode1 = 'CSV-SHOP-1'; // platform_1
  const shopCode2 = 'csv-shop-2'; // platform_2

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    maker = await ctx.api.maker({ code: 'CSV-MAKER' });
    for (const [code, type] of [
      [shopCode1, 'platform_1'],
      [shopCode2, 'platform_2'],
    ]) {
      await ctx.api.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ($1, $2, $3) RETURNING id`, [`ショップ ${code}`, code, type]);
    }
  });

  const row = (over: Row): Row => ({
    商品コード: 'X',
    ショップコード: shopCode1,
    メーカーコード: maker.code,
    商品名: '商品',
    税抜価格: '1000',
    税率: '10',
    配送タイプ: 'direct_delivery',
    ...over,
  });
  const csvText = (rows: Row[], header = HEADER) =>
    [header, ...rows.map((r) => header.map((h) => r[h] ?? ''))].map((cells) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';
  const sjis = (text: string) => iconv.encode(text, 'cp932');
  // A name of its own for each upload unless a test names it: a name applied before is refused.
  let uploads = 0;
  const upload = (content: Buffer, filename = `products-${++uploads}.csv`, auth = operator.auth) =>
    ctx.api.http.post('/api/v1/products/imports').set('Authorization', auth).attach('file', content, filename);
  const getImport = async (id: number) => (await ctx.api.http.get(`/api/v1/products/imports/${id}`).set('Authorization', operator.auth).expect(200)).body.data;
  /** Polls the import until its job is done with it. */
  const settled = async (id: number) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const view = await getImport(id);
      if (view.status !== 'validating' && view.status !== 'applying') return view;
      if (Date.now() > deadline) throw new Error(`import ${id} still ${view.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** Uploads a file and waits for its preview. */
  const preview = async (content: Buffer, filename?: string) => {
    const res = await upload(content, filename).expect(202);
    expect(res.body.data).toMatchObject({ id: expect.any(Number), status: 'validating', progress: { rows_done: 0 }, preview: null });
    return settled(res.body.data.id);
  };
  const apply = (id: number, auth = operator.auth, body?: object) => {
    const req = ctx.api.http.post(`/api/v1/products/imports/${id}/apply`).set('Authorization', auth);
    return body ? req.send(body) : req;
  };
  /** Uploads, checks that the preview is clean, applies and waits: the old one-step import. */
  const importFile = async (content: Buffer, filename?: string) => {
    const view = await preview(content, filename);
    expect(view.preview.errors).toEqual([]);
    expect(view.status).toBe('previewed');
    await apply(view.id).expect(202);
    const done = await settled(view.id);
    expect(done.status).toBe('applied');
    return done;
  };
  const products = (prefix: string) =>
    ctx.api.dataSource.query(`SELECT * FROM products WHERE product_code LIKE $1 ORDER BY product_code`, [`${prefix}%`]) as Promise<Record<string, unknown>[]>;
  const mediaToken = async (auth = operator.auth) => (await ctx.api.http.get('/api/v1/medias/token').set('Authorization', auth).expect(200)).body.data.token as string;
  /** A download route (`@Download`), with a fresh media token. */
  const downloadCsv = async (path: string, query = '', auth = operator.auth) => {
    const token = await mediaToken(auth);
    return ctx.api.http
      .get(`${path}?token=${token}&${query}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
  };
  const exportCsv = (query: string, auth = operator.auth) => downloadCsv('/api/v1/products/export', query, auth);

  it('imports a Shift_JIS file with Japanese names after its preview: creates, then updates by product code', async () => {
    const file = sjis(
      csvText([
        row({ 商品コード: 'SJ-1', 商品名: '髙島屋の座椅子①', カテゴリ名: '和家具', 税抜価格: '999', 税率: '8', 税込価格: '1', 出荷目安: '３営業日', メーカー品番: 'SJ-MPC-1' }),
        row({ 商品コード: 'SJ-2', 商品名: 'ちゃぶ台～丸型～', ショップコード: shopCode2.toUpperCase(), ショップ商品ID: '123456789', 出荷可: '0', 表示: '0', 状態: 'unavailable' }),
      ]),
    );
    const first = await preview(file, '商品マスタ.csv');
    expect(first).toMatchObject({ status: 'previewed', encoding: 'shift_jis', file_name: '商品マスタ.csv', progress: { rows_done: 2, rows_total: 2 } });
    expect(first.counts).toEqual({ new: 2, changed: 0, unchanged: 0, clears: 0, errors: 0, rejected_rows: 0 });
    expect(await products('SJ-')).toEqual([]); // nothing written before apply
    await apply(first.id).expect(202);
    expect((await settled(first.id)).result).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const [one, two] = await products('SJ-');
    expect(one).toMatchObject({ product_name: '髙島屋の座椅子①', category_name: '和家具', price: 999, tax: 79, price_with_tax: 1078, estimate_ship_date: '３営業日', maker_product_code: 'SJ-MPC-1', is_display: true, available_shipment: true, state: 'available', maker_id: maker.id });
    expect(two).toMatchObject({ product_name: 'ちゃぶ台～丸型～', shop_product_id: '123456789', available_shipment: false, is_display: false, state: 'unavailable', own_product_code: null });

    // Again, with the availability changed: an update, recorded as a change by the importer.
    const again = sjis(csvText([row({ 商品コード: 'SJ-1', 商品名: '髙島屋の座椅子①', 税抜価格: '999', 税率: '8', 出荷目安: '３営業日', メーカー品番: 'SJ-MPC-1', 状態: 'available_long_term' })]));
    const second = await preview(again);
    expect(second.counts).toEqual({ new: 0, changed: 1, unchanged: 0, clears: 1, errors: 0, rejected_rows: 0 });
    // The state changes, and the blank category cell would clear 和家具: the preview says so.
    expect(second.preview.changed).toEqual([
      { line: 2, product_code: 'SJ-1', changes: [{ column: 'カテゴリ名', from: '和家具', to: null }, { column: '状態', from: 'available', to: 'available_long_term' }] },
    ]);
    expect(second.preview.clears).toEqual([{ line: 2, product_code: 'SJ-1', column: 'カテゴリ名', from: '和家具' }]);
    expect((await products('SJ-1'))[0]).toMatchObject({ state: 'available', version: 1, category_name: '和家具' });
    await apply(second.id).expect(202);
    expect((await settled(second.id)).result).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const [after] = await products('SJ-1');
    expect(after).toMatchObject({ state: 'available_long_term', version: 2, last_changed_at: expect.any(Date), category_name: null });
    expect(await ctx.api.dataSource.query(`SELECT field, from_value, to_value, changed_by FROM product_changes WHERE product_id = $1`, [after.id])).toEqual([
      { field: 'state', from_value: 'available', to_value: 'available_long_term', changed_by: operator.id },
    ]);
  });

  it('bounds prices as POST /products does: 99,999,999 yen passes, 100,000,000 is refused with its bound', async () => {
    await importFile(Buffer.from(csvText([row({ 商品コード: 'MONEY-MAX', 税抜価格: '99999999', 卸価格: '99999999' })])));
    expect((await products('MONEY-MAX'))[0]).toMatchObject({ price: 99_999_999, wholesale_price: 99_999_999 });
    const view = await preview(
      Buffer.from(
        csvText([
          row({ 商品コード: 'MONEY-OVER-1', 税抜価格: '100000000' }),
          row({ 商品コード: 'MONEY-OVER-2', 卸価格: '100000000' }),
        ]),
      ),
    );
    expect(view.status).toBe('invalid');
    expect(view.preview.errors).toEqual([
      { field: 'rows.2.税抜価格', error_code: 'max', params: { max: 99_999_999 } },
      { field: 'rows.3.卸価格', error_code: 'max', params: { max: 99_999_999 } },
    ]);
    expect(await products('MONEY-OVER')).toEqual([]);
  });

  it('reads UTF-8 with and without a BOM', async () => {
    expect((await importFile(Buffer.from(`\ufeff${csvText([row({ 商品コード: 'BOM-1', 商品名: 'ＢＯＭ付き' })])}`))).encoding).toBe('utf-8');
    await importFile(Buffer.from(csvText([row({ 商品コード: 'BOM-2', 商品名: 'BOMなし' })])));
    expect((await products('BOM-')).map((p) => p.product_name)).toEqual(['ＢＯＭ付き', 'BOMなし']);
  });

  it('lists every error of every row with its row number and column, refuses to apply, and writes nothing', async () => {
    await importFile(Buffer.from(csvText([row({ 商品コード: 'ERR-KEEP', 商品名: '元の名前', メーカー品番: 'ERR-MPC' })])));
    const before = await ctx.api.dataSource.query(`SELECT * FROM products ORDER BY id`);
    const changesBefore = await ctx.api.dataSource.query(`SELECT count(*) FROM product_changes`);
    const file = csvText([
      row({ 商品コード: 'ERR-KEEP', 商品名: '書き換えられない', メーカー品番: 'ERR-MPC', 状態: 'unavailable' }), // line 2: valid, but the file fails
      row({ 商品コード: 'ERR-1', 商品名: '名'.repeat(101), 税抜価格: '100000000', 税率: '101' }), // line 3
      row({ 商品コード: 'ERR-2', ショップコード: 'NO-SUCH-SHOP', メーカーコード: '', 配送タイプ: 'drone', 表示: 'yes' }), // line 4
      row({ 商品コード: 'ERR-3', ショップ商品ID: '12345', 税抜価格: 'abc', 配送区分: 'ABCD' }), // line 5
      row({ 商品コード: 'ERR-KEEP' }), // line 6: the same product code twice
      row({ 商品コード: 'ERR-4', メーカー品番: 'ERR-MPC' }), // line 7: taken by ERR-KEEP
      row({ 商品コード: '', 商品名: '' }), // line 8
    ]);
    const view = await preview(Buffer.from(`${file}a,b\r\n`)); // line 9: wrong number of cells
    expect(view.status).toBe('invalid');
    expect(view.counts).toEqual({ new: 0, changed: 1, unchanged: 0, clears: 0, errors: 15, rejected_rows: 7 });
    expect(view.preview.errors).toEqual([
      { field: 'rows.3.商品名', error_code: 'max_length', params: { max: 100 } },
      { field: 'rows.3.税抜価格', error_code: 'max', params: { max: 99_999_999 } },
      { field: 'rows.3.税率', error_code: 'max', params: { max: 100 } },
      { field: 'rows.4.ショップコード', error_code: 'exists' },
      { field: 'rows.4.メーカーコード', error_code: 'required' },
      { field: 'rows.4.配送タイプ', error_code: 'in', params: { values: 'direct_delivery,order_delivery' } },
      { field: 'rows.4.表示', error_code: 'in', params: { values: 'true,false' } },
      { field: 'rows.5.税抜価格', error_code: 'integer' },
      { field: 'rows.5.配送区分', error_code: 'max_length', params: { max: 3 } },
      { field: 'rows.5.ショップ商品ID', error_code: 'digits', params: { length: 12 } },
      { field: 'rows.6.商品コード', error_code: 'unique' },
      { field: 'rows.7.メーカー品番', error_code: 'unique' },
      { field: 'rows.8.商品コード', error_code: 'required' },
      { field: 'rows.8.商品名', error_code: 'required' },
      { field: 'rows.9', error_code: 'invalid', params: { cells: 2, expected: HEADER.length } },
    ]);
    const refused = await apply(view.id).expect(400);
    expectErrorEnvelope(refused.body, 'NAL-PRO-003');
    expect(await ctx.api.dataSource.query(`SELECT * FROM products ORDER BY id`)).toEqual(before);
    expect(await ctx.api.dataSource.query(`SELECT count(*) FROM product_changes`)).toEqual(changesBefore);

    // Every rejected row, with its errors, as a CSV in the file's own columns (a download: the media token).
    const rejected = await downloadCsv(`/api/v1/products/imports/${view.id}/rejected-rows`);
    expect(rejected.headers['content-disposition']).toBe(`attachment; filename="product-import-${view.id}-rejected.csv"`);
    const lines = (rejected.body as Buffer).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(`\ufeff行,エラー,${HEADER.join(',')}`);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '3,商品名: max_length (max=100); 税抜価格: max (max=99999999); 税率: max (max=100)',
      '4,"ショップコード: exists; メーカーコード: required; 配送タイプ: in (values=direct_delivery', // quoted: it holds a comma
      '5,税抜価格: integer; 配送区分: max_length (max=3); ショップ商品ID: digits (length=12)',
      '6,商品コード: unique',
      '7,メーカー品番: unique',
      '8,商品コード: required; 商品名: required',
      '9,"invalid (cells=2',
    ]);
    expect(lines[4]).toBe(`6,商品コード: unique,${csvText([row({ 商品コード: 'ERR-KEEP' })]).split('\r\n')[1]}`);
  });

  it('refuses at once a file whose header lacks or has unknown columns', async () => {
    const header = HEADER.filter((h) => h !== '商品名').concat('備考');
    const res = await upload(Buffer.from(csvText([row({})], header))).expect(422);
    expect(res.body.error.errors).toEqual([
      { field: 'header.備考', error_code: 'invalid' },
      { field: 'header.商品名', error_code: 'required' },
    ]);
  });

  it('refuses a file that is not .csv, one over 10 MB, and a request without a file, and keeps nothing of them', async () => {
    const ok = Buffer.from(csvText([row({ 商品コード: 'TXT-1' })]));
    const txt = await upload(ok, 'products.txt').expect(422);
    expect(txt.body.error.errors).toEqual([{ field: 'file', error_code: 'file_format_invalid' }]);

    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const tooLarge = await upload(big, 'big.csv');
    expect(tooLarge.status).toBe(413);
    expectErrorEnvelope(tooLarge.body, 'NAL-413');

    const exactly = Buffer.concat([ok, Buffer.alloc(10 * 1024 * 1024 - ok.length, 0x0a)]); // 10 MB to the byte: accepted
    expect((await importFile(exactly, 'exact.CSV')).result).toEqual({ created: 1, updated: 0, unchanged: 0 });

    const none = await ctx.api.http.post('/api/v1/products/imports').set('Authorization', operator.auth).expect(422);
    expect(none.body.error.errors).toEqual([{ field: 'file', error_code: 'required' }]);
    expect(await products('TXT-')).toHaveLength(1);
    expect(await ctx.api.dataSource.query(`SELECT file_name FROM product_imports WHERE file_name IN ('products.txt', 'big.csv')`)).toEqual([]);
  }, 60_000); // ten million empty lines to read

  it('answers an absurd header small and at once: one error for a 9.8 MB header of four million cells', async () => {
    const wide = Buffer.from('a,'.repeat(4_900_000)); // 9.8 MB
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await upload(wide, 'wide.csv').expect(422);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expectErrorEnvelope(res.body, 'NAL-422');
    expect(res.body.error.errors).toEqual([{ field: 'header', error_code: 'max_length', params: { max: 8192 } }]);
    expect(JSON.stringify(res.body).length).toBeLessThan(500);
    // Reading four million cells took 930 MB; the file itself (in a Buffer) is outside the heap.
    expect(heapGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(await ctx.api.dataSource.query(`SELECT id FROM product_imports WHERE file_name = 'wide.csv'`)).toEqual([]);
  });

  it('exports every product with Japanese headers, formula cells neutralised, and re-imports to the same data', async () => {
    await importFile(
      Buffer.from(
        csvText([
          row({
            商品コード: 'RT-1',
            自社商品コード: 'OWN-RT-1',
            EC商品コード: '+81-EC',
            メーカー品番: 'RT-MPC-1',
            ショップ商品ID: '123456789012',
            商品名: '=HYPERLINK("http://evil.example","押して")',
            カテゴリ名: '@カテゴリ',
            税抜価格: '1980',
            税率: '10',
            卸価格: '0',
            オプション1: '-5',
            配送タイプ: 'order_delivery',
            出荷可: '0',
            出荷目安: '2〜3日',
            配送区分: 'A,B',
            表示: '0',
            掲載対応: 'not_compatible',
            状態: 'available_long_term',
          }),
          row({ 商品コード: 'RT-2', ショップコード: shopCode2, 商品名: '"商品" を含む', 出荷目安: '改行\r\nを含む', ショップ商品ID: '000000001' }),
        ]),
      ),
    );
    // A value that really starts with a quote before a formula character (typed in the console).
    await ctx.api.dataSource.query(`UPDATE products SET option2 = $1 WHERE product_code = 'RT-1'`, ["'=already quoted"]);
    const before = await products('RT-');
    expect(before[0]).toMatchObject({ product_name: '=HYPERLINK("http://evil.example","押して")', option1: '-5', option2: "'=already quoted", price_with_tax: 2178 });

    const first = await exportCsv('keyword=RT-');
    expect(first.headers['content-type']).toBe('text/csv; charset=UTF-8');
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{8}\.csv"$/);
    const text = (first.body as Buffer).toString('utf8');
    expect(text.startsWith(`\ufeff${HEADER.join(',')}\r\n`)).toBe(true);
    expect(text).toContain(`'=HYPERLINK`);
    expect(text).toContain(`,'@カテゴリ,`);
    expect(text).toContain(`,'+81-EC,`);
    expect(text).toContain(`,'-5,''=already quoted,`);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 2 + 1); // header, two rows, one of them on two lines

    // Re-import the export unchanged: every row unchanged, and applying it leaves the products as they are.
    const same = await preview(first.body as Buffer);
    expect(same.counts).toEqual({ new: 0, changed: 0, unchanged: 2, clears: 0, errors: 0, rejected_rows: 0 });
    await apply(same.id).expect(202);
    expect((await settled(same.id)).result).toEqual({ created: 0, updated: 0, unchanged: 2 });
    const after = await products('RT-');
    expect(after).toEqual(before);
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ version: _v, updated_at: _u, ...rest }) => rest);
    // And an export of the re-imported data is the same file.
    expect(((await exportCsv('keyword=RT-')).body as Buffer).equals(first.body as Buffer)).toBe(true);

    // Shift_JIS on request, which also reads back the same.
    const sj = await exportCsv('keyword=RT-&encoding=shift_jis');
    expect(sj.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(iconv.decode(sj.body as Buffer, 'cp932').startsWith(HEADER.join(','))).toBe(true);
    const sjPreview = await preview(sj.body as Buffer);
    expect(sjPreview.preview.changed).toEqual([{ line: 2, product_code: 'RT-1', changes: [{ column: '出荷目安', from: '2〜3日', to: '2～3日' }] }]);
    await apply(sjPreview.id).expect(202);
    await settled(sjPreview.id);
    const fromSjis = await products('RT-');
    // 〜 (wave dash) has no CP932 form: it comes back as its CP932 twin ～ (so the estimated ship date
    // changed, and is recorded as a change); everything else as it was.
    expect(fromSjis[0]).toMatchObject({ estimate_ship_date: '2～3日', last_changed_at: expect.any(Date) });
    const twinBack = (p: Record<string, unknown>) => ({ ...p, estimate_ship_date: p.estimate_ship_date === '2～3日' ? '2〜3日' : p.estimate_ship_date, last_changed_at: null });
    expect(strip(fromSjis).map(twinBack)).toEqual(strip(before).map(twinBack));
  });

  it('exports the filtered list, only the own maker\'s products for a maker, and needs a media token', async () => {
    const makerUser = await ctx.api.signedIn('maker');
    await ctx.api.dataSource.query(`UPDATE makers SET code = 'OWN-MAKER' WHERE id = $1`, [makerUser.makerId]);
    await importFile(Buffer.from(csvText([row({ 商品コード: 'MK-OWN', メーカーコード: 'own-maker' }), row({ 商品コード: 'MK-OTHER', 状態: 'unavailable' })])));
    const lines = async (query: string, auth?: string) => ((await exportCsv(query, auth)).body as Buffer).toString('utf8').split('\r\n').filter(Boolean).map((l) => l.split(',')[0]);
    expect(await lines('', makerUser.auth)).toEqual([`\ufeff商品コード`, 'MK-OWN']);
    expect(await lines('keyword=MK-&state=unavailable')).toEqual([`\ufeff商品コード`, 'MK-OTHER']);
    expect(await lines('keyword=nothing-matches')).toEqual([`\ufeff商品コード`]);

    const noToken = await ctx.api.http.get('/api/v1/products/export').expect(401);
    expectErrorEnvelope(noToken.body, 'NAL-LO-07');
    await ctx.api.http.get('/api/v1/products/export').set('Authorization', operator.auth).expect(401); // a bearer token is not a download token
    await upload(Buffer.from(csvText([row({ 商品コード: 'MK-NO' })])), 'p.csv', makerUser.auth).expect(403);
  });

  it('streams a large export without holding it', async () => {
    await ctx.api.dataSource.query(
      `INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type)
       SELECT 'BULK-' || lpad(g::text, 5, '0'), (SELECT id FROM shops WHERE code = $1), $2, '大量 ' || g, g, 10, g / 10, g + g / 10, 'direct_delivery'
       FROM generate_series(1, 2500) g`,
      [shopCode1, maker.id],
    );
    const res = await exportCsv('keyword=BULK-');
    const rows = (res.body as Buffer).toString('utf8').split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2501);
    expect(rows[1].startsWith('BULK-00001,')).toBe(true);
    expect(rows[2500].startsWith('BULK-02500,')).toBe(true);
  });

  it('lets a file swap maker product codes between its products', async () => {
    await importFile(Buffer.from(csvText([row({ 商品コード: 'SWAP-A', メーカー品番: 'SWAP-M1' }), row({ 商品コード: 'SWAP-B', メーカー品番: 'SWAP-M2' })])));
    await importFile(Buffer.from(csvText([row({ 商品コード: 'SWAP-A', メーカー品番: 'SWAP-M2' }), row({ 商品コード: 'SWAP-B', メーカー品番: 'SWAP-M1' })])));
    expect((await products('SWAP-')).map((p) => [p.product_code, p.maker_product_code])).toEqual([
      ['SWAP-A', 'SWAP-M2'],
      ['SWAP-B', 'SWAP-M1'],
    ]);
  });

  it('applies once under two concurrent applies, and refuses a second preview of the same new codes once the first is applied', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => row({ 商品コード: `RACE-${String(i).padStart(3, '0')}`, 状態: 'unavailable' }));
    const forward = await preview(Buffer.from(csvText(rows)));
    const backward = await preview(Buffer.from(csvText([...rows].reverse())));
    expect([forward.counts.new, backward.counts.new]).toEqual([300, 300]);

    // A double click: both answered with the import, one apply.
    const clicks = await Promise.all([apply(forward.id), apply(forward.id)]);
    expect(clicks.map((r) => r.status)).toEqual([202, 202]);
    expect(clicks.map((r) => r.body.data.status).sort()).toEqual(expect.arrayContaining(['applying']));
    expect((await settled(forward.id)).result).toEqual({ created: 300, updated: 0, unchanged: 0 });
    expect((await apply(forward.id).expect(202)).body.data.status).toBe('applied'); // a retry later: still once
    expect(await ctx.api.dataSource.query(`SELECT DISTINCT version FROM products WHERE product_code LIKE 'RACE-%'`)).toEqual([{ version: 1 }]);
    expect(await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM product_changes c JOIN products p ON p.id = c.product_id WHERE p.product_code LIKE 'RACE-%'`)).toEqual([{ n: 0 }]);

    // The second file's preview said 300 new: no longer true, so it is refused rather than applied blind.
    const stale = await apply(backward.id).expect(400);
    expectErrorEnvelope(stale.body, 'NAL-PRO-004');
    expect((await getImport(backward.id)).status).toBe('previewed');
    expect(await products('RACE-')).toHaveLength(300);
  });

  it('refuses to apply a preview whose products were edited since, and writes nothing', async () => {
    await importFile(Buffer.from(csvText([row({ 商品コード: 'EDIT-1', 商品名: '元' }), row({ 商品コード: 'EDIT-2' })])));
    const view = await preview(Buffer.from(csvText([row({ 商品コード: 'EDIT-1', 商品名: 'ファイルの名前' }), row({ 商品コード: 'EDIT-2' })])));
    expect(view.counts).toMatchObject({ changed: 1, unchanged: 1 });
    const [edited] = await products('EDIT-2');
    const body = { product_code: 'EDIT-2', shop_id: Number(edited.shop_id), maker_id: Number(maker.id), product_name: '画面で直した', price: 1000, tax_percentage: 10, shipping_type: 'direct_delivery', version: edited.version };
    await ctx.api.http.put(`/api/v1/products/${edited.id}`).set('Authorization', operator.auth).send(body).expect(200);
    const before = await products('EDIT-');
    expectErrorEnvelope((await apply(view.id).expect(400)).body, 'NAL-PRO-004');
    expect(await products('EDIT-')).toEqual(before);
  });

  it('counts new, changed and unchanged rows and the values blank cells would clear, and writes nothing before apply', async () => {
    await importFile(
      Buffer.from(
        csvText([
          row({ 商品コード: 'PV-1', カテゴリ名: '机', オプション1: '白', 卸価格: '500' }),
          row({ 商品コード: 'PV-2', 出荷目安: '3日' }),
          row({ 商品コード: 'PV-3' }),
        ]),
      ),
    );
    const productsBefore = await ctx.api.dataSource.query(`SELECT * FROM products ORDER BY id`);
    const changesBefore = await ctx.api.dataSource.query(`SELECT * FROM product_changes ORDER BY id`);
    const view = await preview(
      Buffer.from(
        csvText([
          row({ 商品コード: 'PV-1', カテゴリ名: '', オプション1: '黒', 卸価格: '' }), // changed: two clears and one change
          row({ 商品コード: 'PV-2', 出荷目安: '3日' }), // unchanged
          row({ 商品コード: 'PV-3', 商品名: '新しい名前', 税抜価格: '1200' }), // changed
          row({ 商品コード: 'PV-4' }), // new
          row({ 商品コード: 'PV-5', 表示: '0' }), // new
        ]),
      ),
    );
    expect(view.counts).toEqual({ new: 2, changed: 2, unchanged: 1, clears: 2, errors: 0, rejected_rows: 0 });
    expect(view.preview.changed).toEqual([
      {
        line: 2,
        product_code: 'PV-1',
        changes: [
          { column: 'カテゴリ名', from: '机', to: null },
          { column: '卸価格', from: '500', to: null },
          { column: 'オプション1', from: '白', to: '黒' },
        ],
      },
      {
        line: 4,
        product_code: 'PV-3',
        changes: [
          { column: '商品名', from: '商品', to: '新しい名前' },
          { column: '税抜価格', from: '1000', to: '1200' },
        ],
      },
    ]);
    expect(view.preview.clears).toEqual([
      { line: 2, product_code: 'PV-1', column: 'カテゴリ名', from: '机' },
      { line: 2, product_code: 'PV-1', column: '卸価格', from: '500' },
    ]);
    expect(await ctx.api.dataSource.query(`SELECT * FROM products ORDER BY id`)).toEqual(productsBefore);
    expect(await ctx.api.dataSource.query(`SELECT * FROM product_changes ORDER BY id`)).toEqual(changesBefore);

    await apply(view.id).expect(202);
    expect((await settled(view.id)).result).toEqual({ created: 2, updated: 2, unchanged: 1 });
    const after = await products('PV-');
    expect(after.map((p) => [p.product_code, p.version, p.category_name, p.wholesale_price, p.option1, p.price_with_tax])).toEqual([
      ['PV-1', 2, null, null, '黒', 1100],
      ['PV-2', 1, null, null, null, 1100], // unchanged: not written
      ['PV-3', 2, null, null, null, 1320],
      ['PV-4', 1, null, null, null, 1100],
      ['PV-5', 1, null, null, null, 1100],
    ]);
  });

  it('discards a preview: nothing written, its file gone, and it cannot be applied', async () => {
    const view = await preview(Buffer.from(csvText([row({ 商品コード: 'DISC-1' })])));
    const [{ file_key: key }] = await ctx.api.dataSource.query(`SELECT file_key FROM product_imports WHERE id = $1`, [view.id]);
    expect(existsSync(join(ctx.env.env.FILE_STORAGE_DIR, key))).toBe(true);
    const discarded = await ctx.api.http.post(`/api/v1/products/imports/${view.id}/discard`).set('Authorization', operator.auth).expect(200);
    expect(discarded.body.data.status).toBe('discarded');
    expect(existsSync(join(ctx.env.env.FILE_STORAGE_DIR, key))).toBe(false);
    expectErrorEnvelope((await apply(view.id).expect(400)).body, 'NAL-PRO-003');
    expect(await products('DISC-')).toEqual([]);
    expect(await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM product_import_rows WHERE import_id = $1`, [view.id])).toEqual([{ n: 0 }]);

    const applied = await importFile(Buffer.from(csvText([row({ 商品コード: 'DISC-2' })])));
    expectErrorEnvelope((await ctx.api.http.post(`/api/v1/products/imports/${applied.id}/discard`).set('Authorization', operator.auth).expect(400)).body, 'NAL-PRO-005');
    await ctx.api.http.get('/api/v1/products/imports/987654321').set('Authorization', operator.auth).expect(404);
  });

  it('lists the first 1,000 errors with their total, and every rejected row in the download', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => row({ 商品コード: `MANY-${i}`, 税率: '101' }));
    const view = await preview(Buffer.from(csvText(rows)));
    expect(view.status).toBe('invalid');
    expect(view.counts).toMatchObject({ errors: 1500, rejected_rows: 1500 });
    expect(view.preview.errors).toHaveLength(1000);
    expect(view.preview.errors[999]).toEqual({ field: 'rows.1001.税率', error_code: 'max', params: { max: 100 } });
    const lines = ((await downloadCsv(`/api/v1/products/imports/${view.id}/rejected-rows`)).body as Buffer).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1501);
    expect(lines[1500].startsWith('1501,税率: max (max=100),MANY-1499,')).toBe(true);
  });

  it('takes up an import a crash left behind: a lost job is added again by the sweep', async () => {
    const view = await preview(Buffer.from(csvText([row({ 商品コード: 'LOST-1' })])));
    // The process stopped between the database and Redis: the import says applying, no job exists.
    await ctx.api.dataSource.query(`UPDATE product_imports SET status = 'applying', applied_by = $2 WHERE id = $1`, [view.id, operator.id]);
    expect((await getImport(view.id)).status).toBe('applying');
    await ctx.api.app.get(ProductImportQueue).sweep();
    expect((await settled(view.id)).status).toBe('applied');
    expect(await products('LOST-')).toHaveLength(1);

    // And a check whose job was lost: the upload row is there, its job is not.
    const [{ id }] = await ctx.api.dataSource.query(
      `INSERT INTO product_imports (file_name, file_key, file_size, created_by) SELECT 'again.csv', 'product-imports/again.csv', file_size, created_by FROM product_imports WHERE id = $1 RETURNING id`,
      [view.id],
    );
    const storage = createFileStorage(ctx.api.config);
    await storage.put('product-imports/again.csv', Buffer.from(csvText([row({ 商品コード: 'LOST-2' })])), 'text/csv');
    await ctx.api.app.get(ProductImportQueue).sweep();
    expect(await settled(Number(id))).toMatchObject({ status: 'previewed', counts: { new: 1 } });
  });
  describe('unique file names (SPEC.md §5)', () => {
    const ds = () => ctx.api.dataSource;
    const entries = async (name: string) =>
      (await ds().query(`SELECT record_id, file_name, imported_by, imported_at FROM imported_files WHERE area = 'products' AND file_name = $1 ORDER BY id`, [name])) as {
        record_id: string;
        imported_by: string;
        imported_at: Date;
      }[];
    const refusal = (fileName: string, importedAt: Date, importedBy: string) => [
      { field: 'file', error_code: 'NAL-UPL-001', params: { file_name: fileName, imported_at: importedAt.toISOString(), imported_by: importedBy } },
    ];
    /** Uploads as `auth`, waits for a clean preview, applies and waits. */
    const importAs = async (content: Buffer, filename: string, auth: string, form: Record<string, string> = {}) => {
      let req = upload(content, filename, auth);
      for (const [k, v] of Object.entries(form)) req = req.field(k, v);
      const view = await settled((await req.expect(202)).body.data.id);
      expect(view.status).toBe('previewed');
      await apply(view.id, auth).expect(202);
      expect((await settled(view.id)).status).toBe('applied');
      return view;
    };

    it('refuses a name applied before, saying when and by whom (any case, NFC or NFD), until staff confirm a re-import', async () => {
      const hanako = await ctx.api.user('operator', { name: '山田 花子' });
      const hanakoAuth = ctx.api.bearer(hanako);
      const name = 'データ月次.csv';
      const first = await importAs(Buffer.from(csvText([row({ 商品コード: 'UN-1' })])), name, hanakoAuth);
      const [entry] = await entries(name);
      expect(entry).toMatchObject({ record_id: String(first.id), imported_by: hanako.id });

      const next = Buffer.from(csvText([row({ 商品コード: 'UN-1', 商品名: '二回目' })]));
      const importsBefore = await ds().query(`SELECT id FROM product_imports ORDER BY id`);
      for (const same of [name, 'データ月次.CSV', name.normalize('NFD')]) {
        const refused = await upload(next, same).expect(422);
        expectErrorEnvelope(refused.body, 'NAL-422');
        expect(refused.body.error.errors).toEqual(refusal(name, entry.imported_at, '山田 花子'));
      }
      expect(await ds().query(`SELECT id FROM product_imports ORDER BY id`)).toEqual(importsBefore); // nothing kept
      // A flag that is not true or false is refused as such.
      const badFlag = await upload(next, name).field('confirm_reimport', 'yes').expect(422);
      expect(badFlag.body.error.errors).toEqual([{ field: 'confirm_reimport', error_code: 'in', params: { values: 'true,false' } }]);
      await upload(next, name).field('confirm_reimport', 'false').expect(422);
      // A name no browser sends: a NUL, encoded (RFC 5987). Refused as a name, not a 500.
      const boundary = 'oms-boundary';
      const crafted = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=utf-8''a%00b.csv\r\nContent-Type: text/csv\r\n\r\n`),
        next,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const nul = await ctx.api.http.post('/api/v1/products/imports').set('Authorization', operator.auth).set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(crafted).expect(422);
      expect(nul.body.error.errors).toEqual([{ field: 'file', error_code: 'invalid' }]);

      // Confirmed: accepted, applied (no second question at apply), and recorded as the newest import.
      const again = await importAs(next, name, operator.auth, { confirm_reimport: 'true' });
      expect((await products('UN-1'))[0]).toMatchObject({ product_name: '二回目' });
      const both = await entries(name);
      expect(both.map((e) => [e.record_id, e.imported_by])).toEqual([
        [String(first.id), hanako.id],
        [String(again.id), operator.id],
      ]);
      const third = await upload(next, name).expect(422);
      expect(third.body.error.errors).toEqual(refusal(name, both[1].imported_at, 'Test operator'));
    });

    it('does not count a discarded or invalid upload, nor another area\'s file of the same name', async () => {
      const file = Buffer.from(csvText([row({ 商品コード: 'UN-DISC' })]));
      const discarded = await preview(file, 'お試し.csv');
      await ctx.api.http.post(`/api/v1/products/imports/${discarded.id}/discard`).set('Authorization', operator.auth).expect(200);
      await upload(file, 'お試し.csv').expect(202);

      const invalid = await preview(Buffer.from(csvText([row({ 商品コード: 'UN-BAD', 税率: '101' })])), 'エラーあり.csv');
      expect(invalid.status).toBe('invalid');
      await upload(file, 'エラーあり.csv').expect(202);

      await ds().query(`INSERT INTO imported_files (area, file_name, name_key, record_id, imported_by) VALUES ('deposits', '入金.csv', '入金.csv', 1, $1)`, [operator.id]);
      await upload(file, '入金.csv').expect(202);
      expect(await entries('お試し.csv')).toEqual([]);
    });

    it('applies one of two uploads of a name applied at once; the other is refused naming it, unless confirmed', async () => {
      const name = '同時.csv';
      const a = await preview(Buffer.from(csvText([row({ 商品コード: 'UN-A' })])), name);
      const b = await preview(Buffer.from(csvText([row({ 商品コード: 'UN-B' })])), name); // nothing applied yet: accepted
      const answers = await Promise.all([apply(a.id), apply(b.id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([202, 422]);
      const [winner, loser] = answers[0].status === 202 ? [a, b] : [b, a];
      await settled(winner.id);
      const [entry] = await entries(name);
      expect(entry.record_id).toBe(String(winner.id));
      expect(answers.find((r) => r.status === 422)!.body.error.errors).toEqual(refusal(name, entry.imported_at, 'Test operator'));
      expect((await getImport(loser.id)).status).toBe('previewed'); // refused whole: still to be applied

      expect((await apply(loser.id, operator.auth, { confirm_reimport: 'maybe' }).expect(422)).body.error.errors).toEqual([
        { field: 'confirm_reimport', error_code: 'in', params: { values: 'true,false' } },
      ]);
      await apply(loser.id, operator.auth, { confirm_reimport: true }).expect(202);
      expect((await settled(loser.id)).status).toBe('applied');
      expect((await entries(name)).map((e) => e.record_id)).toEqual([String(winner.id), String(loser.id)]);
      expect((await products('UN-')).map((p) => p.product_code)).toEqual(expect.arrayContaining(['UN-A', 'UN-B']));
    });

    it('releases the name of an apply that failed (the catalogue moved under it)', async () => {
      await importFile(Buffer.from(csvText([row({ 商品コード: 'UN-FAIL' })])));
      const view = await preview(Buffer.from(csvText([row({ 商品コード: 'UN-FAIL', 商品名: '失敗する' })])), '失敗.csv');
      // Applying was started (the name recorded with it), then the product changed before the job ran.
      await ds().query(`UPDATE product_imports SET status = 'applying', applied_by = $2 WHERE id = $1`, [view.id, operator.id]);
      await ds().query(`INSERT INTO imported_files (area, file_name, name_key, record_id, imported_by) VALUES ('products', '失敗.csv', '失敗.csv', $1, $2)`, [view.id, operator.id]);
      await ds().query(`UPDATE products SET version = version + 1 WHERE product_code = 'UN-FAIL'`);
      await upload(Buffer.from(csvText([row({ 商品コード: 'UN-FAIL' })])), '失敗.csv').expect(422);
      await ctx.api.app.get(ProductImportQueue).sweep();
      expect(await settled(view.id)).toMatchObject({ status: 'failed', failure: { error_code: 'NAL-PRO-004' } });
      expect(await entries('失敗.csv')).toEqual([]);
      await upload(Buffer.from(csvText([row({ 商品コード: 'UN-FAIL' })])), '失敗.csv').expect(202);
    });
  });
});

import iconv from 'iconv-lite';
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
  const upload = (content: Buffer, filename = 'products.csv', auth = operator.auth) =>
    ctx.api.http.post('/api/v1/products/import').set('Authorization', auth).attach('file', content, filename);
  const products = (prefix: string) =>
    ctx.api.dataSource.query(`SELECT * FROM products WHERE product_code LIKE $1 ORDER BY product_code`, [`${prefix}%`]) as Promise<Record<string, unknown>[]>;
  const mediaToken = async (auth = operator.auth) => (await ctx.api.http.get('/api/v1/medias/token').set('Authorization', auth).expect(200)).body.data.token as string;
  const exportCsv = async (query: string, auth = operator.auth) => {
    const token = await mediaToken(auth);
    return ctx.api.http
      .get(`/api/v1/products/export?token=${token}&${query}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
  };

  it('imports a Shift_JIS file with Japanese names: creates, then updates by product code', async () => {
    const file = sjis(
      csvText([
        row({ 商品コード: 'SJ-1', 商品名: '髙島屋の座椅子①', カテゴリ名: '和家具', 税抜価格: '999', 税率: '8', 税込価格: '1', 出荷目安: '３営業日', メーカー品番: 'SJ-MPC-1' }),
        row({ 商品コード: 'SJ-2', 商品名: 'ちゃぶ台～丸型～', ショップコード: shopCode2.toUpperCase(), ショップ商品ID: '123456789', 出荷可: '0', 表示: '0', 状態: 'unavailable' }),
      ]),
    );
    expect((await upload(file).expect(200)).body.data).toEqual({ created: 2, updated: 0, total: 2 });
    const [one, two] = await products('SJ-');
    expect(one).toMatchObject({ product_name: '髙島屋の座椅子①', category_name: '和家具', price: 999, tax: 79, price_with_tax: 1078, estimate_ship_date: '３営業日', maker_product_code: 'SJ-MPC-1', is_display: true, available_shipment: true, state: 'available', maker_id: maker.id });
    expect(two).toMatchObject({ product_name: 'ちゃぶ台～丸型～', shop_product_id: '123456789', available_shipment: false, is_display: false, state: 'unavailable', own_product_code: null });

    // Again, with the availability changed: an update, recorded as a change by the importer.
    const again = sjis(csvText([row({ 商品コード: 'SJ-1', 商品名: '髙島屋の座椅子①', 税抜価格: '999', 税率: '8', 出荷目安: '３営業日', メーカー品番: 'SJ-MPC-1', 状態: 'available_long_term' })]));
    expect((await upload(again).expect(200)).body.data).toEqual({ created: 0, updated: 1, total: 1 });
    const [after] = await products('SJ-1');
    expect(after).toMatchObject({ state: 'available_long_term', version: 2, last_changed_at: expect.any(Date), category_name: null });
    expect(await ctx.api.dataSource.query(`SELECT field, from_value, to_value, changed_by FROM product_changes WHERE product_id = $1`, [after.id])).toEqual([
      { field: 'state', from_value: 'available', to_value: 'available_long_term', changed_by: operator.id },
    ]);
  });

  it('reads UTF-8 with and without a BOM', async () => {
    await upload(Buffer.from(`\ufeff${csvText([row({ 商品コード: 'BOM-1', 商品名: 'ＢＯＭ付き' })])}`)).expect(200);
    await upload(Buffer.from(csvText([row({ 商品コード: 'BOM-2', 商品名: 'BOMなし' })]))).expect(200);
    expect((await products('BOM-')).map((p) => p.product_name)).toEqual(['ＢＯＭ付き', 'BOMなし']);
  });

  it('returns every error of every row with its row number and column, and writes nothing', async () => {
    await upload(Buffer.from(csvText([row({ 商品コード: 'ERR-KEEP', 商品名: '元の名前', メーカー品番: 'ERR-MPC' })]))).expect(200);
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
    const res = await upload(Buffer.from(`${file}a,b\r\n`)).expect(422); // line 9: wrong number of cells
    expectErrorEnvelope(res.body, 'NAL-422');
    expect(res.body.error.errors).toEqual([
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
    expect(await ctx.api.dataSource.query(`SELECT * FROM products ORDER BY id`)).toEqual(before);
    expect(await ctx.api.dataSource.query(`SELECT count(*) FROM product_changes`)).toEqual(changesBefore);
  });

  it('names missing and unknown header columns', async () => {
    const header = HEADER.filter((h) => h !== '商品名').concat('備考');
    const res = await upload(Buffer.from(csvText([row({})], header))).expect(422);
    expect(res.body.error.errors).toEqual([
      { field: 'header.備考', error_code: 'invalid' },
      { field: 'header.商品名', error_code: 'required' },
    ]);
  });

  it('refuses a file that is not .csv, one over 10 MB, and a request without a file', async () => {
    const ok = Buffer.from(csvText([row({ 商品コード: 'TXT-1' })]));
    const txt = await upload(ok, 'products.txt').expect(422);
    expect(txt.body.error.errors).toEqual([{ field: 'file', error_code: 'file_format_invalid' }]);

    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const tooLarge = await upload(big, 'big.csv');
    expect(tooLarge.status).toBe(413);
    expectErrorEnvelope(tooLarge.body, 'NAL-413');

    const exactly = Buffer.concat([ok, Buffer.alloc(10 * 1024 * 1024 - ok.length, 0x0a)]); // 10 MB to the byte: accepted
    expect((await upload(exactly, 'exact.CSV').expect(200)).body.data).toEqual({ created: 1, updated: 0, total: 1 });

    const none = await ctx.api.http.post('/api/v1/products/import').set('Authorization', operator.auth).expect(422);
    expect(none.body.error.errors).toEqual([{ field: 'file', error_code: 'required' }]);
    expect(await products('TXT-')).toHaveLength(1);
  });

  it('exports every product with Japanese headers, formula cells neutralised, and re-imports to the same data', async () => {
    await upload(
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
    ).expect(200);
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

    // Re-import the export unchanged: the same products, every column.
    expect((await upload(first.body as Buffer).expect(200)).body.data).toEqual({ created: 0, updated: 2, total: 2 });
    const after = await products('RT-');
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ version: _v, updated_at: _u, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
    // And an export of the re-imported data is the same file.
    expect(((await exportCsv('keyword=RT-')).body as Buffer).equals(first.body as Buffer)).toBe(true);

    // Shift_JIS on request, which also reads back the same.
    const sj = await exportCsv('keyword=RT-&encoding=shift_jis');
    expect(sj.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(iconv.decode(sj.body as Buffer, 'cp932').startsWith(HEADER.join(','))).toBe(true);
    await upload(sj.body as Buffer).expect(200);
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
    await upload(Buffer.from(csvText([row({ 商品コード: 'MK-OWN', メーカーコード: 'own-maker' }), row({ 商品コード: 'MK-OTHER', 状態: 'unavailable' })]))).expect(200);
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
    await upload(Buffer.from(csvText([row({ 商品コード: 'SWAP-A', メーカー品番: 'SWAP-M1' }), row({ 商品コード: 'SWAP-B', メーカー品番: 'SWAP-M2' })]))).expect(200);
    await upload(Buffer.from(csvText([row({ 商品コード: 'SWAP-A', メーカー品番: 'SWAP-M2' }), row({ 商品コード: 'SWAP-B', メーカー品番: 'SWAP-M1' })]))).expect(200);
    expect((await products('SWAP-')).map((p) => [p.product_code, p.maker_product_code])).toEqual([
      ['SWAP-A', 'SWAP-M2'],
      ['SWAP-B', 'SWAP-M1'],
    ]);
  });

  it('runs two imports of the same new codes in opposite orders without a deadlock', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => row({ 商品コード: `RACE-${String(i).padStart(3, '0')}` }));
    const forward = Buffer.from(csvText(rows));
    const backward = Buffer.from(csvText([...rows].reverse()));
    // Without the ordered insert about one round in three deadlocked (a 500); the race is timing-bound.
    for (let round = 0; round < 6; round++) {
      const results = await Promise.all([upload(forward), upload(backward)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
    }
    expect(await products('RACE-')).toHaveLength(300);
  });
});

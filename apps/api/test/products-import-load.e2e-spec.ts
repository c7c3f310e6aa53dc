import { monitorEventLoopDelay } from 'node:perf_hooks';
import { useTestApi } from './support/test-app';

jest.setTimeout(240_000);

const HEADER =
  '商品コード,自社商品コード,EC商品コード,メーカー品番,ショップコード,ショップ商品ID,メーカーコード,商品名,カテゴリ名,税抜価格,税率,税込価格,卸価格,オプション1,オプション2,配送タイプ,出荷可,出荷目安,配送区分,表示,掲載対応,状態';

/**
 * Issue 19 point 2: a legal 6 MB, 60,000-row product file once held the event loop for 13.6 s. Now it is
 * read and checked in slices by a job, and applied in the database: the API keeps answering `/health`
 * (in this same process and event loop) throughout, from the upload to the last row written: never the
 * seconds a stall takes (the 300 ms target is held by `npm run bench`, docs/benchmarks.md).
 */
describe('a 60,000-row product import', () => {
  const ctx = useTestApi();

  it('never stalls /health (1.5 s at most on a loaded machine), from upload to applied', async () => {
    const operator = await ctx.api.signedIn('operator');
    const maker = await ctx.api.maker({ code: 'LOAD-MAKER' });
    const [shop] = await ctx.api.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('負荷ショップ', 'LOAD-SHOP', 'platform_1') RETURNING id`);
    // A third of the file's products exist already (so rows are compared, and changed ones updated).
    await ctx.api.dataSource.query(
      `INSERT INTO products (product_code, maker_product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type)
       SELECT 'LOAD-' || lpad(g::text, 6, '0'), 'LM-' || g, $1, $2, '旧商品名 ' || g, 1000, 10, 100, 1100, 'direct_delivery' FROM generate_series(1, 20000) g`,
      [shop.id, maker.id],
    );
    const lines = [HEADER];
    for (let i = 1; i <= 60_000; i++) {
      const code = `LOAD-${String(i).padStart(6, '0')}`;
      lines.push(`${code},,EC${i},LM-${i},LOAD-SHOP,${String(i).padStart(12, '0')},LOAD-MAKER,負荷試験の商品 ${i},家具,${1000 + (i % 7)},10,,500,,,direct_delivery,1,3営業日,A,1,supported,available`);
    }
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`);
    expect(file.length).toBeGreaterThan(5.5 * 1024 * 1024);
    expect(file.length).toBeLessThan(10 * 1024 * 1024);

    // /health, one request after the other, for as long as the import runs.
    const waits: number[] = [];
    let running = true;
    const poller = (async () => {
      while (running) {
        const started = performance.now();
        await ctx.api.http.get('/api/v1/health').expect(200);
        waits.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();

    const auth = operator.auth;
    const settled = async (id: number) => {
      for (;;) {
        const { body } = await ctx.api.http.get(`/api/v1/products/imports/${id}`).set('Authorization', auth).expect(200);
        if (body.data.status !== 'validating' && body.data.status !== 'applying') return body.data;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      const started = performance.now();
      const upload = await ctx.api.http.post('/api/v1/products/imports').set('Authorization', auth).attach('file', file, '大量.csv').expect(202);
      const previewed = await settled(upload.body.data.id);
      const checkedIn = performance.now() - started;
      expect(previewed.status).toBe('previewed');
      expect(previewed.progress).toEqual({ rows_done: 60_000, rows_total: 60_000 });
      expect(previewed.counts).toEqual({ new: 40_000, changed: 20_000, unchanged: 0, clears: 0, errors: 0, rejected_rows: 0 });
      expect(previewed.preview.changed).toHaveLength(1000); // the first thousand, in row order
      expect(previewed.preview.changed[0].changes.map((c: { column: string }) => c.column)).toEqual(['EC商品コード', 'ショップ商品ID', '商品名', 'カテゴリ名', '税抜価格', '卸価格', '出荷目安', '配送区分']);

      await ctx.api.http.post(`/api/v1/products/imports/${previewed.id}/apply`).set('Authorization', auth).expect(202);
      const applied = await settled(previewed.id);
      expect(applied.result).toEqual({ created: 40_000, updated: 20_000, unchanged: 0 });
      const [{ n }] = await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM products WHERE product_code LIKE 'LOAD-%' AND product_name LIKE '負荷試験の商品 %'`);
      expect(n).toBe(60_000);
      process.stdout.write(
        `[load] 60,000 rows: checked in ${(checkedIn / 1000).toFixed(1)} s, applied in ${((performance.now() - started - checkedIn) / 1000).toFixed(1)} s; ` +
          `/health ${waits.length} times, longest ${Math.max(...waits).toFixed(0)} ms; longest event-loop delay ${(loop.max / 1e6).toFixed(0)} ms\n`,
      );
    } finally {
      running = false;
      await poller;
      loop.disable();
    }
    expect(waits.length).toBeGreaterThan(20);
    // A stall (the whole file parsed or checked in one turn) held /health for 13.6 s; the figure itself
    // (29 ms quiet) is the benchmark's, not a timed test's: beside the rest of the suite on two cores,
    // one answer has waited ~800 ms.
    expect(Math.max(...waits)).toBeLessThan(1500);
  });
});

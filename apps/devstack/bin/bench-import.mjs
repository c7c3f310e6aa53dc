// The product CSV import part of `npm run bench` (docs/benchmarks.md): a 100,000-row file uploaded,
// checked and applied through the API, while the bench asks /health one request after the other and the
// API reports its own event-loop delays (apps/devstack/src/loop-monitor.cjs, preloaded); then psql's
// `\copy` of the same rows into the same products table, with its indexes, for comparison.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const IMPORT_ROWS = 100_000;
const RUNS = 3;
const PREFIX = 'BI-';
const HEADER =
  '商品コード,自社商品コード,EC商品コード,メーカー品番,ショップコード,ショップ商品ID,メーカーコード,商品名,カテゴリ名,税抜価格,税率,税込価格,卸価格,オプション1,オプション2,配送タイプ,出荷可,出荷目安,配送区分,表示,掲載対応,状態';
const CATEGORIES = ['家具', '寝具', '食器', '照明', '収納'];
const STATES = ['available', 'available', 'available', 'unavailable', 'available_long_term'];

/** One product of the data set, as the CSV writes it and as the products table holds it. */
function product(i, shopId, makerId) {
  const price = 500 + ((i * 37) % 20000);
  const tax = i % 20 === 0 ? 8 : 10;
  return {
    code: `${PREFIX}${String(i).padStart(6, '0')}`,
    name: `商品${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    price,
    tax,
    taxAmount: Math.floor((price * tax) / 100),
    state: STATES[i % STATES.length],
    shopId,
    makerId,
  };
}

/** The upload (about 9 MB: the limit is 10) and the same rows as COPY reads them into `products`. */
function files(shopId, makerId) {
  const csv = [HEADER];
  const copy = [];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const p = product(i, shopId, makerId);
    csv.push(`${p.code},,,,BNS,,BNM,${p.name},${p.category},${p.price},${p.tax},,,,,direct_delivery,1,3日,,1,supported,${p.state}`);
    copy.push(`${p.code},${shopId},${makerId},${p.name},${p.category},${p.price},${p.tax},${p.taxAmount},${p.price + p.taxAmount},direct_delivery,3日,${p.state}`);
  }
  return { csv: Buffer.from(`${csv.join('\r\n')}\r\n`), copy: `${copy.join('\n')}\n` };
}

const COPY_COLUMNS = 'product_code, shop_id, maker_id, product_name, category_name, price, tax_percentage, tax, price_with_tax, shipping_type, estimate_ship_date, state';

/** Asks the API's loop monitor (over IPC) and waits for its answer. */
function loop(child, message) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the API did not answer the loop monitor (was it started with --require loop-monitor.cjs?)')), 5000);
    const onMessage = (m) => {
      if (m?.loop === undefined) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m.loop);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** /health one request after the other until stopped: the longest and 99th-percentile waits. */
function pollHealth(base) {
  const waits = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/health`).then((r) => r.arrayBuffer());
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await done;
    const sorted = [...waits].sort((a, b) => a - b);
    return { count: sorted.length, maxMs: sorted.at(-1), p99Ms: sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] };
  };
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function importOnce(api, csv) {
  const headers = { authorization: `Bearer ${api.token}` };
  const call = async (method, path, body) => {
    const response = await fetch(`${api.base}${path}`, { method, headers, body });
    const json = await response.json();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const settled = async (id) => {
    for (;;) {
      const view = await call('GET', `/products/imports/${id}`);
      if (view.status !== 'validating' && view.status !== 'applying') return view;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const started = performance.now();
  const cpuAtStart = cpuSeconds(api.child.pid);
  const { id } = await call('POST', '/products/imports', form);
  const previewed = await settled(id);
  const checked = performance.now();
  const checkCpuSeconds = cpuSeconds(api.child.pid) - cpuAtStart;
  if (previewed.status !== 'previewed' || previewed.counts.new !== IMPORT_ROWS) throw new Error(`import ${id}: ${previewed.status}, ${JSON.stringify(previewed.counts)}`);
  await call('POST', `/products/imports/${id}/apply`);
  const applied = await settled(id);
  if (applied.status !== 'applied') throw new Error(`import ${id}: ${applied.status} ${JSON.stringify(applied.failure)}`);
  return { checkSeconds: (checked - started) / 1000, checkCpuSeconds, applySeconds: (performance.now() - checked) / 1000 };
}

/**
 * Runs the import RUNS times on a table without the bench's products (deleted before each run), each
 * followed by psql's COPY of the same rows. `api.child` must have been started with the loop monitor.
 */
export async function measureImport({ api, db, databaseUrl, storageDir, say, peakMiB, rssMiB }) {
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];
  await db.query(`INSERT INTO shops (name, code, type) SELECT 'ベンチショップ', 'BNS', 'platform_1' WHERE NOT EXISTS (SELECT 1 FROM shops WHERE code = 'BNS' AND deleted_at IS NULL)`);
  await db.query(`INSERT INTO makers (code, name, order_method, email) SELECT 'BNM', 'ベンチ製作所', 'email', 'bench@maker.example.com' WHERE NOT EXISTS (SELECT 1 FROM makers WHERE code = 'BNM')`);
  const shop = await one(`SELECT id FROM shops WHERE code = 'BNS' AND deleted_at IS NULL`);
  const maker = await one(`SELECT id FROM makers WHERE code = 'BNM'`);
  const { csv, copy } = files(shop.id, maker.id);
  const copyFile = join(storageDir, 'products-copy.csv');
  writeFileSync(copyFile, copy);
  const clear = async () => {
    await db.query(`DELETE FROM products WHERE product_code LIKE '${PREFIX}%'`);
    await db.query(`VACUUM ANALYZE products`);
  };
  const { products } = await one(`SELECT count(*)::int AS products FROM products WHERE product_code NOT LIKE '${PREFIX}%'`);

  // The API at rest, for scale: the same /health polling for five seconds.
  await loop(api.child, 'loop:reset');
  const idleHealth = pollHealth(api.base);
  await new Promise((r) => setTimeout(r, 5000));
  const idle = { health: await idleHealth(), loop: await loop(api.child, 'loop:report') };
  say(`at rest: /health longest ${idle.health.maxMs.toFixed(0)} ms, event loop longest delay ${idle.loop.maxMs.toFixed(1)} ms`);

  // Each import is followed by its COPY, so that both meet the same load on a shared machine.
  const runs = [];
  const copies = [];
  for (let i = 0; i < RUNS; i++) {
    await clear();
    const before = rssMiB(api.child.pid);
    try {
      writeFileSync(`/proc/${api.child.pid}/clear_refs`, '5');
    } catch {
      // not allowed here: the sampled RSS below still gives the peak
    }
    let sampled = before;
    const sampler = setInterval(() => (sampled = Math.max(sampled, rssMiB(api.child.pid))), 50);
    await loop(api.child, 'loop:reset');
    const health = pollHealth(api.base);
    const times = await importOnce(api, csv).finally(() => clearInterval(sampler));
    const run = { ...times, health: await health(), loop: await loop(api.child, 'loop:report'), before, peak: Math.max(sampled, peakMiB(api.child.pid)) };
    runs.push(run);
    say(
      `import ${i + 1}: checked in ${run.checkSeconds.toFixed(1)} s (${run.checkCpuSeconds.toFixed(1)} s of the API's CPU), applied in ${run.applySeconds.toFixed(1)} s; event loop longest delay ${run.loop.maxMs.toFixed(1)} ms (${run.loop.longestOwnMs.toFixed(1)} ms of its own CPU); ` +
        `/health longest ${run.health.maxMs.toFixed(0)} ms (${run.health.count} requests); API memory ${before.toFixed(0)} → peak ${run.peak.toFixed(0)} MiB`,
    );

    await clear();
    const started = performance.now();
    const result = spawnSync('psql', ['-X', '-q', databaseUrl, '-c', `\\copy products (${COPY_COLUMNS}) FROM '${copyFile}' WITH (FORMAT csv)`], { stdio: ['ignore', 'ignore', 'inherit'] });
    copies.push((performance.now() - started) / 1000);
    if (result.status !== 0) throw new Error('psql \\copy failed (is psql installed?)');
    say(`psql \\copy ${i + 1}: ${copies.at(-1).toFixed(1)} s`);
  }
  await clear();
  return { rows: IMPORT_ROWS, bytes: csv.length, products, runs, copies, idle };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};

/** The import's figures as markdown, for docs/benchmarks.md. */
export function importReport(result, machine) {
  const total = median(result.runs.map((r) => r.checkSeconds + r.applySeconds));
  const worst = (pick) => Math.max(...result.runs.map(pick));
  const lines = [];
  lines.push(`Measured ${machine.date} on ${machine.cpus} cores (${machine.model}), ${machine.postgres}, Node.js ${process.version}; load average ${machine.load}.`);
  lines.push(
    `The file: ${result.rows.toLocaleString('en')} new products, ${(result.bytes / 2 ** 20).toFixed(1)} MiB UTF-8, into a products table holding ${result.products.toLocaleString('en')} others; ` +
      `${RUNS} runs, each import followed by its COPY, the table cleared (and vacuumed) before each.`,
  );
  lines.push('');
  lines.push('### Product CSV import (100,000 rows)');
  lines.push('');
  lines.push('| | median of 3 | runs |');
  lines.push('| --- | ---: | --- |');
  lines.push(`| API: upload → checked (\`previewed\`) | ${median(result.runs.map((r) => r.checkSeconds)).toFixed(1)} s | ${result.runs.map((r) => r.checkSeconds.toFixed(1)).join(', ')} |`);
  lines.push(`| … of which the API process's CPU time | ${median(result.runs.map((r) => r.checkCpuSeconds)).toFixed(1)} s | ${result.runs.map((r) => r.checkCpuSeconds.toFixed(1)).join(', ')} |`);
  lines.push(`| API: apply → \`applied\` | ${median(result.runs.map((r) => r.applySeconds)).toFixed(1)} s | ${result.runs.map((r) => r.applySeconds.toFixed(1)).join(', ')} |`);
  lines.push(`| API: the whole import | ${total.toFixed(1)} s | ${result.runs.map((r) => (r.checkSeconds + r.applySeconds).toFixed(1)).join(', ')} |`);
  lines.push(`| psql: \`\\copy products … FROM\` the same rows | ${median(result.copies).toFixed(1)} s | ${result.copies.map((c) => c.toFixed(1)).join(', ')} |`);
  // Each run against the COPY made right after it (the same load).
  const ratios = (pick) => result.runs.map((r, i) => pick(r) / result.copies[i]);
  const ratioRow = (what, pick) => `| ratio: ${what} | ${median(ratios(pick)).toFixed(1)}× | ${ratios(pick).map((x) => `${x.toFixed(1)}×`).join(', ')} |`;
  lines.push(ratioRow('the whole import / its COPY', (r) => r.checkSeconds + r.applySeconds));
  lines.push(ratioRow('apply / its COPY', (r) => r.applySeconds));
  lines.push('');
  const mid = (pick) => median(result.runs.map(pick));
  const row = (what, pick, idle) => `| ${what} | ${mid(pick).toFixed(0)} ms | ${worst(pick).toFixed(0)} ms | ${idle.toFixed(0)} ms |`;
  lines.push('| API process during the import | median of 3 | worst of 3 | at rest (5 s) |');
  lines.push('| --- | ---: | ---: | ---: |');
  lines.push(row('longest event-loop delay (`monitorEventLoopDelay`, 2 ms resolution)', (r) => r.loop.maxMs, result.idle.loop.maxMs));
  lines.push(row('longest event-loop turn in the API\'s own CPU time', (r) => r.loop.longestOwnMs, result.idle.loop.longestOwnMs));
  lines.push(row('event-loop delay, 99th percentile', (r) => r.loop.p99Ms, result.idle.loop.p99Ms));
  lines.push(row('`GET /health` one after the other: longest', (r) => r.health.maxMs, result.idle.health.maxMs));
  lines.push(row('`GET /health`: 99th percentile', (r) => r.health.p99Ms, result.idle.health.p99Ms));
  lines.push(`| resident memory: before the first run → peak | ${result.runs[0].before.toFixed(0)} → ${worst((r) => r.peak).toFixed(0)} MiB | | |`);
  return lines.join('\n');
}

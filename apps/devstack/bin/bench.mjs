// `npm run bench`: the order list and export on a million orders, over HTTP against the built API
// and, next to each figure, PostgreSQL alone running the same SQL; the product CSV import of
// 100,000 rows against PostgreSQL's COPY of them (bench-import.mjs); and the matching of 50,000 bank
// records against the million orders, against PostgreSQL's COPY of them and one candidate statement
// (bench-deposits.mjs); and the revenue list and a month's SS file on the million orders' revenue
// records, next to PostgreSQL alone and psql's COPY (bench-revenues.mjs); and the cost of 200 consoles
// polling their open conversation threads (bench-chat.mjs, in a small database of its own). Not part of `npm test`.
//
// It makes (or reuses) the database `oms_bench` on the server of TEST_DATABASE_URL, migrates it,
// adds the demo users and seeds 1,000,000 orders when fewer are there (so a second run starts at
// once), builds, starts apps/api/dist/main.js with throwaway secrets, mints a token for the demo
// operator, measures, prints the tables and writes them into docs/benchmarks.md.
//
// Options: --runs N (timed requests per case, default 20), --no-export (skip the export),
// --only floor,list,export,import,deposits,revenues,chat (the parts to run; the import alone needs no seeded
// orders, the deposits alone no API, the chat its own database `<database>_chat` with 2,000 orders).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { floorReport, measureFloor, percentiles } from './bench-floor.mjs';
import { DEPOSIT_RECORDS, depositReport, measureDeposits } from './bench-deposits.mjs';
import { IMPORT_ROWS, importReport, measureImport } from './bench-import.mjs';
import { measureRevenues, revenueReport } from './bench-revenues.mjs';
import { CHAT_ORDERS, chatReport, measureChat } from './bench-chat.mjs';
import { ensureBuilt, ensureDependencies, ROOT } from './prepare.mjs';

const PARTS = ['floor', 'list', 'export', 'import', 'deposits', 'revenues', 'chat'];
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    'no-export': { type: 'boolean', default: false },
    only: { type: 'string', default: PARTS.join(',') },
    database: { type: 'string', default: 'oms_bench' },
  },
});
const RUNS = Number(options.runs);
const parts = new Set(options.only.split(',').map((p) => p.trim()));
if (options['no-export']) parts.delete('export');
if (!Number.isInteger(RUNS) || RUNS < 1 || [...parts].some((p) => !PARTS.includes(p)) || parts.size === 0 || !/^[a-z_][a-z0-9_]*$/.test(options.database)) {
  console.error('usage: npm run bench -- [--runs N] [--no-export] [--only floor,list,export,import,deposits,revenues,chat] [--database oms_bench]');
  process.exit(2);
}
// The export's figures sit beside the list's (one block of docs/benchmarks.md), so it runs with it.
if (parts.has('export')) parts.add('list');
const WARM_UP = 3;
/** The first page of each filter is timed this often at least: its p99 is a target (issue 11). */
const FIRST_PAGE_RUNS = 100;
const ORDERS = 1_000_000;
const OPERATOR = 'operator@demo.example.com';
const DOC = join(ROOT, 'docs/benchmarks.md');

const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const DATABASE = options.database;
const databaseUrl = Object.assign(new URL(admin), { pathname: `/${DATABASE}` }).href;
/** The chat part's own small database: the poll's cost does not depend on the million orders. */
const CHAT_DATABASE = `${DATABASE}_chat`;
const chatDatabaseUrl = Object.assign(new URL(admin), { pathname: `/${CHAT_DATABASE}` }).href;

const say = (line) => console.log(`[bench] ${line}`);
const node = (args, env = {}) => {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, ...env }, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (exit ${result.status})`);
  return result.stdout.trim();
};

function stats(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2, p95: at(0.95), p99: percentiles(ms).p99, count: ms.length };
}

/** Times `work` `runs` times after WARM_UP untimed runs; answers milliseconds. */
async function timed(work, runs = RUNS) {
  for (let i = 0; i < WARM_UP; i++) await work();
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return stats(ms);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function prepareDatabase(pg, withOrders, name = DATABASE, url = databaseUrl, orders = ORDERS) {
  const db = new pg.Client({ connectionString: admin.href });
  await db.connect();
  const { rowCount } = await db.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
  if (!rowCount) await db.query(`CREATE DATABASE ${name}`);
  await db.end();
  say(`migrating ${name} and adding the demo users…`);
  node(['apps/api/dist/cli.js', 'migrate'], { DATABASE_URL: url });
  node(['apps/api/dist/cli.js', 'seed'], { DATABASE_URL: url });
  if (!withOrders) return;
  // Adds only what is missing: quick when the million is already there.
  const seed = spawnSync(process.execPath, [join(ROOT, 'apps/devstack/bin/seed-orders.mjs'), '--orders', String(orders)], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('seeding the orders failed');
}

/**
 * The built API on a free port, with throwaway secrets (nothing here signs anything that lasts).
 * `monitor: false` leaves out the event-loop monitor (its 2 ms timer would be part of a CPU figure).
 */
async function startApi(storageDir, { url = databaseUrl, monitor = true } = {}) {
  const port = await freePort();
  const secret = () => randomBytes(24).toString('hex');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn', // request logs would be part of every figure
    PORT: String(port),
    DATABASE_URL: url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: DATABASE.replace(/_/g, '-'), // oms-bench
    JWT_SECRET: secret() + secret(),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    GOOGLE_CLIENT_ID: 'bench',
    GOOGLE_CLIENT_SECRET: secret(),
    MICROSOFT_CLIENT_ID: 'bench',
    MICROSOFT_CLIENT_SECRET: secret(),
    MICROSOFT_TENANT_ID: randomUUID(),
    FILE_STORAGE_DIR: storageDir,
    PUBLIC_API_URL: `http://127.0.0.1:${port}`,
  };
  // The loop monitor reports the API's event-loop delays over the IPC channel (bench-import.mjs).
  // BENCH_API_NODE_FLAGS: Node's flags for the API alone (such as --trace-gc), to look into a figure.
  const flags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...(process.env.BENCH_API_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_API_PROF] : []), ...(monitor ? ['--require', join(ROOT, 'apps/devstack/src/loop-monitor.cjs')] : []), join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode})`);
      if (Date.now() > deadline) throw new Error('the API did not answer /health within 60 s');
      const status = await fetch(`${base}/health`).then((r) => r.status, () => 0);
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    const token = node(['apps/api/dist/cli.js', 'token', OPERATOR, '--ttl', '14400'], { JWT_SECRET: env.JWT_SECRET, DATABASE_URL: url });
    return { child, base, token, jwtSecret: env.JWT_SECRET };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}

/** The list cases: each filter (wire query and the library's filters) at its first, a deep and its last page. */
async function listCases(db) {
  const one = async (sql) => (await db.query(sql)).rows[0];
  const shop = await one(`SELECT id FROM shops WHERE code = 'SEED-SHOP-1'`);
  // A maker of middling size, and a buyer name and phone that real searches would type.
  const maker = await one(`SELECT id FROM makers WHERE code = 'SEED-MAKER-25'`);
  const buyer = await one(`SELECT buyer_name, regexp_replace(buyer_tel, '[^0-9]', '', 'g') AS digits FROM orders WHERE buyer_tel IS NOT NULL ORDER BY id DESC LIMIT 1`);
  const { from } = await one(`SELECT to_char(max(order_date) - 90, 'YYYY-MM-DD') AS from FROM orders`);
  const { to } = await one(`SELECT to_char(max(order_date), 'YYYY-MM-DD') AS to FROM orders`);
  return [
    { name: 'no filter', wire: {}, filters: {} },
    { name: 'status = 4 (order received)', wire: { status: 4 }, filters: { status: 4 } },
    { name: `shop + order date (90 days)`, wire: { shop_id: shop.id, order_date_from: from, order_date_to: to }, filters: { shopId: String(shop.id), orderDateFrom: from, orderDateTo: to } },
    { name: `keyword: buyer name "${buyer.buyer_name}"`, wire: { keyword: buyer.buyer_name }, filters: { keyword: buyer.buyer_name } },
    { name: `keyword: phone digits`, wire: { keyword: buyer.digits }, filters: { keyword: buyer.digits } },
    { name: 'maker', wire: { maker_id: maker.id }, filters: { makerId: String(maker.id) } },
    { name: 'has_errors = 1', wire: { has_errors: 1 }, filters: { hasErrors: 1 } },
  ];
}

async function measureList(api, db, infra) {
  const results = [];
  // The reader only calls manager.query(sql, params) for a page's orders; a pg client answers it the same way.
  const reader = new infra.OrderReader({ manager: { query: async (sql, params) => (await db.query(sql, params)).rows } });
  const get = async (query, path = '/orders') => {
    const url = `${api.base}${path}?${new URLSearchParams(query)}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${api.token}` } });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  // What any signed-in request costs, for scale: token, guard, a small query, the envelope.
  const baseline = await timed(() => get({}, '/payments/search'));
  say(`baseline GET /payments/search: ${fmt(baseline.median)} ms`);
  for (const c of await listCases(db)) {
    const firstAnswer = await get({ ...c.wire, per_page: 50 });
    // The real last page: above 10,000 matches the API's total (and so its last_page) is an estimate.
    const params = [];
    const where = infra.orderListWhere(c.filters, params);
    const { rows: [{ matches }] } = await db.query(`SELECT count(*)::int AS matches FROM orders o ${where}`, params);
    const last = Math.max(1, Math.ceil(matches / 50));
    const deep = Math.min(5000, last);
    // A page read by cursor: the one after a deep page (after OFFSET 250,000 with no filter; halfway down a shorter list),
    // from the `after` cursor of that page's last row, as the API writes it.
    const before = Math.min(5000, Math.ceil(last / 2));
    const beforeSql = infra.orderListSql(c.filters, { page: before, perPage: 50 });
    const lastRow = (await db.query(beforeSql.sql, beforeSql.params)).rows.slice(0, 50).at(-1);
    const order = infra.orderListKeyset(c.filters);
    const after = lastRow && infra.encodeCursor({ sort: order.name, page: before, values: [...(order.column ? [lastRow.key_value] : []), String(lastRow.id)] });
    const ways = [
      ...[...new Set([1, deep, last])].map((page) => ({ how: 'page', page, wire: { page }, position: { at: 'page', page } })),
      ...(after && before < last ? [{ how: 'after', page: before + 1, wire: { after }, position: { at: 'after', key: infra.decodeCursor(after, order) } }] : []),
      ...(last > 1 ? [{ how: 'last', page: last, wire: { last: 1 }, position: { at: 'last' } }] : []),
    ];
    let first;
    for (const way of ways) {
      const q = infra.orderListSql(c.filters, { position: way.position, perPage: 50 });
      // PostgreSQL alone: the statements the reader runs for a page, one after the other on one connection.
      const postgres = async () => {
        await db.query(q.sql, q.params);
        const { rows } = await db.query(q.countSql, q.countParams);
        if (rows[0].total > infra.EXACT_TOTAL_LIMIT) await db.query(q.estimateSql, q.estimateParams);
      };
      const ids = (await db.query(q.sql, q.params)).rows.slice(0, 50).map((r) => String(r.id));
      const firstPage = way.how === 'page' && way.page === 1;
      const runs = firstPage ? Math.max(RUNS, FIRST_PAGE_RUNS) : RUNS;
      const http = await timed(() => get({ ...c.wire, ...way.wire, per_page: 50 }), runs);
      const pg = await timed(postgres, runs);
      const records = await timed(() => reader.records(ids), runs);
      // Every statement the API runs for the page, one after the other: the target's baseline (issue 11).
      const pgWhole = firstPage ? await timed(async () => (await postgres(), await reader.records(ids)), runs) : null;
      first ??= http;
      // The target (docs/decisions.md "Keyset paging"): any page by cursor within twice page 1.
      const ratio = http.median / first.median;
      results.push({ case: c.name, page: way.page, how: way.how, matches, total: firstAnswer.pagination.total, estimate: firstAnswer.pagination.total_is_estimate, http, pg, pgWhole, records, ratio, q });
      say(`${c.name}, page ${way.page} (${way.how}): API ${fmt(http.median)} ms (p95 ${fmt(http.p95)}, ${ratio.toFixed(1)}× page 1), PostgreSQL ${fmt(pg.median)} ms + the page's orders ${fmt(records.median)} ms`);
    }
  }
  return { results, baseline };
}

function countNewlines(chunk) {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/** VmHWM (peak resident memory) of a process in MiB; writing 5 to clear_refs resets it (Linux). */
const peakMiB = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function measureExport(api, db, infra, storageDir) {
  const { from } = (await db.query(`SELECT to_char(min(order_date), 'YYYY-MM-DD') AS from FROM orders`)).rows[0];
  const to = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const before = rssMiB(api.child.pid);
    let sampled = before;
    try {
      writeFileSync(`/proc/${api.child.pid}/clear_refs`, '5');
    } catch {
      // not allowed here: the sampled RSS below still gives the peak
    }
    const sampler = setInterval(() => (sampled = Math.max(sampled, rssMiB(api.child.pid))), 50);
    const start = Date.now();
    const response = await fetch(`${api.base}/orders/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ date_kind: 1, from, to }),
    });
    const body = await response.json();
    const seconds = (Date.now() - start) / 1000;
    clearInterval(sampler);
    if (response.status !== 200) throw new Error(`POST /orders/export: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    runs.push({ seconds, before, peak: Math.max(sampled, peakMiB(api.child.pid)), url: body.data });
    say(`export ${i + 1}: ${seconds.toFixed(1)} s, API resident memory ${before.toFixed(0)} → peak ${runs.at(-1).peak.toFixed(0)} MiB`);
  }
  // The file the last run wrote (downloaded through its signed URL): its size and rows.
  const download = await fetch(runs.at(-1).url);
  let bytes = 0;
  let rows = -1; // the header
  for await (const chunk of download.body) {
    bytes += chunk.length;
    rows += countNewlines(chunk);
  }

  // psql's own run of the very COPY statement the API streams, into a file.
  const copySql = infra.copyCsvSql(infra.orderExportCopy({ dateKind: 1, from, to }));
  const copyFile = join(storageDir, 'copy.csv');
  const copies = [];
  for (let i = 0; i < 3; i++) {
    const out = openSync(copyFile, 'w');
    const start = Date.now();
    const copy = spawnSync('psql', ['-X', '-q', databaseUrl, '-c', copySql], { stdio: ['ignore', out, 'inherit'] });
    copies.push((Date.now() - start) / 1000);
    closeSync(out);
    if (copy.status !== 0) throw new Error('psql COPY failed (is psql installed?)');
  }
  let copyRows = 0;
  for await (const chunk of createReadStream(copyFile)) copyRows += countNewlines(chunk);
  return { from, to, runs, rows, bytes, copies, copyRows, copyBytes: statSync(copyFile).size };
}

const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

async function explainSlowest(db, list) {
  const slowest = list.reduce((a, b) => (b.pg.median > a.pg.median ? b : a));
  const plan = async (sql, params) => {
    await db.query(sql, params); // warm, as in the timed runs
    return (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  return { slowest, page: await plan(slowest.q.sql, slowest.q.params), count: await plan(slowest.q.countSql, slowest.q.countParams) };
}

function report({ machine, counts, list, baseline, exported, explained }) {
  const lines = [];
  lines.push(`Measured ${machine.date} on ${machine.cpus} cores (${machine.model}), ${machine.memory} GiB RAM, ${machine.postgres}`);
  lines.push(`(shared_buffers ${machine.sharedBuffers}, work_mem ${machine.workMem}), Node.js ${process.version}; load average ${machine.load}.`);
  lines.push(`Data set: ${counts.orders.toLocaleString('en')} orders, ${counts.lines.toLocaleString('en')} order lines, ${counts.parts.toLocaleString('en')} maker parts, ${counts.errors.toLocaleString('en')} order errors (\`npm run seed:orders\`).`);
  lines.push(`Each case: ${WARM_UP} warm-up requests, then ${RUNS} timed ones, one at a time; times in milliseconds.`);
  lines.push('');
  lines.push('### GET /api/v1/orders (per_page 50)');
  lines.push('');
  lines.push('| filter | page | read by | matches (API total) | API median | API p95 | API / page 1 | PostgreSQL alone: list SQL (median) | API / PostgreSQL | the page\'s orders (median) |');
  lines.push('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const readBy = { page: '`page` (OFFSET)', after: '`after` cursor', last: '`last=1`' };
  for (const r of list) {
    const total = `${r.matches.toLocaleString('en')}${r.estimate ? ` (~${r.total.toLocaleString('en')})` : ''}`;
    lines.push(`| ${r.case} | ${r.page.toLocaleString('en')} | ${readBy[r.how]} | ${total} | ${fmt(r.http.median)} | ${fmt(r.http.p95)} | ${r.ratio.toFixed(1)}× | ${fmt(r.pg.median)} | ${(r.http.median / r.pg.median).toFixed(1)}× | ${fmt(r.records.median)} |`);
  }
  const firsts = list.filter((r) => r.pgWhole);
  lines.push('', `#### First pages against PostgreSQL alone (${firsts[0]?.http.count ?? FIRST_PAGE_RUNS} timed requests each)`, '');
  lines.push('Target (issue 11): API p50 ≤ 1.5 × PostgreSQL p50 + 3 ms and API p99 ≤ 3 × PostgreSQL p99 + 10 ms, where PostgreSQL runs every statement');
  lines.push('the API runs for the page (the page of ids, the capped count, the estimate above 10,000 matches, the page\'s orders) one after the other.');
  lines.push('');
  lines.push('| filter | API p50 | PostgreSQL p50 | bound | | API p99 | PostgreSQL p99 | bound | |');
  lines.push('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |');
  for (const r of firsts) {
    const p50Bound = 1.5 * r.pgWhole.median + 3;
    const p99Bound = 3 * r.pgWhole.p99 + 10;
    lines.push(`| ${r.case} | ${fmt(r.http.median)} | ${fmt(r.pgWhole.median)} | ${fmt(p50Bound)} | ${r.http.median <= p50Bound ? 'met' : '**missed**'} | ${fmt(r.http.p99)} | ${fmt(r.pgWhole.p99)} | ${fmt(p99Bound)} | ${r.http.p99 <= p99Bound ? 'met' : '**missed**'} |`);
  }
  const byCursor = list.filter((r) => r.how !== 'page');
  const worst = byCursor.reduce((a, b) => (b.ratio > a.ratio ? b : a), byCursor[0]);
  if (worst) lines.push('', `Pages read by cursor (\`after\`, \`last=1\`): at most ${worst.ratio.toFixed(1)}× their list's page 1 (${worst.case}, page ${worst.page.toLocaleString('en')}); the target is 2×.`);
  lines.push('');
  lines.push('"List SQL" is what `orderListSql()` (libs/infra/src/orders/order-list.query.ts) gives, run with `pg` one statement after the other:');
  lines.push('the page of ids, the count capped at 10,001 and, above 10,000 matches, the planner\'s estimate (the API runs the first two side by');
  lines.push('side). "The page\'s orders" is the one further query the API makes, `OrderReader.records()` reading the 50 orders with their');
  lines.push('lines and makers; the rest of the API\'s time is Node: the token, the view, snake_case and JSON. The last page is the real one');
  lines.push('(from an exact count); a total above 10,000 is the API\'s estimate, in brackets. A deep page is read twice: by number (OFFSET,');
  lines.push('as the first pages are) and as the page after the deep one by the `after` cursor of its last row (keyset, docs/decisions.md');
  lines.push('"Keyset paging"); the last page also by `last=1` (the list read backwards). For scale, a signed-in request that reads');
  lines.push(`almost nothing (\`GET /api/v1/payments/search\`) takes ${fmt(baseline.median)} ms (p95 ${fmt(baseline.p95)}).`);
  if (exported) {
    const s = stats(exported.runs.map((r) => r.seconds * 1000));
    const c = stats(exported.copies.map((x) => x * 1000));
    lines.push('');
    lines.push(`### POST /api/v1/orders/export (date_kind 1, ${exported.from} … ${exported.to}: every order)`);
    lines.push('');
    lines.push('| | wall time (median of 3) | rows | file | API peak resident memory |');
    lines.push('| --- | ---: | ---: | ---: | ---: |');
    lines.push(`| API: COPY → CRLF (and Shift_JIS) → file storage | ${(s.median / 1000).toFixed(1)} s | ${exported.rows.toLocaleString('en')} | ${(exported.bytes / 2 ** 20).toFixed(0)} MiB | ${Math.max(...exported.runs.map((r) => r.peak)).toFixed(0)} MiB (${exported.runs[0].before.toFixed(0)} MiB before) |`);
    lines.push(`| psql: the same COPY statement into a file | ${(c.median / 1000).toFixed(1)} s | ${exported.copyRows.toLocaleString('en')} | ${(exported.copyBytes / 2 ** 20).toFixed(0)} MiB | – |`);
    lines.push(`| ratio | ${(s.median / c.median).toFixed(1)}× | | | |`);
  }
  lines.push('');
  lines.push(`### Plan of the slowest list query: ${explained.slowest.case}, page ${explained.slowest.page}`);
  lines.push('');
  lines.push('Page of ids:');
  lines.push('');
  lines.push('```');
  lines.push(explained.page);
  lines.push('```');
  lines.push('');
  lines.push('Capped count:');
  lines.push('');
  lines.push('```');
  lines.push(explained.count);
  lines.push('```');
  return lines.join('\n');
}

/** Replaces a measured part of docs/benchmarks.md (between its markers, `bench:<name>`), keeping the prose around it. */
function writeDoc(name, results) {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
  const [before, rest] = doc.includes(start) ? doc.split(start) : [`${doc}\n`, end];
  writeFileSync(DOC, `${before}${start}\n${results}\n${end}${rest.split(end)[1] ?? '\n'}`);
}

/** The chat part: its own database and its own API (no loop monitor), stopped before the next part. */
async function chat(pg, machine) {
  await prepareDatabase(pg, true, CHAT_DATABASE, chatDatabaseUrl, CHAT_ORDERS);
  const storageDir = mkdtempSync(join(tmpdir(), 'oms-bench-chat-'));
  const api = await startApi(storageDir, { url: chatDatabaseUrl, monitor: false });
  const db = new pg.Client({ connectionString: chatDatabaseUrl });
  await db.connect();
  try {
    const load = loadavg()[0].toFixed(1);
    const measured = await measureChat({ api, db, database: CHAT_DATABASE, origin: 'https://oms.example.com', say });
    const results = chatReport(measured, `Measured ${machine.date} on ${machine.cpus} cores (${machine.model}), ${machine.memory} GiB RAM, ${machine.postgres}, Node.js ${process.version}; load average ${load} at the start, ${loadavg()[0].toFixed(1)} at the end.`);
    console.log(`\n${results}\n`);
    writeDoc('chat', results);
  } finally {
    await db.end();
    api.child.kill('SIGTERM');
    rmSync(storageDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureDependencies();
  say('building…');
  ensureBuilt();
  const require = createRequire(import.meta.url);
  const pg = require('pg');
  const infra = require(join(ROOT, 'libs/infra/dist/index.js'));
  if (typeof infra.orderListSql !== 'function') throw new Error('orderListSql is missing from libs/infra (libs/infra/src/orders/order-list.query.ts)');
  // The chat part alone needs nothing of `oms_bench`: the server's settings are read on the admin connection then.
  const benchDatabase = [...parts].some((p) => p !== 'chat');
  if (benchDatabase) await prepareDatabase(pg, ['list', 'floor', 'deposits', 'revenues'].some((p) => parts.has(p)));

  const storageDir = mkdtempSync(join(tmpdir(), 'oms-bench-'));
  // The deposits part calls the libraries directly: no API to start for it alone.
  const api = ['floor', 'list', 'import', 'revenues'].some((p) => parts.has(p)) ? await startApi(storageDir) : null;
  const db = new pg.Client({ connectionString: benchDatabase ? databaseUrl : admin.href });
  await db.connect();
  try {
    const { rows: [server] } = await db.query(`SELECT split_part(version(), ' on ', 1) AS postgres, current_setting('shared_buffers') AS shared_buffers, current_setting('work_mem') AS work_mem`);
    const machine = {
      date: new Date().toISOString().slice(0, 10),
      cpus: cpus().length,
      model: cpus()[0]?.model.trim() ?? 'unknown CPU',
      memory: Math.round(totalmem() / 2 ** 30),
      postgres: server.postgres,
      sharedBuffers: server.shared_buffers,
      workMem: server.work_mem,
      load: loadavg()[0].toFixed(1),
    };
    if (parts.has('floor')) {
      const load = loadavg()[0].toFixed(1);
      const floor = await measureFloor({ api, databaseUrl, freePort, say });
      const results = floorReport(floor, `Measured ${machine.date} on ${machine.cpus} cores (${machine.model}), Node.js ${process.version}; load average ${load} at the start, ${loadavg()[0].toFixed(1)} at the end.`);
      console.log(`\n${results}\n`);
      writeDoc('floor', results);
    }
    if (parts.has('list')) {
      const { rows: [counts] } = await db.query(`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_lines)::int AS lines,
                                                        (SELECT count(*) FROM order_makers)::int AS parts, (SELECT count(*) FROM order_errors)::int AS errors`);
      say(`measuring the list (${RUNS} runs a case)…`);
      const { results: list, baseline } = await measureList(api, db, infra);
      const explained = await explainSlowest(db, list);
      const exported = parts.has('export') ? await measureExport(api, db, infra, storageDir) : null;
      const results = report({ machine: { ...machine, load: `${machine.load} at the start, ${loadavg()[0].toFixed(1)} at the end` }, counts, list, baseline, exported, explained });
      console.log(`\n${results}\n`);
      writeDoc('results', results);
    }
    if (parts.has('import')) {
      say(`measuring the product import (${IMPORT_ROWS.toLocaleString('en')} rows)…`);
      const load = loadavg()[0].toFixed(1);
      const imported = await measureImport({ api, db, databaseUrl, storageDir, say, peakMiB, rssMiB });
      const results = importReport(imported, { ...machine, load: `${load} at the start, ${loadavg()[0].toFixed(1)} at the end` });
      console.log(`\n${results}\n`);
      writeDoc('import', results);
    }
    if (parts.has('deposits')) {
      say(`measuring the deposit matching (${DEPOSIT_RECORDS.toLocaleString('en')} bank records)…`);
      const load = loadavg()[0].toFixed(1);
      const domain = require(join(ROOT, 'libs/domain/dist/index.js'));
      const deposits = await measureDeposits({ databaseUrl, db, infra, domain, say });
      const results = depositReport(deposits, { ...machine, load: `${load} at the start, ${loadavg()[0].toFixed(1)} at the end` });
      console.log(`\n${results}\n`);
      writeDoc('deposits', results);
    }
    if (parts.has('revenues')) {
      say(`measuring the revenue list and SS file (${RUNS} runs a case)…`);
      const load = loadavg()[0].toFixed(1);
      const revenues = await measureRevenues({ api, db, infra, databaseUrl, storageDir, say, timed, runs: RUNS, peakMiB, rssMiB, countNewlines });
      const results = revenueReport(revenues, { ...machine, load: `${load} at the start, ${loadavg()[0].toFixed(1)} at the end` }, RUNS);
      console.log(`\n${results}\n`);
      writeDoc('revenues', results);
    }
    if (parts.has('chat')) await chat(pg, machine);
    say(`written to ${DOC}`);
  } finally {
    await db.end();
    api?.child.kill('SIGTERM');
    rmSync(storageDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

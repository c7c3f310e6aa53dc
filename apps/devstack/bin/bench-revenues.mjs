// The revenues part of `npm run bench` (docs/benchmarks.md "Revenue list and SS file", issue 14): the
// revenue list (GET /api/v1/revenues, per_page 50) over HTTP against the built API under the filters
// accountants use (none, a sales month at its first, a deep and its last page, a month and a shop, a
// month and a buyer's name, ten days of ship dates), next to PostgreSQL alone running the statements
// the list runs for the page (the page of ids, the filter's exact totals, the page's records) one after
// the other on one connection; and the month's SS file (GET /api/v1/revenues/ss, streamed by COPY)
// against psql's COPY of the same statement into a file, with the API's peak resident memory.
//
// The statements are not restated here: a RevenueRepository over a recording data source runs the
// list once for each case, and PostgreSQL alone replays what it recorded.
//
// The seed writes orders after the migrations ran, so their revenue records are missing at first (the
// migration backfills only the orders already there; the workers keep them in step afterwards): they are
// brought in first with the same `revenue_sync`, 50,000 orders a statement, then the table is vacuumed
// and analysed. A second run finds them there.
import { spawnSync } from 'node:child_process';
import { closeSync, createReadStream, openSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Orders a `revenue_sync` statement takes when the records are brought in. */
const SYNC_BATCH = 50_000;
const PER_PAGE = 50;
const SS_RUNS = 3;
const SOLD = `'{5,6,9,10,11,12}'::smallint[]`;

const since = (start) => performance.now() - start;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const count = (n) => n.toLocaleString('en');

/** Makes the missing revenue records of shipped orders (as the workers would have), then VACUUM ANALYZE. */
async function bringRecordsIn(db, say) {
  const start = performance.now();
  let made = 0;
  for (;;) {
    const before = (await db.query(`SELECT count(*)::int AS n FROM revenues`)).rows[0].n;
    await db.query(
      `SELECT revenue_sync(ARRAY(SELECT id FROM orders o WHERE line_statuses && ${SOLD}
                                   AND NOT EXISTS (SELECT 1 FROM revenues r WHERE r.order_id = o.id) LIMIT ${SYNC_BATCH}))`,
    );
    const after = (await db.query(`SELECT count(*)::int AS n FROM revenues`)).rows[0].n;
    // An order whose lines say "sold" but that revenue_sync gives no record would come back every time.
    if (after === before) break;
    made += after - before;
    say(`  revenue records: ${count(after)} (${count(made)} made in ${(since(start) / 1000).toFixed(0)} s)`);
  }
  const vacuum = performance.now();
  await db.query(made ? `VACUUM (ANALYZE) revenues` : `ANALYZE revenues`);
  return { made, seconds: since(start) / 1000, vacuumSeconds: since(vacuum) / 1000 };
}

/** The list cases: the wire's query and the repository's filter, and which also get a deep page and the last. */
async function revenueCases(db) {
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];
  const { month, records } = await one(`SELECT sales_month AS month, count(*)::int AS records FROM revenues GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 1`);
  const shop = await one(`SELECT id FROM shops WHERE code = 'SEED-SHOP-1'`);
  // A buyer of the month, as an accountant would type the name from a statement.
  const buyer = await one(`SELECT buyer_name FROM revenues WHERE sales_month = $1 ORDER BY id DESC LIMIT 1`, [month]);
  // Ten days of ship dates at the end of that month.
  const { from, to } = await one(`SELECT to_char(max(ship_date) - 9, 'YYYY-MM-DD') AS from, to_char(max(ship_date), 'YYYY-MM-DD') AS to FROM revenues WHERE sales_month = $1`, [month]);
  return {
    month,
    monthRecords: records,
    cases: [
      { name: 'no filter', wire: {}, filter: {} },
      { name: `sales month ${month}`, wire: { sales_month: month }, filter: { salesMonth: month }, deep: true },
      { name: `sales month + shop (SEED-SHOP-1)`, wire: { sales_month: month, shop_id: shop.id }, filter: { salesMonth: month, shopId: String(shop.id) } },
      { name: `sales month + keyword: buyer name "${buyer.buyer_name}"`, wire: { sales_month: month, keyword: buyer.buyer_name }, filter: { salesMonth: month, keyword: buyer.buyer_name } },
      { name: `ship date ${from} … ${to} (10 days)`, wire: { ship_date_from: from, ship_date_to: to }, filter: { shipDateFrom: from, shipDateTo: to } },
    ],
  };
}

/**
 * The statements RevenueRepository.list runs for a position (its totals, its page of ids, the page's
 * records), recorded from one real run of it on the bench's connection, with its answer.
 */
async function recordList(db, infra, filter, position) {
  const statements = [];
  const recording = {
    query: async (sql, params = []) => {
      statements.push({ sql, params: [...params] });
      return (await db.query(sql, params)).rows;
    },
  };
  const page = await new infra.RevenueRepository(recording).list(filter, position, PER_PAGE);
  const kind = (sql) => (/^\s*SELECT count\(\*\)/.test(sql) ? 'totals' : /= ANY\(\$1::bigint\[\]\)/.test(sql) ? 'records' : 'page');
  return { page, statements: statements.map((s) => ({ ...s, kind: kind(s.sql) })) };
}

export async function measureRevenues({ api, db, infra, databaseUrl, storageDir, say, timed, runs, peakMiB, rssMiB, countNewlines }) {
  say('bringing in the revenue records of the seeded orders…');
  const synced = await bringRecordsIn(db, say);
  const { rows: [table] } = await db.query(
    `SELECT count(*)::int AS records, count(DISTINCT sales_month)::int AS months, pg_size_pretty(pg_total_relation_size('revenues')) AS size FROM revenues`,
  );
  say(`${count(table.records)} revenue records over ${table.months} sales months (${table.size} with indexes)`);
  const { month, monthRecords, cases } = await revenueCases(db);

  const get = async (query, path = '/revenues') => {
    const url = `${api.base}${path}?${new URLSearchParams({ ...query, per_page: PER_PAGE })}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${api.token}` } });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };

  const results = [];
  for (const c of cases) {
    const first = await recordList(db, infra, c.filter, { at: 'page', page: 1 });
    const matches = first.page.total;
    const last = Math.max(1, Math.ceil(matches / PER_PAGE));
    const ways = [{ how: 'page', page: 1, wire: {}, position: { at: 'page', page: 1 } }];
    if (c.deep && last > 2) {
      // The page after one halfway down the list, by the `after` cursor the API wrote on that page.
      const before = Math.ceil(last / 2);
      const { page } = await recordList(db, infra, c.filter, { at: 'page', page: before });
      const key = infra.decodeCursor(page.nextCursor, infra.REVENUE_LIST_ORDER);
      ways.push({ how: 'after', page: before + 1, wire: { after: page.nextCursor }, position: { at: 'after', key } });
      ways.push({ how: 'last', page: last, wire: { last: 1 }, position: { at: 'last' } });
    }
    for (const way of ways) {
      const { statements, page } = await recordList(db, infra, c.filter, way.position);
      const answer = await get({ ...c.wire, ...way.wire });
      if (answer.pagination.total !== page.total || answer.data.length !== page.rows.length || String(answer.data[0]?.id) !== String(page.rows[0]?.id)) {
        throw new Error(`${c.name} (${way.how}): the API answered ${answer.data.length} records of ${answer.pagination.total}, the repository ${page.rows.length} of ${page.total}`);
      }
      const http = await timed(() => get({ ...c.wire, ...way.wire }), runs);
      // PostgreSQL alone: the same statements one after the other on one connection; each one's time kept too.
      const each = Object.fromEntries(statements.map((s) => [s.kind, []]));
      const pg = await timed(async () => {
        for (const s of statements) {
          const start = performance.now();
          await db.query(s.sql, s.params);
          each[s.kind].push(since(start));
        }
      }, runs);
      const bound = 1.5 * pg.median + 3;
      const perStatement = Object.fromEntries(Object.entries(each).map(([kind, ms]) => [kind, median(ms.slice(-runs))]));
      results.push({ case: c.name, how: way.how, page: way.page, matches, http, pg, perStatement, bound, met: http.median <= bound, statements });
      say(
        `${c.name}, page ${count(way.page)} (${way.how}): API ${fmt(http.median)} ms (p95 ${fmt(http.p95)}), PostgreSQL ${fmt(pg.median)} ms ` +
          `(page ${fmt(perStatement.page)}, totals ${fmt(perStatement.totals)}, records ${fmt(perStatement.records ?? 0)}): ${http.median <= bound ? 'met' : 'MISSED'} (bound ${fmt(bound)})`,
      );
    }
  }

  // The plan of the slowest statement PostgreSQL alone ran.
  let slowest = null;
  for (const r of results) {
    for (const [kind, ms] of Object.entries(r.perStatement)) if (!slowest || ms > slowest.ms) slowest = { result: r, kind, ms };
  }
  const statement = slowest.result.statements.find((s) => s.kind === slowest.kind);
  const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params)).rows.map((r) => r['QUERY PLAN']).join('\n');

  const ss = await measureSs({ api, db, infra, databaseUrl, storageDir, month, say, peakMiB, rssMiB, countNewlines });
  return { synced, table, month, monthRecords, results, slowest: { case: slowest.result.case, how: slowest.result.how, page: slowest.result.page, kind: slowest.kind, ms: slowest.ms, plan }, ss };
}

/** The month's SS file through the API, three times, the API's resident memory sampled; then psql's COPY of the same statement. */
async function measureSs({ api, db, infra, databaseUrl, storageDir, month, say, peakMiB, rssMiB, countNewlines }) {
  const runs = [];
  for (let i = 0; i < SS_RUNS; i++) {
    // Downloads take a one-minute media token in the query (the `Download` access rule), as the browser opens them.
    const minted = await fetch(`${api.base}/medias/token`, { headers: { authorization: `Bearer ${api.token}` } });
    const { data } = await minted.json();
    if (minted.status !== 200) throw new Error(`GET /medias/token: ${minted.status}`);
    const before = rssMiB(api.child.pid);
    let sampled = before;
    try {
      writeFileSync(`/proc/${api.child.pid}/clear_refs`, '5');
    } catch {
      // not allowed here: the sampled RSS below still gives the peak
    }
    const sampler = setInterval(() => (sampled = Math.max(sampled, rssMiB(api.child.pid))), 50);
    const start = performance.now();
    const response = await fetch(`${api.base}/revenues/ss?${new URLSearchParams({ sales_month: month, token: data.token })}`);
    if (response.status !== 200) {
      clearInterval(sampler);
      throw new Error(`GET /revenues/ss: ${response.status} ${(await response.text()).slice(0, 300)}`);
    }
    let bytes = 0;
    let rows = -1; // the header
    for await (const chunk of response.body) {
      bytes += chunk.length;
      rows += countNewlines(chunk);
    }
    const seconds = since(start) / 1000;
    clearInterval(sampler);
    runs.push({ seconds, before, peak: Math.max(sampled, peakMiB(api.child.pid)), bytes, rows });
    say(`SS file ${i + 1}: ${seconds.toFixed(2)} s, ${count(rows)} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB, API resident memory ${before.toFixed(0)} → peak ${runs.at(-1).peak.toFixed(0)} MiB`);
  }

  // psql's own run of the very COPY statement the API streams, into a file.
  const copySql = infra.copyCsvSql(infra.revenueSsCopy({ salesMonth: month }));
  const copyFile = join(storageDir, 'ss.csv');
  const copies = [];
  for (let i = 0; i < SS_RUNS; i++) {
    const out = openSync(copyFile, 'w');
    const start = performance.now();
    const copy = spawnSync('psql', ['-X', '-q', databaseUrl, '-c', copySql], { stdio: ['ignore', out, 'inherit'] });
    copies.push(since(start) / 1000);
    closeSync(out);
    if (copy.status !== 0) throw new Error('psql COPY failed (is psql installed?)');
  }
  let copyRows = 0;
  for await (const chunk of createReadStream(copyFile)) copyRows += countNewlines(chunk);
  say(`psql COPY of the SS statement: ${copies.map((s) => `${s.toFixed(2)} s`).join(', ')}, ${count(copyRows)} rows`);
  const { rows: [{ records }] } = await db.query(`SELECT count(*)::int AS records FROM revenues WHERE sales_month = $1`, [month]);
  return { month, records, runs, copies, copyRows, copyBytes: statSync(copyFile).size };
}

/** The figures as markdown, for docs/benchmarks.md. */
export function revenueReport(result, machine, runs) {
  const lines = [];
  const readBy = { page: '`page`', after: '`after` cursor', last: '`last=1`' };
  lines.push(`Measured ${machine.date} on ${machine.cpus} cores (${machine.model}), ${machine.memory} GiB RAM, ${machine.postgres}`);
  lines.push(`(shared_buffers ${machine.sharedBuffers}, work_mem ${machine.workMem}), Node.js ${process.version}; load average ${machine.load}.`);
  const s = result.synced;
  lines.push(
    `Data set: ${count(result.table.records)} revenue records over ${result.table.months} sales months (${result.table.size} with indexes) from the million seeded orders` +
      (s.made ? `, ${count(s.made)} of them made by this run with \`revenue_sync\` (${s.seconds.toFixed(0)} s, VACUUM ANALYZE included).` : '; made by an earlier run.'),
  );
  lines.push(`Each case: 3 warm-up requests, then ${runs} timed ones, one at a time; times in milliseconds.`);
  lines.push('');
  lines.push(`### GET /api/v1/revenues (per_page ${PER_PAGE})`);
  lines.push('');
  lines.push('Target: API p50 ≤ 1.5 × PostgreSQL p50 + 3 ms, where PostgreSQL runs the statements the list runs for the page (the page of ids,');
  lines.push('the exact totals of the filter, the page\'s records) one after the other on one connection.');
  lines.push('');
  lines.push('| filter | page | read by | records | API p50 | API p95 | PostgreSQL p50 | … page of ids | … totals | … the page\'s records | bound | |');
  lines.push('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of result.results) {
    const p = r.perStatement;
    lines.push(
      `| ${r.case} | ${count(r.page)} | ${readBy[r.how]} | ${count(r.matches)} | ${fmt(r.http.median)} | ${fmt(r.http.p95)} | ${fmt(r.pg.median)} | ` +
        `${fmt(p.page)} | ${fmt(p.totals)} | ${p.records === undefined ? '–' : fmt(p.records)} | ${fmt(r.bound)} | ${r.met ? 'met' : '**missed**'} |`,
    );
  }
  const ss = result.ss;
  const api = median(ss.runs.map((r) => r.seconds));
  const psql = median(ss.copies);
  const last = ss.runs.at(-1);
  lines.push('');
  lines.push(`### GET /api/v1/revenues/ss (sales_month ${ss.month}: ${count(ss.records)} records)`);
  lines.push('');
  lines.push('| | wall time (median of 3) | rows | file | API resident memory before → peak |');
  lines.push('| --- | ---: | ---: | ---: | ---: |');
  lines.push(
    `| API: COPY → BOM, CRLF → HTTP | ${api.toFixed(2)} s | ${count(last.rows)} | ${(last.bytes / 2 ** 20).toFixed(1)} MiB | ` +
      `${ss.runs.map((r) => `${r.before.toFixed(0)} → ${r.peak.toFixed(0)} MiB`).join(', ')} |`,
  );
  lines.push(`| psql: the same COPY statement into a file | ${psql.toFixed(2)} s | ${count(ss.copyRows)} | ${(ss.copyBytes / 2 ** 20).toFixed(1)} MiB | – |`);
  lines.push(`| ratio | ${(api / psql).toFixed(1)}× | | | |`);
  lines.push('');
  lines.push(`### Plan of the slowest statement: ${result.slowest.kind} of "${result.slowest.case}", page ${count(result.slowest.page)} (${fmt(result.slowest.ms)} ms)`);
  lines.push('');
  lines.push('```');
  lines.push(result.slowest.plan);
  lines.push('```');
  return lines.join('\n');
}

// The request floor (issue 11): what any request costs before its own work, measured over HTTP against
// the built API beside bare Fastify servers started by this bench (src/bench-bare-server.mjs), in the
// same run, so each target is a ratio to its baseline on the same machine at the same moment:
//   - a signed-in request that reads one row (GET /me): p50 at one request at a time;
//   - an authenticated trivial endpoint (GET /medias/token: the guard, then signing a token) at 10
//     connections, against a bare Fastify hello world;
//   - the order list's first page at 10 connections, against bare Fastify + pg running the same SQL.
// Part of `npm run bench` (bench.mjs); `--only floor` runs it alone.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './prepare.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const SECONDS = 5;
const ROUNDS = 2;

export const FLOOR_TARGETS = { oneRowP50Ms: 1.0, trivialThroughput: 0.4, listThroughput: 0.5 };

/** One request after the other on one kept-alive connection: milliseconds of each, after warm-up. */
async function sequential(url, headers, count, warmUp = 200) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - start) / 1e6) : reject(new Error(`GET ${url}: ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < warmUp; i++) await once();
  const ms = [];
  for (let i = 0; i < count; i++) ms.push(await once());
  agent.destroy();
  return percentiles(ms);
}

export function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

/** Requests per second at `connections`, after a second of warm-up; any answer but 200 fails the bench. */
async function throughput(url, headers, connections = 10) {
  await autocannon({ url, headers, connections, duration: 1 });
  const r = await autocannon({ url, headers, connections, duration: SECONDS });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts under load`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** A bare server of src/bench-bare-server.mjs on `port`, started and ready. */
async function bareServer(mode, port, databaseUrl) {
  const child = spawn(process.execPath, [join(ROOT, 'apps/devstack/src/bench-bare-server.mjs'), mode, String(port), databaseUrl ?? ''], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare ${mode} server stopped (exit ${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Rounds of A then B, each SECONDS long: the mean of each side, so both see the same moments of a busy machine. */
async function side(a, b) {
  const as = [];
  const bs = [];
  for (let i = 0; i < ROUNDS; i++) {
    as.push(await a());
    bs.push(await b());
  }
  const mean = (runs) => ({ rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length, p50: Math.max(...runs.map((r) => r.p50)), p99: Math.max(...runs.map((r) => r.p99)) });
  return [mean(as), mean(bs)];
}

export async function measureFloor({ api, databaseUrl, freePort, say }) {
  const auth = { authorization: `Bearer ${api.token}` };
  const hello = await bareServer('hello', await freePort());
  let orders;
  try {
    orders = await bareServer('orders', await freePort(), databaseUrl);
    say('the floor: one request at a time…');
    const helloC1 = await sequential(`${hello.base}/hello`, {}, 2000);
    const me = await sequential(`${api.base}/me`, auth, 2000);
    say(`GET /me p50 ${me.p50.toFixed(2)} ms (bare hello ${helloC1.p50.toFixed(2)} ms)`);
    // The list's first page one at a time, beside the bare server running its SQL: what Node and the wire cost both.
    const bareListC1 = await sequential(`${orders.base}/orders`, {}, 300, 20);
    const listC1 = await sequential(`${api.base}/orders?per_page=50`, auth, 300, 20);
    say(`GET /orders page 1 p50 ${listC1.p50.toFixed(2)} ms (bare Fastify + pg ${bareListC1.p50.toFixed(2)} ms)`);
    say(`the floor: 10 connections, ${ROUNDS} × ${SECONDS} s a side…`);
    const [bareHello, trivial] = await side(() => throughput(`${hello.base}/hello`, {}), () => throughput(`${api.base}/medias/token`, auth));
    say(`GET /medias/token ${trivial.rps.toFixed(0)}/s, bare hello ${bareHello.rps.toFixed(0)}/s`);
    const [bareList, list] = await side(() => throughput(`${orders.base}/orders`, {}), () => throughput(`${api.base}/orders?per_page=50`, auth));
    say(`GET /orders page 1 ${list.rps.toFixed(0)}/s, bare Fastify + pg ${bareList.rps.toFixed(0)}/s`);
    return { helloC1, me, bareHello, trivial, bareList, list, bareListC1, listC1 };
  } finally {
    hello.stop();
    orders?.stop();
  }
}

const pass = (ok) => (ok ? 'met' : '**missed**');

export function floorReport(f, machineLine) {
  const lines = [machineLine, ''];
  lines.push('| target | measured | baseline (same run) | ratio | target | |');
  lines.push('| --- | ---: | ---: | ---: | ---: | --- |');
  lines.push(`| signed-in request reading one row (\`GET /me\`), one at a time: p50 | ${f.me.p50.toFixed(2)} ms (p99 ${f.me.p99.toFixed(2)}) | bare Fastify hello ${f.helloC1.p50.toFixed(2)} ms | – | ≤ ${FLOOR_TARGETS.oneRowP50Ms.toFixed(1)} ms | ${pass(f.me.p50 <= FLOOR_TARGETS.oneRowP50Ms)} |`);
  const trivial = f.trivial.rps / f.bareHello.rps;
  lines.push(`| authenticated trivial endpoint (\`GET /medias/token\`), 10 connections | ${f.trivial.rps.toFixed(0)} req/s | bare Fastify hello ${f.bareHello.rps.toFixed(0)} req/s | ${trivial.toFixed(2)}× | ≥ ${FLOOR_TARGETS.trivialThroughput}× | ${pass(trivial >= FLOOR_TARGETS.trivialThroughput)} |`);
  const list = f.list.rps / f.bareList.rps;
  lines.push(`| order list, first page (50 orders), 10 connections | ${f.list.rps.toFixed(0)} req/s (p99 ${f.list.p99} ms) | bare Fastify + pg, same SQL ${f.bareList.rps.toFixed(0)} req/s | ${list.toFixed(2)}× | ≥ ${FLOOR_TARGETS.listThroughput}× | ${pass(list >= FLOOR_TARGETS.listThroughput)} |`);
  lines.push(`| for scale: order list, first page, one at a time: p50 | ${f.listC1.p50.toFixed(2)} ms (p99 ${f.listC1.p99.toFixed(2)}) | bare Fastify + pg, same SQL ${f.bareListC1.p50.toFixed(2)} ms (p99 ${f.bareListC1.p99.toFixed(2)}) | ${(f.listC1.p50 / f.bareListC1.p50).toFixed(2)}× | – | |`);
  lines.push('');
  lines.push(`One at a time: ${f.me.count.toLocaleString('en')} requests on one kept-alive connection after 200 warm-up ones (node:http, so the client adds little).`);
  lines.push(`10 connections: autocannon, a second of warm-up, then ${ROUNDS} rounds of ${SECONDS} s alternating the baseline and the API; the mean rate of each.`);
  lines.push('The bare servers (apps/devstack/src/bench-bare-server.mjs) run in processes of their own, as the API does, with its Fastify version;');
  lines.push('the list one runs `OrderReader.list` and `.records` (the same statements) on a pool of the same size and answers with Fastify\'s JSON.');
  return lines.join('\n');
}

// The chat part of `npm run bench` (docs/benchmarks.md "Chat polling (issue 15)"): what 200 open
// conversation threads cost the API while their consoles poll them, as the console polls: every
// CHAT_REFRESH_SECONDS (10 s), each console at its own phase, `GET /api/v1/conversations/{id}/message
// ?since=<the previous answer's since_cursor>` with the console's headers (the bearer token, `Accept:
// application/json`, what a browser adds) on a kept-alive connection of its own. Meanwhile a message is
// posted somewhere every 5–10 s (POST …/message, as the console posts it), so some polls answer 200 with
// it and move their cursor; the rest answer 304. Then the same consoles at a 2 s interval: the headroom.
//
// Over each measured window it reads the CPU time (utime + stime, /proc/<pid>/stat) of the API process,
// of the PostgreSQL backends connected to the part's database (the API's pool and its LISTEN connection;
// sampled twice a second, so a backend that ends meanwhile keeps what it used), of the server's shared
// processes (postmaster, WAL writer, …) and of redis-server, as % of one core; and counts the requests,
// the 304s, and the poll's latency as the console sees it.
//
// Its data: a database of its own (`<bench database>_chat`), migrated, with the demo users and 2,000
// seeded orders (`seed:orders`: a few seconds), and 200 accounts of its own (`chat-bench-NNN@bench.example.com`):
// makers' accounts on their maker's thread of an order, staff beside them and on threads of their own,
// call-centre staff on customers' threads. The poll's cost does not grow with the number of orders: it is
// one read of `conversations` by primary key (for a maker, also whether the order has a line of theirs).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { percentiles } from './bench-floor.mjs';
import { ROOT } from './prepare.mjs';

const require = createRequire(import.meta.url);

export const CHAT_ORDERS = 2_000;
const CONSOLES = { maker: 80, staff: 100, callCenter: 20 };
const STAFF_ROLES = ['operator', 'operator', 'approver', 'estimate_approver', 'system_admin'];
/** Customers' threads the call-centre accounts share, two to a thread. */
const CUSTOMER_THREADS = 10;
const WINDOW_SECONDS = 60;
const IDLE_SECONDS = 10;
/** Posts: one every 5–10 s somewhere. */
const POST_GAP_MS = [5_000, 10_000];
export const CHAT_TARGET_PERCENT = 5;
const EMAIL = (i) => `chat-bench-${String(i).padStart(3, '0')}@bench.example.com`;

const TICKS = 100; // getconf CLK_TCK on Linux
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process (or of one thread: `pid/task/tid`) in seconds, and when it started (clock ticks after boot); null when it is gone. */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { seconds: (Number(f[11]) + Number(f[12])) / TICKS, system: Number(f[12]) / TICKS, start: Number(f[19]) };
  } catch {
    return null;
  }
}

/** PostgreSQL's processes: pid → its title (`postgres: 15/main: user db 127.0.0.1(port) idle`). */
function postgresProcesses() {
  const found = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const comm = readFileSync(`/proc/${name}/comm`, 'utf8').trim();
      if (comm !== 'postgres') continue;
      found.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

function redisPid() {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'redis-server') return Number(name);
    } catch {
      // ended meanwhile
    }
  }
  return null;
}

/**
 * CPU seconds used between start() and stop(): of the API, of the backends of `database` (not the bench's
 * own connection), of PostgreSQL's other processes that are no backend (shared by every database), of Redis.
 * Backends are sampled every 500 ms: one that ends keeps its last sample; one that starts counts from 0.
 */
function cpuMeter({ apiPid, database, exclude }) {
  const redis = redisPid();
  const isBackendOf = (title) => title.split(' ').includes(database);
  const isShared = (title) => !/\(\d+\)|\[local\]/.test(title); // backends name their client's address
  let first;
  let last;
  let timer;
  const sample = () => {
    const backends = new Map();
    const shared = new Map();
    for (const [pid, title] of postgresProcesses()) {
      if (exclude.has(pid)) continue;
      const cpu = cpuOf(pid);
      if (!cpu) continue;
      if (isBackendOf(title)) backends.set(`${pid}:${cpu.start}`, cpu.seconds);
      else if (isShared(title)) shared.set(`${pid}:${cpu.start}`, cpu.seconds);
    }
    const api = cpuOf(apiPid);
    const main = cpuOf(`${apiPid}/task/${apiPid}`);
    return { at: performance.now(), api: api?.seconds ?? NaN, apiSystem: api?.system ?? NaN, apiMain: main?.seconds ?? NaN, redis: redis ? (cpuOf(redis)?.seconds ?? 0) : null, backends, shared };
  };
  const merge = (into, from) => {
    for (const [key, seconds] of from) into.set(key, seconds);
  };
  const used = (a, b) => {
    let sum = 0;
    for (const [key, seconds] of b) sum += seconds - (a.get(key) ?? 0);
    return sum;
  };
  return {
    start() {
      first = sample();
      last = { backends: new Map(first.backends), shared: new Map(first.shared) };
      timer = setInterval(() => {
        const s = sample();
        merge(last.backends, s.backends);
        merge(last.shared, s.shared);
      }, 500);
    },
    stop() {
      clearInterval(timer);
      const end = sample();
      merge(last.backends, end.backends);
      merge(last.shared, end.shared);
      const seconds = (end.at - first.at) / 1000;
      const pct = (cpu) => (cpu / seconds) * 100;
      return {
        seconds,
        api: pct(end.api - first.api),
        apiSystem: pct(end.apiSystem - first.apiSystem),
        apiMain: pct(end.apiMain - first.apiMain),
        postgres: pct(used(first.backends, last.backends)),
        backends: last.backends.size,
        shared: pct(used(first.shared, last.shared)),
        redis: end.redis === null ? null : pct(end.redis - first.redis),
      };
    },
  };
}

/** The headers the console's fetch sends for a read (apps/console/src/api/client.ts) with what Chromium adds, same-origin. */
function consoleHeaders(token, origin) {
  return {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    'Accept-Language': 'ja,en-US;q=0.9,en;q=0.8',
    'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    Referer: `${origin}/conversations`,
    'Sec-Fetch-Dest': 'empty',
    'Sec-Fetch-Mode': 'cors',
    'Sec-Fetch-Site': 'same-origin',
    'sec-ch-ua': '"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"',
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Windows"',
    // The console's own cookies (path /): the token's expiry and the order list's last query; the refresh cookie is scoped to /api/v1/auth.
    Cookie: `oms_token_expiry=${Date.now() + 3_600_000}; orderListParams=${encodeURIComponent(JSON.stringify({ status: 4, perPage: 50 }))}`,
  };
}

/** One exchange on the console's agent: status, parsed body (or null), milliseconds. */
function exchange(agent, url, { method = 'GET', headers, body }) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(url, { agent, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null, ms: performance.now() - start, bytes: text.length });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The part's accounts and threads: made once, found again by a second run. */
async function fixture(db, domain) {
  const hidden = domain.HIDDEN_FROM_MAKER_STATUSES.join(', ');
  const threads = CONSOLES.staff;
  // Orders with a maker part the maker may see: the maker threads, newest first, one per order.
  const { rows: parts } = await db.query(
    `SELECT DISTINCT ON (ol.order_id) ol.order_id::text AS "orderId", ol.maker_id::text AS "makerId"
       FROM order_lines ol JOIN order_makers om ON om.order_id = ol.order_id AND om.maker_id = ol.maker_id
      WHERE ol.maker_id IS NOT NULL AND ol.first_ordered_at IS NOT NULL AND ol.status NOT IN (${hidden})
      ORDER BY ol.order_id DESC, ol.maker_id LIMIT $1`,
    [threads],
  );
  if (parts.length < threads) throw new Error(`only ${parts.length} orders with a maker part a maker sees (seed more orders)`);
  const { rows: customers } = await db.query(`SELECT id::text FROM customers ORDER BY id LIMIT $1`, [CUSTOMER_THREADS]);
  const consoles = [];
  let n = 0;
  // Staff: one on each maker thread; makers: one on each of the first 80 of those (the two sides of a thread).
  for (let i = 0; i < CONSOLES.staff; i++) consoles.push({ email: EMAIL(++n), role: STAFF_ROLES[i % STAFF_ROLES.length], makerId: null, thread: { kind: 'maker', ...parts[i] } });
  for (let i = 0; i < CONSOLES.maker; i++) consoles.push({ email: EMAIL(++n), role: 'maker', makerId: parts[i].makerId, thread: { kind: 'maker', ...parts[i] } });
  for (let i = 0; i < CONSOLES.callCenter; i++) consoles.push({ email: EMAIL(++n), role: 'call_center', makerId: null, thread: { kind: 'customer', customerId: customers[i % CUSTOMER_THREADS].id } });
  for (const c of consoles) {
    await db.query(
      `INSERT INTO users (email, name, role, maker_id)
       SELECT $1::varchar, $2::varchar, $3::text, $4::bigint
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1::varchar) AND deleted_at IS NULL)`,
      [c.email, `Chat bench ${c.email.slice(11, 14)}`, c.role, c.makerId],
    );
    const { rows: [user] } = await db.query(
      `UPDATE users SET role = $2, maker_id = $3 WHERE lower(email) = lower($1) AND deleted_at IS NULL
       RETURNING id::text, role, maker_id::text AS "makerId", security_stamp AS stamp`,
      [c.email, c.role, c.makerId],
    );
    c.user = user;
  }
  return consoles;
}

/** Signs each account's bearer token as `cli token` does (TokensService of the built API), without 200 processes. */
function mintTokens(consoles, jwtSecret) {
  const api = createRequire(join(ROOT, 'apps/api/dist/main.js'));
  const { JwtService } = api('@nestjs/jwt');
  const { TokensService, jwtOptions } = require(join(ROOT, 'apps/api/dist/auth/tokens.service.js'));
  const config = { JWT_SECRET: jwtSecret, ACCESS_TOKEN_TTL: 4 * 3600 };
  const tokens = new TokensService(new JwtService(jwtOptions(config)), config);
  for (const c of consoles) {
    c.token = tokens.signAccess({ id: c.user.id, role: c.user.role, makerId: c.user.makerId, stamp: c.user.stamp }, 4 * 3600).accessToken;
  }
}

/**
 * Opens each console's thread as the console does (POST /conversations/maker, GET /conversations/customer/{id})
 * and reads its latest page (GET …/message): the since_cursor the polls start from.
 */
async function openThreads(consoles, api, origin) {
  for (const c of consoles) {
    c.agent = new Agent({ keepAlive: true, maxSockets: 6 });
    c.headers = consoleHeaders(c.token, origin);
    const opened =
      c.thread.kind === 'maker'
        ? await exchange(c.agent, `${api.base}/conversations/maker`, {
            method: 'POST',
            headers: { ...c.headers, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
            body: JSON.stringify({ order_id: Number(c.thread.orderId), maker_id: Number(c.thread.makerId) }),
          })
        : await exchange(c.agent, `${api.base}/conversations/customer/${c.thread.customerId}`, { headers: c.headers });
    if (opened.status !== 200 && opened.status !== 201) throw new Error(`opening ${c.email}'s thread: ${opened.status} ${JSON.stringify(opened.body).slice(0, 300)}`);
    c.conversationId = opened.body.data.id;
    const page = await exchange(c.agent, `${api.base}/conversations/${c.conversationId}/message`, { headers: c.headers });
    if (page.status !== 200) throw new Error(`GET …/message for ${c.email}: ${page.status} ${JSON.stringify(page.body).slice(0, 300)}`);
    c.since = page.body.since_cursor;
  }
}

/**
 * The consoles polling every `intervalMs` (each from a random phase; a console never has two polls out,
 * and asks again at once when an answer says more_changes) and the posts, until stop(). Every exchange is
 * recorded with the time it ended.
 */
function run(consoles, api, intervalMs) {
  const log = [];
  let running = true;
  const timers = new Set();
  const later = (ms, work) => {
    const t = setTimeout(() => (timers.delete(t), work()), ms);
    timers.add(t);
  };
  const poll = async (c) => {
    if (!running || c.busy) return;
    c.busy = true;
    try {
      for (;;) {
        const url = `${api.base}/conversations/${c.conversationId}/message?since=${encodeURIComponent(c.since)}`;
        const answer = await exchange(c.agent, url, { headers: c.headers });
        log.push({ kind: 'poll', status: answer.status, ms: answer.ms, at: performance.now(), messages: answer.body?.data?.length ?? 0 });
        if (answer.status === 304) break;
        if (answer.status !== 200) throw new Error(`poll by ${c.email}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        c.since = answer.body.since_cursor;
        if (!answer.body.more_changes) break;
      }
    } catch (error) {
      log.push({ kind: 'error', error: String(error), at: performance.now() });
    } finally {
      c.busy = false;
    }
  };
  const start = performance.now();
  for (const c of consoles) {
    const phase = Math.random() * intervalMs;
    let k = 0;
    const tick = () => {
      if (!running) return;
      void poll(c);
      k++;
      later(Math.max(0, start + phase + k * intervalMs - performance.now()), tick);
    };
    later(phase, tick);
  }
  let posted = 0;
  const post = async () => {
    if (!running) return;
    const c = consoles[Math.floor(Math.random() * consoles.length)];
    try {
      const answer = await exchange(c.agent, `${api.base}/conversations/${c.conversationId}/message`, {
        method: 'POST',
        headers: { ...c.headers, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ content: `ベンチのメッセージ ${++posted}：出荷日のご確認をお願いします。` }),
      });
      log.push({ kind: 'post', status: answer.status, ms: answer.ms, at: performance.now() });
      if (answer.status !== 201) log.push({ kind: 'error', error: `post: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`, at: performance.now() });
    } catch (error) {
      log.push({ kind: 'error', error: String(error), at: performance.now() });
    }
    later(POST_GAP_MS[0] + Math.random() * (POST_GAP_MS[1] - POST_GAP_MS[0]), post);
  };
  later(POST_GAP_MS[0] * Math.random(), post);
  return {
    log,
    async stop() {
      running = false;
      for (const t of timers) clearTimeout(t);
      while (consoles.some((c) => c.busy)) await sleep(20);
    },
  };
}

/** Transactions committed in the database so far (each of the API's reads outside a transaction is one), and sessions opened. */
async function committed({ db, database }) {
  const { rows: [row] } = await db.query(`SELECT xact_commit::bigint::text AS n, sessions::bigint::text AS sessions FROM pg_stat_database WHERE datname = $1`, [database]);
  return { n: Number(row.n), sessions: Number(row.sessions) };
}

/** One load: `warmUp` seconds, then the measured window of WINDOW_SECONDS. */
async function phase(consoles, api, meterOptions, { intervalMs, warmUp }, say) {
  const load = run(consoles, api, intervalMs);
  await sleep(warmUp * 1000);
  const meter = cpuMeter(meterOptions);
  const transactions = await committed(meterOptions);
  const client = process.cpuUsage();
  const from = performance.now();
  meter.start();
  await sleep(WINDOW_SECONDS * 1000);
  const cpu = meter.stop();
  const to = performance.now();
  // The statistics reach pg_stat_database within a second of each transaction (PostgreSQL 15).
  await sleep(1500);
  const after = await committed(meterOptions);
  const statements = after.n - transactions.n - 1;
  const sessions = after.sessions - transactions.sessions;
  const clientCpu = process.cpuUsage(client);
  await load.stop();
  const errors = load.log.filter((e) => e.kind === 'error');
  if (errors.length) throw new Error(`${errors.length} failed exchanges, the first: ${errors[0].error}`);
  const inWindow = load.log.filter((e) => e.at >= from && e.at < to);
  const polls = inWindow.filter((e) => e.kind === 'poll');
  const posts = inWindow.filter((e) => e.kind === 'post');
  const notModified = polls.filter((e) => e.status === 304);
  const changed = polls.filter((e) => e.status === 200);
  const result = {
    intervalMs,
    cpu,
    clientPct: ((clientCpu.user + clientCpu.system) / 1e6 / cpu.seconds) * 100,
    requests: polls.length + posts.length,
    statements,
    sessions,
    polls: polls.length,
    perSecond: (polls.length + posts.length) / cpu.seconds,
    notModified: notModified.length,
    changed: changed.length,
    delivered: changed.reduce((s, e) => s + e.messages, 0),
    posts: posts.length,
    latency: percentiles(polls.map((e) => e.ms)),
    latency304: percentiles(notModified.map((e) => e.ms)),
    latency200: changed.length ? percentiles(changed.map((e) => e.ms)) : null,
    postLatency: posts.length ? percentiles(posts.map((e) => e.ms)) : null,
  };
  say(
    `every ${intervalMs / 1000} s: API ${result.cpu.api.toFixed(2)}% of a core (main thread ${result.cpu.apiMain.toFixed(2)}%, ${result.cpu.apiSystem.toFixed(2)}% in the kernel), PostgreSQL backends ${result.cpu.postgres.toFixed(2)}%, ` +
      `${result.requests} requests (${result.perSecond.toFixed(1)}/s), ${result.statements} transactions, ${sessions} new connections, ${((100 * result.notModified) / result.polls).toFixed(1)}% 304, ` +
      `poll p50 ${result.latency.p50.toFixed(2)} ms p99 ${result.latency.p99.toFixed(2)} ms`,
  );
  return result;
}

export async function measureChat({ api, db, database, origin, say }) {
  const domain = require(join(ROOT, 'libs/domain/dist/index.js'));
  const consoles = await fixture(db, domain);
  mintTokens(consoles, api.jwtSecret);
  say(`opening ${consoles.length} consoles' threads…`);
  await openThreads(consoles, api, origin);
  const threads = new Set(consoles.map((c) => c.conversationId)).size;
  const { rows: [own] } = await db.query(`SELECT pg_backend_pid() AS pid`);
  const meterOptions = { apiPid: api.child.pid, database, exclude: new Set([own.pid]), db };
  say(`the API at rest for ${IDLE_SECONDS} s…`);
  await sleep(2000);
  const idleMeter = cpuMeter(meterOptions);
  idleMeter.start();
  await sleep(IDLE_SECONDS * 1000);
  const idle = idleMeter.stop();
  say(`${consoles.length} consoles polling every ${domain.CHAT_REFRESH_SECONDS} s (20 s warm-up, ${WINDOW_SECONDS} s measured)…`);
  const normal = await phase(consoles, api, meterOptions, { intervalMs: domain.CHAT_REFRESH_SECONDS * 1000, warmUp: 20 }, say);
  say(`the same consoles every 2 s (10 s warm-up, ${WINDOW_SECONDS} s measured)…`);
  const stress = await phase(consoles, api, meterOptions, { intervalMs: 2000, warmUp: 10 }, say);
  for (const c of consoles) c.agent.destroy();
  const { rows: [counts] } = await db.query(
    `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM conversations)::int AS conversations,
            (SELECT count(*) FROM conversation_messages)::int AS messages`,
  );
  return { consoles: consoles.length, threads, idle, normal, stress, counts, refresh: domain.CHAT_REFRESH_SECONDS };
}

const pct = (x) => (x === null ? '–' : `${x.toFixed(2)}%`);
const ms = (x) => (x >= 10 ? x.toFixed(1) : x.toFixed(2));

export function chatReport(r, machineLine) {
  const lines = [machineLine];
  lines.push(
    `Data: its own database (\`oms_bench_chat\`): ${r.counts.orders.toLocaleString('en')} seeded orders, ${r.counts.conversations} threads, ${r.counts.messages.toLocaleString('en')} messages at the end (they accumulate over runs).`,
  );
  lines.push(
    `${r.consoles} consoles (${CONSOLES.staff} staff, ${CONSOLES.maker} maker, ${CONSOLES.callCenter} call-centre accounts) on ${r.threads} threads, each with its own kept-alive connection and the console's headers;`,
  );
  lines.push(`a message posted every 5–10 s on a random console's thread. ${WINDOW_SECONDS} s measured after a warm-up; CPU as % of one core over the window.`);
  lines.push('');
  const target = r.normal.cpu.api < CHAT_TARGET_PERCENT;
  lines.push(`| | at rest | every ${r.refresh} s (the console) | every 2 s (stress) |`);
  lines.push('| --- | ---: | ---: | ---: |');
  lines.push(`| **API process CPU** (target at every ${r.refresh} s: < ${CHAT_TARGET_PERCENT}% of one core) | ${pct(r.idle.api)} | **${pct(r.normal.cpu.api)}** (${target ? 'met' : '**missed**'}) | ${pct(r.stress.cpu.api)} |`);
  lines.push(`| of which the main thread (JavaScript; the rest: V8's GC helpers, libuv's pool) | ${pct(r.idle.apiMain)} | ${pct(r.normal.cpu.apiMain)} | ${pct(r.stress.cpu.apiMain)} |`);
  lines.push(`| of which in the kernel (stime: sockets, epoll) | ${pct(r.idle.apiSystem)} | ${pct(r.normal.cpu.apiSystem)} | ${pct(r.stress.cpu.apiSystem)} |`);
  lines.push(`| PostgreSQL backends serving the API | ${pct(r.idle.postgres)} | ${pct(r.normal.cpu.postgres)} | ${pct(r.stress.cpu.postgres)} |`);
  lines.push(`| PostgreSQL's shared processes (postmaster, WAL writer, …; all databases) | ${pct(r.idle.shared)} | ${pct(r.normal.cpu.shared)} | ${pct(r.stress.cpu.shared)} |`);
  lines.push(`| redis-server (shared; the poll sends it nothing) | ${pct(r.idle.redis)} | ${pct(r.normal.cpu.redis)} | ${pct(r.stress.cpu.redis)} |`);
  lines.push(`| the bench's own client (200 consoles in one process) | – | ${pct(r.normal.clientPct)} | ${pct(r.stress.clientPct)} |`);
  lines.push(`| requests served (polls + posts) | – | ${r.normal.requests.toLocaleString('en')} (${r.normal.perSecond.toFixed(1)}/s) | ${r.stress.requests.toLocaleString('en')} (${r.stress.perSecond.toFixed(1)}/s) |`);
  const share = (p) => `${((100 * p.notModified) / p.polls).toFixed(1)}% (${p.notModified.toLocaleString('en')} of ${p.polls.toLocaleString('en')})`;
  const perRequest = (p) => `${(p.statements / p.requests).toFixed(2)} (${p.statements.toLocaleString('en')})`;
  lines.push(`| PostgreSQL transactions per request (in all) | – | ${perRequest(r.normal)} | ${perRequest(r.stress)} |`);
  lines.push(`| connections the API opened to PostgreSQL meanwhile (its pool closes one idle for 10 s) / backends seen | – | ${r.normal.sessions} / ${r.normal.cpu.backends} | ${r.stress.sessions} / ${r.stress.cpu.backends} |`);
  lines.push(`| polls answered 304 | – | ${share(r.normal)} | ${share(r.stress)} |`);
  lines.push(`| polls answered 200 (messages delivered) / posts | – | ${r.normal.changed} (${r.normal.delivered}) / ${r.normal.posts} | ${r.stress.changed} (${r.stress.delivered}) / ${r.stress.posts} |`);
  lines.push(`| poll latency p50 / p99 (all polls) | – | ${ms(r.normal.latency.p50)} / ${ms(r.normal.latency.p99)} ms | ${ms(r.stress.latency.p50)} / ${ms(r.stress.latency.p99)} ms |`);
  lines.push(`| 304 latency p50 / p99 | – | ${ms(r.normal.latency304.p50)} / ${ms(r.normal.latency304.p99)} ms | ${ms(r.stress.latency304.p50)} / ${ms(r.stress.latency304.p99)} ms |`);
  const l200 = (p) => (p.latency200 ? `${ms(p.latency200.p50)} / ${ms(p.latency200.p99)} ms` : '–');
  lines.push(`| 200 latency p50 / p99 | – | ${l200(r.normal)} | ${l200(r.stress)} |`);
  const perPoll = (p) => `${(((p.cpu.api - r.idle.api) / 100) * 1e6 / (p.requests / p.cpu.seconds) / 1000).toFixed(2)} ms`;
  lines.push(`| API CPU per request, less the rest figure | – | ${perPoll(r.normal)} | ${perPoll(r.stress)} |`);
  return lines.join('\n');
}

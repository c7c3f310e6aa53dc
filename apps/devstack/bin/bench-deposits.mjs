// The deposit-matching part of `npm run bench` (docs/benchmarks.md "Deposit matching", issue 13): a 全銀
// file of 50,000 bank records against the million seeded orders, matched as the product matches it (the
// file read and keyed as the upload does, the records kept by DepositRepository.create, then
// DepositMatching.decide: the candidates in one statement, decideMatches, the rest left for review),
// against PostgreSQL alone in the same run: COPY of the same records, keys precomputed, into a staging
// table and the same candidate statement over it. Then the payments of a sample, through the order
// aggregate, one unit of work per order.
//
// The seed has too few unpaid bank-transfer orders (about 0.2% of a million) and too few distinct buyer
// names (900) for such a file, and changing it would change the other parts' figures. So everything
// happens in one transaction that is rolled back: the newest 60,000 live orders become unpaid
// bank-transfer orders, their buyers (and their customers) get kana names from a wider pool, the runs
// follow, each undone to a savepoint; afterwards a VACUUM clears the dead rows so that the list's
// index-only scans find the pages all-visible again.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const DEPOSIT_RECORDS = 50_000;
const DUE_ORDERS = 60_000;
const RUNS = 3;
const PAYMENT_SAMPLE = 2_000;
/** What the payments commit at once in the workers (DepositMatching's PAY_BATCH). */
const PAY_BATCH = 100;
const ACCOUNTANT = 'accountant@demo.example.com';

const require = createRequire(import.meta.url);

// Kana names for the due orders' buyers: 24 × 20 surnames and 60 given names, none of them the seed's
// given names, so that a name names a few customers (as in a real shop) and not a hundred.
const SURNAME_HEADS = ['ヤマ', 'タ', 'ナカ', 'イシ', 'オオ', 'コ', 'モリ', 'カワ', 'ハヤ', 'ニシ', 'ヒガシ', 'キタ', 'ミナミ', 'フジ', 'マツ', 'スギ', 'タケ', 'ウメ', 'ミヤ', 'ハマ', 'オカ', 'イワ', 'サワ', 'ノ'];
const SURNAME_TAILS = ['ダ', 'モト', 'ムラ', 'シタ', 'グチ', 'サキ', 'ハラ', 'ノ', 'イ', 'ジマ', 'タニ', 'オカ', 'ヤマ', 'ハシ', 'ウチ', 'ザワ', 'ベ', 'カワ', 'タ', 'キ'];
const GIVEN_NAMES = [
  'イチロウ', 'ジロウ', 'サブロウ', 'ケンイチ', 'シンジ', 'ヨシオ', 'トオル', 'マサシ', 'ヒデキ', 'ノブオ', 'ススム', 'ツヨシ', 'アキラ', 'ユウジ', 'コウジ',
  'リョウスケ', 'シュンスケ', 'ショウヘイ', 'ユウキ', 'ソウタ', 'ハヤト', 'リク', 'カイト', 'ミナト', 'ユウマ', 'ケイスケ', 'ダイキ', 'コウヘイ', 'ヒロキ', 'タイチ',
  'ミホ', 'サトミ', 'ヨシコ', 'キョウコ', 'ジュンコ', 'チヒロ', 'アヤカ', 'マイ', 'ナナミ', 'ミユキ', 'エミ', 'ユカ', 'カオリ', 'ノリコ', 'ヒトミ',
  'マナミ', 'リナ', 'ユキ', 'アスカ', 'メグミ', 'サヤカ', 'ミドリ', 'ヤスコ', 'カナ', 'シオリ', 'アヤ', 'チカ', 'ユリ', 'モエ', 'ナツキ',
];
const SURNAMES = SURNAME_HEADS.flatMap((head) => SURNAME_TAILS.map((tail) => head + tail));
/** Payers that are no one's: companies (their legal form where banks put it) and persons of a surname no buyer has. */
const STRANGER_TRADES = ['ｼﾖｳｼﾞ', 'ｹﾝｾﾂ', 'ｻﾝｷﾞﾖｳ', 'ｺｳｷﾞﾖｳ', 'ﾌﾄﾞｳｻﾝ', 'ｾｲｻｸｼﾖ'];

/**
 * Katakana as a bank prints it: half-width, small kana written large (ｼﾖｳ for ショウ: the 全銀 character
 * set has none), voicing marks apart. The reverse of what payerNameKey folds.
 */
const SMALL_AS_LARGE = new Map([...'ァアィイゥウェエォオッツャヤュユョヨヮワ'.matchAll(/(.)(.)/gu)].map(([, small, large]) => [small, large]));
const HALF_WIDTH = new Map([
  ...Array.from({ length: 0xff9f - 0xff66 + 1 }, (_, i) => String.fromCharCode(0xff66 + i)).map((half) => [half.normalize('NFKC'), half]),
  ['\u3099', 'ﾞ'],
  ['\u309a', 'ﾟ'],
  ['\u3000', ' '],
]);
function bankKana(kana) {
  return [...kana.normalize('NFD')].map((c) => HALF_WIDTH.get(SMALL_AS_LARGE.get(c) ?? c) ?? c).join('');
}

/** A seeded pseudo-random generator (mulberry32): the same file every run. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};
const since = (start) => performance.now() - start;

/**
 * Makes the newest DUE_ORDERS live seeded orders unpaid bank-transfer orders (their lines unpaid, their
 * makers' parts not yet ordered; totals stay, as only deferred payment has a fee), their buyers and
 * customers renamed from the pool. In the caller's transaction.
 */
async function setUpDueOrders(q, domain) {
  const S = domain.LINE_STATUS;
  const live = [S.unpaid, S.paid, S.ordered, S.orderReceived, S.shipped, S.delivered];
  const name = (id) => `(($1::text[])[(1 + (${id} * 2654435761) % $3)::int] || ' ' || ($2::text[])[(1 + (${id} * 2654435761) / $3 % $4)::int])`;
  const names = [SURNAMES, GIVEN_NAMES, SURNAMES.length, GIVEN_NAMES.length];
  const P = domain.PAYMENT_METHOD;
  await q(
    `CREATE TEMP TABLE bench_due ON COMMIT DROP AS
     SELECT o.id, o.customer_id FROM orders o
      WHERE o.shop_id IN (SELECT id FROM shops WHERE code LIKE 'SEED-SHOP-%') AND o.line_statuses <@ $1::smallint[]
        AND o.payment_method_id = ANY ($2::smallint[])
      ORDER BY o.id DESC LIMIT ${DUE_ORDERS}`,
    [live, [P.notRequired, P.creditCard, P.bankTransfer, P.cashOnDelivery]],
  );
  await q(`UPDATE customers c SET name_kana = ${name('c.id')} WHERE c.id IN (SELECT customer_id FROM bench_due)`, names);
  await q(
    `UPDATE orders o SET payment_method_id = ${P.bankTransfer}, status = ${S.unpaid}, line_statuses = '{${S.unpaid}}', has_delivery_info = false, sent_to_origin_flag = 0,
            buyer_kana = CASE WHEN o.customer_id IS NULL THEN ${name('o.id')} ELSE ${name('o.customer_id')} END
       FROM bench_due d WHERE o.id = d.id`,
    names,
  );
  await q(`UPDATE order_lines l SET status = ${S.unpaid}, first_ordered_at = NULL FROM bench_due d WHERE l.order_id = d.id`);
  await q(
    `UPDATE order_makers m SET confirm_status = NULL, refusal_reason = NULL, maker_order_date = NULL, maker_receive_date = NULL, estimated_ship_date = NULL,
            ship_date = NULL, delivery_company_id = NULL, tracking_code = NULL
       FROM bench_due d WHERE m.order_id = d.id`,
  );
  // The planner should know what the run's orders look like, as it would after autovacuum (rolled back with the rest).
  await q(`ANALYZE orders, customers, order_lines`);
}

/**
 * The bank's file: DEPOSIT_RECORDS records against the due orders set up, each order paid by one record
 * at most: 40% naming the order number (in the payer name, written with or without its hyphen, or in
 * the EDI text), 45% by the buyer's name alone, 5% one transfer for both due orders of a customer, 10%
 * from payers no order knows. Amounts: mostly the total, some short by a transfer fee, over or under.
 */
function bankFile(due, infra, domain) {
  const next = random(13);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const shuffled = [...due];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  const fees = domain.DEFAULT_TRANSFER_FEES;
  const amountFor = (total) => {
    const r = next();
    if (r < 0.85) return { amount: total, kind: 'exact' };
    const fee = pick(fees.filter((f) => f < total));
    if (r < 0.92 && fee) return { amount: total - fee, kind: 'fee' };
    if (r < 0.96) return { amount: total + 1000 + 100 * Math.floor(next() * 50), kind: 'over' };
    return { amount: Math.max(1, total - 1000 - 100 * Math.floor(next() * 50)), kind: 'under' };
  };
  const sizes = { number: Math.round(DEPOSIT_RECORDS * 0.4), pair: Math.round(DEPOSIT_RECORDS * 0.05), stranger: Math.round(DEPOSIT_RECORDS * 0.1) };
  // Customers with exactly two due orders, for transfers paying both.
  const byCustomer = new Map();
  for (const o of shuffled) if (o.customerId && o.dueOfCustomer === 2) byCustomer.set(o.customerId, [...(byCustomer.get(o.customerId) ?? []), o]);
  const pairs = [...byCustomer.values()].filter((orders) => orders.length === 2).slice(0, sizes.pair);
  const paired = new Set(pairs.flat().map((o) => o.id));
  const singles = shuffled.filter((o) => !paired.has(o.id));
  sizes.name = DEPOSIT_RECORDS - sizes.number - pairs.length - sizes.stranger;
  if (singles.length < sizes.number + sizes.name) throw new Error(`only ${singles.length} single due orders for ${sizes.number + sizes.name} records`);

  const records = [];
  const kinds = { exact: 0, fee: 0, over: 0, under: 0 };
  const add = (record, kind) => {
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    records.push(record);
  };
  for (const o of singles.slice(0, sizes.number)) {
    const { amount, kind } = amountFor(o.total);
    const payer = bankKana(o.buyerKana);
    const surname = payer.split(' ')[0];
    const r = next();
    if (r < 0.5) add({ amount, payerName: `${o.orderNo.replace('-', '')}${surname}` }, kind);
    else if (r < 0.8) add({ amount, payerName: `${o.orderNo} ${payer}` }, kind);
    else add({ amount, payerName: payer, ediInfo: o.orderNo }, kind);
  }
  for (const o of singles.slice(sizes.number, sizes.number + sizes.name)) {
    const { amount, kind } = amountFor(o.total);
    add({ amount, payerName: bankKana(o.buyerKana) }, kind);
  }
  for (const [a, b] of pairs) {
    const fee = next() < 0.3 ? pick(fees) : 0;
    add({ amount: a.total + b.total - fee, payerName: bankKana(a.buyerKana) }, fee ? 'fee' : 'exact');
  }
  for (let i = 0; i < sizes.stranger; i++) {
    const surname = bankKana(`${pick(SURNAME_HEADS)}ゾノ`);
    const trade = pick(STRANGER_TRADES);
    const payerName = pick([`ｶ)${surname}${trade}`, `${surname}${trade}(ｶ`, `${surname}(ﾕ)${trade}`, `${surname} ${bankKana(pick(GIVEN_NAMES))}`]);
    add({ amount: 1000 + 100 * Math.floor(next() * 500), payerName }, 'random');
  }
  // The bank lists them in its own order; yesterday's transfers.
  for (let i = records.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [records[i], records[j]] = [records[j], records[i]];
  }
  const yesterday = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() - 86_400_000));
  const file = infra.writeZenginFile({
    kind: 'transfer',
    account: { bankCode: '0005', bankName: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｪｲ', branchCode: '001', branchName: 'ﾎﾝﾃﾝ', accountNo: '1234567', accountName: 'ｶ)ﾍﾞﾝﾁｼﾖｯﾌﾟ' },
    records: records.map((r, i) => ({ inquiryNo: String(100000 + i), accountDate: yesterday, bankName: 'ﾐｽﾞﾎ', branchName: 'ｼﾝｼﾞﾕｸ', ...r })),
  });
  return { file, mix: { byNumber: sizes.number, byName: sizes.name, pairs: pairs.length, strangers: sizes.stranger, amounts: kinds } };
}

/** Reads and keys the file as the upload does (POST /deposits/payment) and hashes it. */
async function readAndKey(file, infra, domain) {
  const read = await infra.readBankFile(file, { today: new Date() });
  if (read.issues.length) throw new Error(`the bench's 全銀 file was refused: ${JSON.stringify(read.issues.slice(0, 3))}`);
  return { read, records: domain.recordsToKeep(read.records, read.skipped), sha256: createHash('sha256').update(file).digest('hex') };
}

/** The COPY text of the staging table: line, amount, payer key and the order numbers (an array literal). */
function stagingCopy(records) {
  const escape = (text) => text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]);
  return records.map((r) => `${r.line}\t${r.amount}\t${escape(r.payerKey)}\t{${r.orderNos.join(',')}}\n`).join('');
}

/** An EntityManager stand-in that times each statement it passes on (DepositRepository and DepositMatching only call query). */
function timedManager(m, spent) {
  return {
    query: async (sql, params) => {
      const start = performance.now();
      try {
        return await m.query(sql, params);
      } finally {
        const what = /deposit_payer_key/.test(sql) ? 'candidates' : /^\s*UPDATE deposit_records/.test(sql) ? 'review' : 'other';
        spent[what] = (spent[what] ?? 0) + since(start);
      }
    },
  };
}

/**
 * Runs the part: `databaseUrl` the bench database (migrated, seeded with orders), `db` a pg client on it
 * for the VACUUM afterwards. Answers the figures for depositReport.
 */
export async function measureDeposits({ databaseUrl, db, infra, domain, say }) {
  const { from: copyFrom } = require('pg-copy-streams');
  const dataSource = infra.createDataSource(databaseUrl, 1);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const m = runner.manager;
  const q = (sql, params) => m.query(sql, params);
  const deposits = new infra.DepositRepository(dataSource);
  const matching = new infra.DepositMatching(dataSource);
  const result = { runs: [], baselines: [] };
  await runner.startTransaction();
  try {
    let start = performance.now();
    await setUpDueOrders(q, domain);
    // Every due order, with how many its customer has; the records pay only those set up.
    const dueAll = await q(
      `SELECT o.id::text AS id, o.order_no AS "orderNo", o.total, o.buyer_kana AS "buyerKana", o.customer_id::text AS "customerId",
              count(*) OVER (PARTITION BY o.customer_id)::int AS "dueOfCustomer", o.id IN (SELECT id FROM bench_due) AS "setUp"
         FROM orders o JOIN payment_methods pm ON pm.id = o.payment_method_id
        WHERE o.line_statuses @> '{1}'::smallint[] AND pm.code = 'bank_transfer' ORDER BY o.id`,
    );
    const due = dueAll.filter((o) => o.setUp);
    const dueOrders = dueAll.length;
    result.setUpSeconds = since(start) / 1000;
    result.dueOrders = dueOrders;
    say(`${dueOrders.toLocaleString('en')} unpaid bank-transfer orders set up in ${result.setUpSeconds.toFixed(1)} s (rolled back at the end)`);

    const { file, mix } = bankFile(due, infra, domain);
    Object.assign(result, { fileBytes: file.length, mix });
    const copyText = stagingCopy((await readAndKey(file, infra, domain)).records);
    const [{ id: createdBy }] = await q(`SELECT id::text AS id FROM users WHERE email = $1`, [ACCOUNTANT]);

    const upload = async (keyed) =>
      deposits.create(m, { fileName: 'bench-zengin.txt', fileKey: 'bench/zengin.txt', sha256: keyed.sha256, format: keyed.read.format, encoding: keyed.read.encoding, records: keyed.records, skippedCount: keyed.read.skipped.length, createdBy });

    // Each run: PostgreSQL alone, then the product, both undone to the same savepoint (the same state).
    for (let i = 0; i < RUNS; i++) {
      await q('SAVEPOINT bench_run');
      start = performance.now();
      await q(`CREATE TEMP TABLE deposit_staging (line int, amount bigint, payer_key text, order_nos varchar[])`);
      await pipeline(Readable.from([copyText]), runner.databaseConnection.query(copyFrom(`COPY deposit_staging (line, amount, payer_key, order_nos) FROM STDIN`)));
      const copied = since(start);
      const baselineRows = await q(infra.depositCandidatesSql(`SELECT line AS id, line, amount, payer_key, order_nos FROM deposit_staging`));
      const baseline = { copyMs: copied, queryMs: since(start) - copied, totalMs: since(start), rows: baselineRows.length };
      result.baselines.push(baseline);
      await q('ROLLBACK TO SAVEPOINT bench_run');

      start = performance.now();
      const keyed = await readAndKey(file, infra, domain);
      const readMs = since(start);
      start = performance.now();
      const depositId = await upload(keyed);
      const keepMs = since(start);
      const spent = {};
      start = performance.now();
      const decided = await matching.decide(timedManager(m, spent), depositId);
      const decideMs = since(start);
      await q('ROLLBACK TO SAVEPOINT bench_run');
      await q('RELEASE SAVEPOINT bench_run');
      const run = { readMs, keepMs, decideMs, candidatesMs: spent.candidates, reviewMs: spent.review, totalMs: readMs + keepMs + decideMs, matched: decided.matches.length, reviewed: decided.reviewed };
      result.runs.push(run);
      say(
        `run ${i + 1}: PostgreSQL alone ${(baseline.totalMs / 1000).toFixed(2)} s (COPY ${(baseline.copyMs / 1000).toFixed(2)} s, query ${(baseline.queryMs / 1000).toFixed(2)} s, ${baseline.rows.toLocaleString('en')} rows); ` +
          `product ${(run.totalMs / 1000).toFixed(2)} s (read ${(readMs / 1000).toFixed(2)} s, keep ${(keepMs / 1000).toFixed(2)} s, decide ${(decideMs / 1000).toFixed(2)} s of which the candidates ${(run.candidatesMs / 1000).toFixed(2)} s): ` +
          `${run.matched.toLocaleString('en')} to pay, ${run.reviewed.toLocaleString('en')} for review`,
      );
    }

    // What the decisions were, the plan of the candidate statement, and the payments of a sample.
    await q('SAVEPOINT bench_run');
    const depositId = await upload(await readAndKey(file, infra, domain));
    // The candidate statement is run twice here: once under EXPLAIN (ANALYZE, BUFFERS) for its plan, then for the decisions.
    const explaining = {
      query: async (sql, params) => {
        if (/deposit_payer_key/.test(sql)) result.plan = (await m.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).map((r) => r['QUERY PLAN']).join('\n');
        return m.query(sql, params);
      },
    };
    const decided = await matching.decide(explaining, depositId);
    result.decisions = {
      records: decided.matches.length,
      matchedBy: tally(decided.matches.map((d) => d.matchedBy)),
      status: tally(decided.matches.map((d) => ({ 2: 'exact', 3: 'over', 4: 'under' })[d.status] + (d.transferFee ? ' (fee)' : ''))),
      orders: decided.matches.reduce((n, d) => n + d.orders.length, 0),
      review: tally((await q(`SELECT review_reason FROM deposit_records WHERE deposit_id = $1 AND state = 'review'`, [depositId])).map((r) => r.review_reason)),
    };
    const sample = decided.matches.slice(0, PAYMENT_SAMPLE);
    let paid = 0;
    start = performance.now();
    for (let from = 0; from < sample.length; from += PAY_BATCH) {
      // A savepoint where the workers commit a transaction.
      await q('SAVEPOINT bench_batch');
      paid += await matching.pay(m, sample.slice(from, from + PAY_BATCH), decided.upload);
      await q('RELEASE SAVEPOINT bench_batch');
    }
    const payMs = since(start);
    result.payments = { records: sample.length, paid, orders: sample.reduce((n, d) => n + d.orders.length, 0), seconds: payMs / 1000, allMatches: decided.matches.length };
    say(`paid ${paid.toLocaleString('en')} of ${sample.length.toLocaleString('en')} records in ${(payMs / 1000).toFixed(1)} s: ${(paid / (payMs / 1000)).toFixed(0)} records a second`);
    await q('ROLLBACK TO SAVEPOINT bench_run');
  } finally {
    await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
    await dataSource.destroy();
  }
  // The rolled-back rows are dead: cleared now, so that the other parts find the tables as the seed left them.
  const start = performance.now();
  await db.query(`VACUUM orders, order_lines, order_makers, customers`);
  say(`VACUUM after the rollback: ${(since(start) / 1000).toFixed(1)} s`);
  return result;
}

function tally(values) {
  const counts = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The figures as markdown, for docs/benchmarks.md. */
export function depositReport(result, machine) {
  const mid = (pick, list = result.runs) => median(list.map(pick));
  const all = (pick, list = result.runs) => list.map((x) => seconds(pick(x))).join(', ');
  const baseline = mid((b) => b.totalMs, result.baselines);
  const ratios = result.runs.map((r, i) => r.totalMs / result.baselines[i].totalMs);
  const ratiosWithoutRead = result.runs.map((r, i) => (r.keepMs + r.decideMs) / result.baselines[i].totalMs);
  const ratio = median(ratios);
  const list = (counts) => Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toLocaleString('en')}`).join(', ');
  const lines = [];
  lines.push(`Measured ${machine.date} on ${machine.cpus} cores (${machine.model}), ${machine.memory} GiB RAM, ${machine.postgres}`);
  lines.push(`(shared_buffers ${machine.sharedBuffers}, work_mem ${machine.workMem}), Node.js ${process.version}; load average ${machine.load}.`);
  lines.push(
    `The file: a 全銀 振込入金通知 of ${DEPOSIT_RECORDS.toLocaleString('en')} records (${(result.fileBytes / 2 ** 20).toFixed(1)} MiB) against ${result.dueOrders.toLocaleString('en')} unpaid bank-transfer orders ` +
      `among the million (set up in ${result.setUpSeconds.toFixed(0)} s, rolled back): ${result.mix.byNumber.toLocaleString('en')} naming an order number, ${result.mix.byName.toLocaleString('en')} by the buyer's name, ` +
      `${result.mix.pairs.toLocaleString('en')} paying two orders of one customer, ${result.mix.strangers.toLocaleString('en')} from payers no order knows; amounts: ${list(result.mix.amounts)}.`,
  );
  lines.push(`${RUNS} runs, each PostgreSQL alone first, then the product, both rolled back to the same savepoint.`);
  lines.push('');
  lines.push('### Deposit matching (50,000 bank records, a million orders)');
  lines.push('');
  lines.push('| | median of 3 | runs |');
  lines.push('| --- | ---: | --- |');
  lines.push(`| PostgreSQL alone: COPY into a staging table | ${seconds(mid((b) => b.copyMs, result.baselines))} | ${all((b) => b.copyMs, result.baselines)} |`);
  lines.push(`| PostgreSQL alone: the candidate statement over it | ${seconds(mid((b) => b.queryMs, result.baselines))} | ${all((b) => b.queryMs, result.baselines)} |`);
  lines.push(`| **PostgreSQL alone: both** | **${seconds(baseline)}** | ${all((b) => b.totalMs, result.baselines)} |`);
  lines.push(`| product: read the file and key the records (\`readBankFile\`, \`recordsToKeep\`, SHA-256) | ${seconds(mid((r) => r.readMs))} | ${all((r) => r.readMs)} |`);
  lines.push(`| product: keep them (\`DepositRepository.create\`) | ${seconds(mid((r) => r.keepMs))} | ${all((r) => r.keepMs)} |`);
  lines.push(`| product: decide (\`DepositMatching.decide\`) | ${seconds(mid((r) => r.decideMs))} | ${all((r) => r.decideMs)} |`);
  lines.push(`| … of which the candidate statement (with its rows read) | ${seconds(mid((r) => r.candidatesMs))} | ${all((r) => r.candidatesMs)} |`);
  lines.push(`| … of which the records left for review (one UPDATE) | ${seconds(mid((r) => r.reviewMs))} | ${all((r) => r.reviewMs)} |`);
  lines.push(`| **product: all of it** | **${seconds(mid((r) => r.totalMs))}** | ${all((r) => r.totalMs)} |`);
  lines.push(`| ratio: product / PostgreSQL alone (target ≤ 3×) | ${ratio.toFixed(1)}× ${ratio <= 3 ? '(met)' : '(**missed**)'} | ${ratios.map((x) => `${x.toFixed(1)}×`).join(', ')} |`);
  lines.push(`| ratio without reading the file | ${median(ratiosWithoutRead).toFixed(1)}× | ${ratiosWithoutRead.map((x) => `${x.toFixed(1)}×`).join(', ')} |`);
  lines.push('');
  const d = result.decisions;
  lines.push(`Decided: ${d.records.toLocaleString('en')} records to pay ${d.orders.toLocaleString('en')} orders (by ${list(d.matchedBy)}; ${list(d.status)}), left for review: ${list(d.review)}.`);
  const p = result.payments;
  const perSecond = p.paid / p.seconds;
  lines.push('');
  lines.push(`Payments (\`DepositMatching.pay\`, through \`DepositLedger.payFromRecord\` and the order aggregate, ${PAY_BATCH} records a savepoint where the workers commit):`);
  lines.push(
    `the first ${p.records.toLocaleString('en')} matches (${p.orders.toLocaleString('en')} orders) paid in ${p.seconds.toFixed(1)} s, ${perSecond.toFixed(0)} records a second: ` +
      `the run's ${p.allMatches.toLocaleString('en')} matches would take about ${(p.allMatches / perSecond / 60).toFixed(1)} minutes.`,
  );
  lines.push('');
  lines.push('Plan of the candidate statement (the product\'s, over the kept records):');
  lines.push('');
  lines.push('```');
  lines.push(result.plan);
  lines.push('```');
  return lines.join('\n');
}

// `npm run seed:orders -- [--orders N] [--reset]`: a realistic order data set (default 1,000,000
// orders) for trying the list at scale and for `npm run bench`. PostgreSQL makes the rows itself
// (INSERT … SELECT over generate_series, a few statements per 100,000 orders), never row by row.
//
// What it makes, all recognisable by the `SEED-` prefix: 5 shops, 50 makers, 2,000 products,
// 100,000 customers and 5 delivery companies (added once), then orders over the last three years,
// more of them recently, with 1–4 lines across makers, line statuses that follow the order's age,
// maker parts whose dates and delivery info match their status, order errors, and the list columns
// (status, line_statuses, maker_ids, has_delivery_info, error_count, search_text, totals) as the
// order repository computes them. At the end it checks a sample against the repository's own
// refreshDerived and the domain's totals.
//
// `--orders N` makes the number of seeded orders N: it adds what is missing (so running it again is
// quick) and never deletes. `--reset` deletes the seeded orders first (alone: only deletes).
// Connects to DATABASE_URL, else the database `npm start` last used, else postgres://postgres@127.0.0.1:5432/oms.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDependencies, localEnvironmentFile, ROOT } from './prepare.mjs';

const require = createRequire(import.meta.url);

const { values: options } = parseArgs({ options: { orders: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const target = options.orders === undefined ? (options.reset ? 0 : 1_000_000) : Number(options.orders.replaceAll(/[_,]/g, ''));
if (!Number.isSafeInteger(target) || target < 0) {
  console.error('usage: npm run seed:orders -- [--orders N] [--reset]   (N: a whole number, default 1000000)');
  process.exit(2);
}

const local = existsSync(localEnvironmentFile()) ? JSON.parse(readFileSync(localEnvironmentFile(), 'utf8')) : {};
const databaseUrl = process.env.DATABASE_URL ?? local.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/oms';

const DAYS = 3 * 365;
const BATCH = 100_000;
const SEED = { shops: 5, makers: 50, products: 2_000, customers: 100_000 };

const started = Date.now();
const seconds = (since = started) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[seed:orders ${seconds()}] ${line}`);

/** SQL CASE that picks a value by weight from a uniform random column (the last value takes the rest). */
function pick(random, weighted) {
  let sum = 0;
  const whens = weighted.slice(0, -1).map(([value, weight]) => `WHEN ${random} < ${(sum += weight).toFixed(4)} THEN ${value}`);
  return `(CASE ${whens.join(' ')} ELSE ${weighted.at(-1)[0]} END)`;
}

/** SQL: a literal text array, ready to subscript. */
const text = (values) => `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])`;
/** SQL: one element of a literal array, chosen by a uniform random column. */
const oneOf = (values, random) => `${text(values)}[1 + floor(${random} * ${values.length})::int]`;

// Names, places and products, for buyer fields and keyword searches that look like the real ones.
const SURNAMES = [
  ['佐藤', 'サトウ', 'sato'], ['鈴木', 'スズキ', 'suzuki'], ['高橋', 'タカハシ', 'takahashi'], ['田中', 'タナカ', 'tanaka'], ['伊藤', 'イトウ', 'ito'],
  ['渡辺', 'ワタナベ', 'watanabe'], ['山本', 'ヤマモト', 'yamamoto'], ['中村', 'ナカムラ', 'nakamura'], ['小林', 'コバヤシ', 'kobayashi'], ['加藤', 'カトウ', 'kato'],
  ['吉田', 'ヨシダ', 'yoshida'], ['山田', 'ヤマダ', 'yamada'], ['佐々木', 'ササキ', 'sasaki'], ['山口', 'ヤマグチ', 'yamaguchi'], ['松本', 'マツモト', 'matsumoto'],
  ['井上', 'イノウエ', 'inoue'], ['木村', 'キムラ', 'kimura'], ['林', 'ハヤシ', 'hayashi'], ['斎藤', 'サイトウ', 'saito'], ['清水', 'シミズ', 'shimizu'],
  ['山崎', 'ヤマザキ', 'yamazaki'], ['森', 'モリ', 'mori'], ['池田', 'イケダ', 'ikeda'], ['橋本', 'ハシモト', 'hashimoto'], ['阿部', 'アベ', 'abe'],
  ['石川', 'イシカワ', 'ishikawa'], ['山下', 'ヤマシタ', 'yamashita'], ['中島', 'ナカジマ', 'nakajima'], ['石井', 'イシイ', 'ishii'], ['小川', 'オガワ', 'ogawa'],
];
const GIVEN_NAMES = [
  ['太郎', 'タロウ', 'taro'], ['花子', 'ハナコ', 'hanako'], ['翔太', 'ショウタ', 'shota'], ['陽菜', 'ヒナ', 'hina'], ['大輔', 'ダイスケ', 'daisuke'],
  ['美咲', 'ミサキ', 'misaki'], ['健太', 'ケンタ', 'kenta'], ['結衣', 'ユイ', 'yui'], ['拓也', 'タクヤ', 'takuya'], ['さくら', 'サクラ', 'sakura'],
  ['直樹', 'ナオキ', 'naoki'], ['愛', 'アイ', 'ai'], ['誠', 'マコト', 'makoto'], ['由美', 'ユミ', 'yumi'], ['浩', 'ヒロシ', 'hiroshi'],
  ['恵子', 'ケイコ', 'keiko'], ['隆', 'タカシ', 'takashi'], ['真由美', 'マユミ', 'mayumi'], ['修', 'オサム', 'osamu'], ['洋子', 'ヨウコ', 'yoko'],
  ['蓮', 'レン', 'ren'], ['葵', 'アオイ', 'aoi'], ['悠斗', 'ユウト', 'yuto'], ['陽翔', 'ハルト', 'haruto'], ['凛', 'リン', 'rin'],
  ['優子', 'ユウコ', 'yuko'], ['和也', 'カズヤ', 'kazuya'], ['智子', 'トモコ', 'tomoko'], ['達也', 'タツヤ', 'tatsuya'], ['明美', 'アケミ', 'akemi'],
];
const CITIES = [
  '東京都世田谷区', '東京都渋谷区', '東京都練馬区', '大阪府大阪市北区', '大阪府堺市堺区', '神奈川県横浜市港北区', '神奈川県川崎市中原区', '愛知県名古屋市中区',
  '福岡県福岡市博多区', '北海道札幌市中央区', '京都府京都市左京区', '兵庫県神戸市中央区', '埼玉県さいたま市浦和区', '千葉県千葉市美浜区', '宮城県仙台市青葉区', '広島県広島市中区',
];
const TOWNS = ['本町', '中央', '緑町', '旭町', '栄町', '桜木町', '若葉', '東町', '西原', '南台'];
const BUILDINGS = ['グリーンハイツ', 'メゾン桜', 'サンパレス', 'コーポ若葉', 'パークマンション'];
const MATERIALS = ['桐', '天然木', '本革', '無垢材', 'オーク', 'ウォールナット', '竹', '籐', '檜', 'スチール'];
const ITEMS = ['たんす', '座卓', 'ソファ', 'ダイニングチェア', 'ダイニングテーブル', 'ベッドフレーム', '本棚', 'テレビボード', '座椅子', '収納ボックス', 'デスク', '食器棚'];
const VARIANTS = ['80cm', '120cm', '150cm', 'シングル', 'ダブル', '3段', '5段', '2人掛け', '3人掛け', 'ナチュラル', 'ブラウン'];
const FOODS = ['静岡茶 詰め合わせ', '羊羹 詰め合わせ', 'はちみつ ギフト', '和菓子 詰め合わせ', '焼き菓子 セット'];
const MAKER_PLACES = ['大川', '飛騨', '府中', '静岡', '旭川', '徳島', '広島', '岐阜', '新潟', '秋田'];
const MAKER_TRADES = ['木工', '家具製作所', '工芸', '産業', '製作所'];
const SHOPS = [
  ['シード家具 楽天市場店', 'platform_1'], ['シード家具 Yahoo!店', 'platform_2'], ['シード家具 本店', 'platform_1'],
  ['シードインテリア Amazon店', 'platform_2'], ['シード和家具 au PAY店', 'platform_1'],
];
const DELIVERY_COMPANIES = ['SEED ヤマト運輸', 'SEED 佐川急便', 'SEED 日本郵便', 'SEED 西濃運輸', 'SEED 福山通運'];
const REFUSALS = ['欠品のため', '生産終了のため', '納期に間に合わないため'];

async function connect(pg) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if (error.code === 'ECONNREFUSED') {
      const { host } = new URL(databaseUrl);
      throw new Error(`no PostgreSQL answers at ${host}: set DATABASE_URL, or run npm start (its database is used when it runs)`);
    }
    // A database that does not exist yet is made, on the same server (as `npm start` does for its own).
    if (error.code !== '3D000') throw error;
    const url = new URL(databaseUrl);
    const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${url.pathname.slice(1)}"`);
    await admin.end();
    return connect(pg);
  }
}

/**
 * Builds the libraries this script uses (the domain, the migrations, infra; incremental) and applies
 * the pending migrations as `npm run migrate` does. Only the libraries: the seed does not need the
 * API to compile.
 */
async function buildAndMigrate() {
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(ROOT, 'libs/infra')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building libs/infra failed');
  const dataSource = require(join(ROOT, 'libs/infra/dist/index.js')).createDataSource(databaseUrl, 1);
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length) say(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
  } finally {
    await dataSource.destroy();
  }
}

/** Shops, makers, products, customers and delivery companies: added once, recognisable by SEED-. */
async function seedReferenceData(db) {
  await db.query(
    `INSERT INTO shops (code, name, type, ec_shop_id, edi_stop_amount, order_reminder_days, order_reminder_hour, ship_reminder_days, ship_reminder_hour)
     SELECT 'SEED-SHOP-' || i, s.name, s.type, (380000 + i)::text, 10, 2, 9, 1, 9
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(name, type, i)
      WHERE NOT EXISTS (SELECT 1 FROM shops WHERE lower(code) = lower('SEED-SHOP-' || i) AND deleted_at IS NULL)`,
    [SHOPS.map((s) => s[0]), SHOPS.map((s) => s[1])],
  );
  // Every fifth maker takes orders by fax, the rest by e-mail.
  await db.query(`
    INSERT INTO makers (code, name, order_method, email, fax, phone, address)
    SELECT 'SEED-MAKER-' || lpad(i::text, 2, '0'),
           '株式会社' || ${text(MAKER_PLACES)}[1 + (i - 1) % 10] || ${text(MAKER_TRADES)}[1 + (i - 1) / 10 % 5],
           CASE WHEN i % 5 = 0 THEN 'fax' ELSE 'email' END,
           'orders' || i || '@seed-maker.example.com',
           CASE WHEN i % 5 = 0 THEN '0944-55-' || lpad(i::text, 4, '0') END,
           '0944-54-' || lpad(i::text, 4, '0'),
           '福岡県大川市' || i || '番地'
      FROM generate_series(1, ${SEED.makers}) i
    ON CONFLICT (lower(code)) DO NOTHING`);
  // One product in twenty is food at the reduced 8% rate, so orders carry both tax rates.
  await db.query(`
    WITH m AS (SELECT row_number() OVER (ORDER BY id) AS n, id FROM makers WHERE code LIKE 'SEED-MAKER-%'),
         s AS (SELECT row_number() OVER (ORDER BY id) AS n, id FROM shops WHERE code LIKE 'SEED-SHOP-%' AND deleted_at IS NULL),
         p AS MATERIALIZED (
           SELECT i, i % 20 = 0 AS food, CASE WHEN i % 20 = 0 THEN 8 ELSE 10 END AS rate,
                  CASE WHEN i % 20 = 0 THEN 1500 + 100 * floor(random() * 60)
                       ELSE 100 * round(exp(ln(30) + random() * ln(40))) END::int AS price,
                  random() AS r1, random() AS r2, random() AS r3
             FROM generate_series(1, ${SEED.products}) i)
    INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, wholesale_price,
                          shipping_type, state, estimate_ship_date)
    SELECT 'SEED-P-' || lpad(p.i::text, 5, '0'), s.id, m.id,
           CASE WHEN food THEN ${oneOf(FOODS, 'r1')}
                ELSE ${oneOf(MATERIALS, 'r1')} || ' ' || ${oneOf(ITEMS, 'r2')} || ' ' || ${oneOf(VARIANTS, 'r3')} END,
           price, rate, price * rate / 100, price + price * rate / 100, round(price * 0.6),
           'order_delivery', 'available', '受注後2週間'
      FROM p JOIN m ON m.n = 1 + (p.i - 1) % ${SEED.makers} JOIN s ON s.n = 1 + (p.i - 1) % ${SEED.shops}
    ON CONFLICT (product_code) DO NOTHING`);
  // One customer in ten is a business (monthly invoice needs one); each is its own same-person group.
  await db.query(`
    WITH c AS MATERIALIZED (
      SELECT g, nextval(pg_get_serial_sequence('customers', 'id')) AS id,
             floor(random() * ${SURNAMES.length})::int + 1 AS sur, floor(random() * ${GIVEN_NAMES.length})::int + 1 AS given,
             random() AS r_phone, random() AS r_city, random() AS r_town, random() AS r_company, random() AS r_bld,
             lpad(floor(random() * 10000)::text, 4, '0') || '-' || lpad(floor(random() * 10000)::text, 4, '0') AS digits
        FROM generate_series(1, ${SEED.customers}) g
       WHERE NOT EXISTS (SELECT 1 FROM customers WHERE core_system_customer_id = 'SEED-C-' || lpad(g::text, 6, '0'))
    ), named AS (
      SELECT c.*,
             CASE WHEN r_phone < 0.7 THEN ${oneOf(['090', '080', '070'], 'r_phone / 0.7')} ELSE ${oneOf(['03', '06'], '(r_phone - 0.7) / 0.3')} END || '-' || digits AS phone
        FROM c)
    INSERT INTO customers (id, same_person_id, name, name_kana, zip, address, phone, phone_normalized, email, email_normalized,
                           core_system_customer_id, shop_id, company_name)
    SELECT id, id,
           ${text(SURNAMES.map((s) => s[0]))}[sur] || ' ' || ${text(GIVEN_NAMES.map((s) => s[0]))}[given],
           ${text(SURNAMES.map((s) => s[1]))}[sur] || ' ' || ${text(GIVEN_NAMES.map((s) => s[1]))}[given],
           lpad((g * 13 % 1000)::text, 3, '0') || '-' || lpad((g * 17 % 10000)::text, 4, '0'),
           ${oneOf(CITIES, 'r_city')} || ${oneOf(TOWNS, 'r_town')} || (1 + g % 5) || '丁目' || (1 + g % 30) || '-' || (1 + g % 12)
             || CASE WHEN r_bld < 0.4 THEN ' ' || ${oneOf(BUILDINGS, 'r_bld / 0.4')} || (101 + g % 5 * 100 + g % 4) ELSE '' END,
           phone, replace(phone, '-', ''),
           ${text(GIVEN_NAMES.map((s) => s[2]))}[given] || '.' || ${text(SURNAMES.map((s) => s[2]))}[sur] || g || '@example.jp',
           ${text(GIVEN_NAMES.map((s) => s[2]))}[given] || '.' || ${text(SURNAMES.map((s) => s[2]))}[sur] || g || '@example.jp',
           'SEED-C-' || lpad(g::text, 6, '0'),
           (SELECT min(id) FROM shops WHERE code LIKE 'SEED-SHOP-%' AND deleted_at IS NULL),
           CASE WHEN r_company < 0.1 THEN '株式会社' || ${text(SURNAMES.map((s) => s[0]))}[sur] || ${oneOf(['商事', '建設', '工務店', '設計事務所', '不動産'], 'r_company * 10')} END
      FROM named`);
  await db.query(
    `INSERT INTO delivery_companies (name)
     SELECT company FROM unnest($1::text[]) AS n(company)
      WHERE NOT EXISTS (SELECT 1 FROM delivery_companies d WHERE lower(d.name) = lower(n.company) AND d.deleted_at IS NULL)`,
    [DELIVERY_COMPANIES],
  );
}

/** Session tables of the seeded reference rows, numbered 1…n so random picks are joins. */
async function referenceTables(db) {
  await db.query(`
    CREATE TEMP TABLE ref_shops AS SELECT row_number() OVER (ORDER BY id)::int AS n, id, ec_shop_id FROM shops WHERE code LIKE 'SEED-SHOP-%' AND deleted_at IS NULL;
    CREATE TEMP TABLE ref_companies AS SELECT row_number() OVER (ORDER BY id)::int AS n, id FROM delivery_companies WHERE name LIKE 'SEED %' AND deleted_at IS NULL;
    CREATE TEMP TABLE ref_customers AS
      SELECT row_number() OVER (ORDER BY id)::int AS n, id, name, name_kana, phone, email, zip, address, company_name
        FROM customers WHERE core_system_customer_id LIKE 'SEED-C-%';
    CREATE TEMP TABLE ref_products AS
      SELECT row_number() OVER (ORDER BY id)::int AS n, id, maker_id, product_code, product_name, price_with_tax, tax_percentage, tax, wholesale_price,
             row_number() OVER (PARTITION BY maker_id ORDER BY id)::int AS k, count(*) OVER (PARTITION BY maker_id)::int AS per_maker
        FROM products WHERE product_code LIKE 'SEED-P-%';
    CREATE UNIQUE INDEX ON ref_customers (n);
    CREATE UNIQUE INDEX ON ref_products (n);
    CREATE UNIQUE INDEX ON ref_products (maker_id, k);
    ANALYZE ref_shops, ref_companies, ref_customers, ref_products;`);
  const { rows } = await db.query(`
    SELECT (SELECT count(*) FROM ref_shops)::int AS shops, (SELECT count(*) FROM ref_customers)::int AS customers,
           (SELECT count(*) FROM ref_products)::int AS products, (SELECT count(*) FROM ref_companies)::int AS companies`);
  return rows[0];
}

/**
 * The list's summary-status order, read off the domain's summaryStatus (the least advanced live
 * line wins, cancelled and refunded last) so the SQL below cannot drift from it.
 */
function progressOrder(domain) {
  return [...domain.LINE_STATUSES].sort((a, b) => (a === b ? 0 : domain.summaryStatus([a, b]) === a ? -1 : 1));
}

/**
 * One batch of orders (ordinal numbers `from`…`to` of `total`): staged in temporary tables, then
 * written with one INSERT per table. Ordinals map to dates in order, so ids follow order dates as in
 * real life; the density grows linearly towards today (the business grew).
 */
async function seedBatch(db, { from, to, total, refs, domain, searchText }) {
  const S = domain.LINE_STATUS;
  // The first shops sell most.
  const shopWeights = [0.35, 0.25, 0.2, 0.12, 0.08].slice(0, refs.shops);
  const shopPick = pick('r_shop', shopWeights.map((w, i) => [i + 1, w / shopWeights.reduce((a, b) => a + b, 0)]));
  const fee = (fn, column) => `(CASE ${column} ${[0, 1, 2, 3, 4, 5].map((id) => `WHEN ${id} THEN ${fn(id)}`).join(' ')} ELSE 0 END)`;
  // Line status by the order's age (days): new orders wait for payment or makers, old ones are done.
  const stageByAge = `CASE
      WHEN age <= 2 THEN ${pick('r_stage', [[S.unpaid, 0.35], [S.paid, 0.25], [S.ordered, 0.25], [S.orderReceived, 0.15]])}
      WHEN age <= 7 THEN ${pick('r_stage', [[S.unpaid, 0.1], [S.paid, 0.1], [S.ordered, 0.2], [S.orderReceived, 0.35], [S.shipped, 0.25]])}
      WHEN age <= 21 THEN ${pick('r_stage', [[S.unpaid, 0.02], [S.paid, 0.02], [S.ordered, 0.06], [S.orderReceived, 0.25], [S.shipped, 0.5], [S.delivered, 0.15]])}
      WHEN age <= 60 THEN ${pick('r_stage', [[S.orderReceived, 0.05], [S.shipped, 0.35], [S.delivered, 0.6]])}
      ELSE ${pick('r_stage', [[S.unpaid, 0.005], [S.ordered, 0.005], [S.orderReceived, 0.005], [S.shipped, 0.06], [S.delivered, 0.925]])} END`;

  await db.query('BEGIN');
  await db.query(`
    CREATE TEMP TABLE b_orders ON COMMIT DROP AS
    WITH r AS MATERIALIZED (
      SELECT j, floor(${DAYS} * (1 - sqrt((j - 1 + random()) / ${total})))::int AS age,
             random() AS r_shop, power(random(), 1.3) AS r_cust, random() AS r_deliv, random() AS r_guest, random() AS r_pm, random() AS r_pm5,
             random() AS r_lines, random() AS r_outcome, random() AS r_stage, random() AS r_reached, random() AS r_fee, random() AS r_ec,
             random() AS r_time, random() AS r_pref, random() AS r_memo, random() AS r_err, random() AS r_product
        FROM generate_series(${from}, ${to}) j
    ), o AS (
      SELECT r.*, current_date - r.age AS order_date, s.id AS shop_id, s.ec_shop_id, r_guest < 0.3 AS guest,
             c.id AS customer_ref, c.name AS buyer_name, c.name_kana AS buyer_kana, c.phone AS buyer_tel, c.zip AS buyer_zip,
             c.address AS buyer_address, c.email AS buyer_email, c.company_name,
             d.name AS delivery_name, d.name_kana AS delivery_kana, d.phone AS delivery_tel, d.zip AS delivery_zip, d.address AS delivery_address,
             ${pick('r_lines', [[1, 0.55], [2, 0.25], [3, 0.12], [4, 0.08]])} AS n_lines,
             1 + floor(r_product * ${refs.products})::int AS first_product,
             -- Cancelled, refunded, returned and re-ordered orders; returns only once delivered.
             CASE WHEN age < 15 AND r_outcome >= 0.035 THEN 0
                  ELSE ${pick('r_outcome', [[S.cancel, 0.025], [S.refunded, 0.01], [S.returned, 0.003], [S.reordered, 0.001], [S.reorderReceived, 0.001], [S.reshipped, 0.002], [0, 0.958]])} END AS outcome
        FROM r
        JOIN ref_shops s ON s.n = ${shopPick}
        JOIN ref_customers c ON c.n = 1 + floor(r_cust * ${refs.customers})::int
        -- One order in seven is a gift, delivered to someone else.
        JOIN ref_customers d ON d.n = CASE WHEN r_deliv < 0.15 THEN 1 + floor(r_deliv / 0.15 * ${refs.customers})::int ELSE c.n END
    ), paid AS (
      SELECT o.*, ${stageByAge} AS stage_by_age,
             -- Monthly invoice is for business customers; half of them use it.
             CASE WHEN company_name IS NOT NULL AND NOT guest AND r_pm5 < 0.5 THEN 5
                  ELSE ${pick('r_pm', [[1, 0.55], [2, 0.2], [3, 0.1], [4, 0.12], [0, 0.03]])} END AS payment
        FROM o
    ), staged AS (
      -- Payment not required and postpaid orders go to makers unpaid: they are never 'paid'.
      SELECT paid.*, CASE WHEN stage_by_age = ${S.paid} AND payment IN (0, 4, 5) THEN ${S.unpaid} ELSE stage_by_age END AS stage
        FROM paid
    ), numbered AS MATERIALIZED (
      SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id, nextval('order_no_seq') AS order_seq, staged.* FROM staged ORDER BY j
    )
    SELECT numbered.*,
           to_char(order_date, 'YYYYMMDD') || '-' || lpad(order_seq::text, greatest(7, length(order_seq::text)), '0') AS order_no,
           -- How far the order got before it was cancelled, refunded or returned (which dates its makers have).
           CASE WHEN outcome = ${S.cancel} THEN ${pick('r_reached', [[1, 0.5], [2, 0.2], [3, 0.2], [4, 0.1]])}
                WHEN outcome = ${S.refunded} THEN ${pick('r_reached', [[2, 0.5], [3, 0.3], [4, 0.2]])}
                WHEN outcome <> 0 THEN ${S.shipped}
                ELSE stage END AS reached,
           CASE WHEN guest THEN NULL ELSE customer_ref END AS customer_id,
           CASE WHEN r_ec < 0.85 THEN ec_shop_id || '-' || to_char(order_date, 'YYYYMMDD') || '-' || lpad(id::text, 8, '0') END AS ec_order_id,
           ${pick('r_fee', [[0, 0.85], [1100, 0.1], [2200, 0.05]])} AS shipping_fee,
           CASE WHEN r_pref < 0.2 THEN to_char(order_date + 7 + floor(r_pref * 70)::int, 'YYYY/MM/DD') END AS preferred_date,
           /* A transport time slot (1–4, libs/domain preferred-period) on 30%, else none (0). */
           CASE WHEN r_pref < 0.3 THEN 1 + floor(r_pref / 0.3 * 4)::int ELSE 0 END AS preferred_period,
           CASE WHEN r_memo < 0.05 THEN ${oneOf(['のし希望（御祝）', '組立サービス希望', '不在時は宅配ボックスへ', '領収書希望'], 'r_memo / 0.05')} END AS memo,
           least((order_date + make_interval(secs => r_time * 86400))::timestamp AT TIME ZONE 'Asia/Tokyo', now()) AS created_at
      FROM numbered
     ORDER BY id`);

  // Lines: the first product at random, the next ones half the time from the same maker (a set).
  await db.query(`
    CREATE TEMP TABLE b_lines ON COMMIT DROP AS
    WITH l AS MATERIALIZED (
      SELECT o.id AS order_id, o.first_product, o.outcome, o.n_lines, k, random() AS r_same, random() AS r_prod, random() AS r_amount, random() AS r_cancel
        FROM b_orders o, generate_series(1, o.n_lines) k
    ), chosen AS (
      SELECT l.*, CASE WHEN l.k = 1 THEN f.n WHEN l.r_same < 0.5 THEN same.n ELSE 1 + floor(l.r_prod * ${refs.products})::int END AS product_n
        FROM l JOIN ref_products f ON f.n = l.first_product
        JOIN ref_products same ON same.maker_id = f.maker_id AND same.k = 1 + floor(l.r_prod * f.per_maker)::int
    )
    SELECT nextval(pg_get_serial_sequence('order_lines', 'id')) AS id, c.order_id, c.k, p.id AS product_id, p.maker_id, p.product_code, p.product_name,
           p.price_with_tax, p.tax_percentage, p.tax, p.wholesale_price,
           ${pick('r_amount', [[1, 0.8], [2, 0.12], [3, 0.05], [4, 0.03]])} AS amount,
           -- Now and then one line of a live order is cancelled on its own.
           (c.outcome = 0 AND c.n_lines > 1 AND r_cancel < 0.03) AS cancelled_alone,
           0::smallint AS status
      FROM chosen c JOIN ref_products p ON p.n = c.product_n
     ORDER BY c.order_id, c.k`);
  await db.query(`ANALYZE b_orders, b_lines`); // temporary tables have no statistics until asked: the joins below need them

  // Maker parts: one per maker of an order; in multi-maker orders a maker may be a step behind.
  // Their dates and delivery info are those the steps up to their status would have written.
  await db.query(`
    CREATE TEMP TABLE b_parts ON COMMIT DROP AS
    WITH p AS (SELECT DISTINCT order_id, maker_id FROM b_lines),
    r AS MATERIALIZED (
      SELECT p.*, o.order_date, o.payment, o.stage, o.outcome, o.reached, o.created_at,
             count(*) OVER (PARTITION BY p.order_id) AS makers,
             random() AS r_lag, random() AS r1, random() AS r2, random() AS r3, random() AS r_conf, random() AS r_info, random() AS r_company, random() AS r_track
        FROM p JOIN b_orders o ON o.id = p.order_id
    ), s AS (
      SELECT r.*,
             CASE WHEN outcome <> 0 THEN outcome
                  WHEN stage >= ${S.orderReceived} AND makers > 1 AND r_lag < 0.25 THEN stage - 1 ELSE stage END AS status,
             CASE WHEN outcome = 0 AND stage >= ${S.orderReceived} AND makers > 1 AND r_lag < 0.25 THEN stage - 1 ELSE reached END AS part_reached,
             -- A maker that refused (confirm status 3) keeps the lines ordered; staff then cancelled.
             (outcome = ${S.cancel} AND reached = ${S.ordered} AND r_conf < 0.4) AS refused,
             floor(r1 * CASE WHEN payment = 2 THEN 5 ELSE 2 END)::int AS lag_order,
             floor(r2 * 3)::int AS lag_receive
        FROM r
    ), i AS (
      SELECT s.*, part_reached >= ${S.shipped} OR (status = ${S.orderReceived} AND r_info < 0.1) AS ship_info,
             CASE WHEN refused THEN 3 WHEN part_reached >= ${S.orderReceived} THEN CASE WHEN status = ${S.orderReceived} AND r_conf < 0.07 THEN 2 ELSE 1 END END AS confirm_status
        FROM s
    )
    SELECT order_id, maker_id, status::smallint, ship_info, refused, confirm_status, created_at,
           CASE WHEN refused THEN ${oneOf(REFUSALS, 'r3')} END AS refusal_reason,
           CASE WHEN part_reached >= ${S.ordered} THEN least(order_date + lag_order, current_date) END AS maker_order_date,
           -- A refusal receives nothing: no receive date.
           CASE WHEN part_reached >= ${S.orderReceived} AND NOT refused THEN least(order_date + lag_order + lag_receive, current_date) END AS maker_receive_date,
           CASE WHEN confirm_status = 1 THEN order_date + lag_order + lag_receive + 3 + floor(r3 * 18)::int END AS estimated_ship_date,
           CASE WHEN ship_info THEN least(order_date + lag_order + lag_receive + 1 + floor(r3 * 14)::int, current_date) END AS ship_date,
           CASE WHEN ship_info THEN dc.id END AS delivery_company_id,
           CASE WHEN ship_info THEN lpad(floor(r_track * 1e12)::bigint::text, 12, '0') END AS tracking_code
      FROM i JOIN ref_companies dc ON dc.n = 1 + floor(r_company * ${refs.companies})::int`);
  await db.query(`ANALYZE b_parts`);

  await db.query(`
    UPDATE b_lines l SET status = CASE WHEN l.cancelled_alone THEN ${S.cancel} ELSE p.status END
      FROM b_parts p WHERE p.order_id = l.order_id AND p.maker_id = l.maker_id`);

  // Order errors: the makers' refusals, and now and then an EDI stop, a sheet that could not be
  // sent or (deferred payment) the limit exceeded.
  const catalogue = domain.ERROR_CATALOGUE;
  await db.query(
    `CREATE TEMP TABLE b_errors ON COMMIT DROP AS
     SELECT order_id, maker_id, 'NAL_ORD-125' AS code, $1::text AS message, created_at + interval '2 days' AS created_at FROM b_parts WHERE refused
     UNION ALL
     SELECT o.id, CASE WHEN code = 'NAL_ORD-124' THEN p.maker_id END, code,
            CASE code WHEN 'NAL_ORD-120' THEN $2 WHEN 'NAL_ORD-123' THEN $3 ELSE $4 END, o.created_at + interval '10 minutes'
       FROM b_orders o JOIN ref_products p ON p.n = o.first_product,
            LATERAL (SELECT CASE WHEN o.payment = 4 AND o.r_err < 0.005 THEN 'NAL_ORD-120' WHEN o.r_err < 0.01 THEN 'NAL_ORD-123' ELSE 'NAL_ORD-124' END AS code) c
      WHERE o.r_err < 0.015`,
    [catalogue['NAL_ORD-125'].message, catalogue['NAL_ORD-120'].message, catalogue['NAL_ORD-123'].message, catalogue['NAL_ORD-124'].message],
  );

  // The list columns, as OrderRepository.refreshDerived and the domain compute them: totals over
  // the lines that count (not cancelled or refunded), tax once per rate rounded down (taxIncluded).
  const progress = `ARRAY[${progressOrder(domain).join(',')}]::smallint[]`;
  const closed = `ARRAY[${domain.CLOSED_STATUSES.join(',')}]::smallint[]`;
  await db.query(`
    CREATE TEMP TABLE b_totals ON COMMIT DROP AS
    WITH by_rate AS (
      SELECT order_id, tax_percentage AS rate,
             (sum(price_with_tax::bigint * amount) FILTER (WHERE status <> ALL (${closed})))::bigint AS amount_with_tax
        FROM b_lines GROUP BY order_id, tax_percentage
    ), money AS (
      SELECT order_id, coalesce(sum(amount_with_tax), 0)::int AS products_total, coalesce(sum(amount_with_tax * rate / (100 + rate)), 0)::int AS tax_total
        FROM by_rate GROUP BY order_id
    ), lines AS (
      SELECT order_id, array_agg(DISTINCT status ORDER BY status) AS line_statuses, array_agg(DISTINCT maker_id ORDER BY maker_id) AS maker_ids,
             (${progress})[min(array_position(${progress}, status))] AS status
        FROM b_lines GROUP BY order_id
    ), live_parts AS (
      SELECT order_id, maker_id FROM b_lines WHERE status <> ALL (${closed}) GROUP BY order_id, maker_id
    ), delivery AS (
      -- Delivery info is asked of the makers that still have a live line.
      SELECT p.order_id, bool_and(p.ship_info) AS has_delivery_info FROM b_parts p JOIN live_parts USING (order_id, maker_id) GROUP BY p.order_id
    ), errors AS (
      SELECT order_id, count(*)::int AS error_count FROM b_errors GROUP BY order_id
    )
    SELECT lines.*, money.products_total, money.tax_total, coalesce(delivery.has_delivery_info, false) AS has_delivery_info,
           coalesce(errors.error_count, 0) AS error_count
      FROM lines JOIN money USING (order_id) LEFT JOIN delivery USING (order_id) LEFT JOIN errors USING (order_id)`);

  await db.query(`INSERT INTO order_numbers (order_no) SELECT order_no FROM b_orders`);
  // Deferred payment is capped (55,000 yen with its fee): a bigger order paid by card instead.
  await db.query(`
    INSERT INTO orders (id, order_no, origin, ec_order_id, shop_id, customer_id, payment_method_id, order_date, preferred_date, preferred_period,
                        buyer_name, buyer_kana, buyer_tel, buyer_zip, buyer_address, buyer_email,
                        delivery_name, delivery_kana, delivery_tel, delivery_zip, delivery_address, memo, send_mail_flag, sent_to_origin_flag,
                        settlement_fee, shipping_fee, refund_fee, products_total, tax_total, total,
                        status, line_statuses, maker_ids, has_delivery_info, error_count, search_text, created_at, updated_at, version)
    SELECT o.id, o.order_no, $1, o.ec_order_id, o.shop_id, o.customer_id, o.payment_method_id, o.order_date, o.preferred_date, o.preferred_period,
           o.buyer_name, o.buyer_kana, o.buyer_tel, o.buyer_zip, o.buyer_address, o.buyer_email,
           o.delivery_name, o.delivery_kana, o.delivery_tel, o.delivery_zip, o.delivery_address, o.memo, 1, (o.stage >= ${S.shipped})::int,
           o.settlement_fee, o.shipping_fee, o.refund_fee, o.products_total, o.tax_total,
           greatest(0, o.products_total + o.settlement_fee + o.shipping_fee - o.refund_fee),
           o.status, o.line_statuses, o.maker_ids, o.has_delivery_info, o.error_count, ${searchText('o')},
           o.created_at, least(now(), o.created_at + make_interval(days => least(o.age, 20))), o.reached
      FROM (SELECT f.*, ${fee(domain.settlementFeeFor, 'f.payment_method_id')} AS settlement_fee,
                   CASE WHEN f.status = ${S.refunded} THEN ${fee(domain.refundFeeFor, 'f.payment_method_id')} ELSE 0 END AS refund_fee
              FROM (SELECT b.*, t.products_total, t.tax_total, t.status, t.line_statuses, t.maker_ids, t.has_delivery_info, t.error_count,
                           CASE WHEN b.payment = 4 AND t.products_total + ${domain.DEFERRED_PAYMENT_FEE} + b.shipping_fee > ${domain.DEFERRED_PAYMENT_CAP} THEN 1
                                ELSE b.payment END AS payment_method_id
                      FROM b_orders b JOIN b_totals t ON t.order_id = b.id) f) o
     ORDER BY o.id`,
    [domain.ORDER_ORIGIN],
  );
  await db.query(`
    INSERT INTO order_lines (id, order_id, maker_id, product_id, product_code, product_name, amount, wholesale_price, price_with_tax, tax_percentage, tax, status, first_ordered_at)
    SELECT l.id, l.order_id, l.maker_id, l.product_id, l.product_code, l.product_name, l.amount, l.wholesale_price, l.price_with_tax, l.tax_percentage, l.tax, l.status,
           -- Ordered from the maker when its part was (the maker sees the line from then on).
           p.maker_order_date::timestamptz
      FROM b_lines l JOIN b_parts p ON p.order_id = l.order_id AND p.maker_id = l.maker_id ORDER BY l.id`);
  await db.query(`
    INSERT INTO order_makers (order_id, maker_id, confirm_status, refusal_reason, maker_order_date, maker_receive_date, estimated_ship_date, ship_date,
                              delivery_company_id, tracking_code)
    SELECT order_id, maker_id, confirm_status, refusal_reason, maker_order_date, maker_receive_date, estimated_ship_date, ship_date,
           delivery_company_id, tracking_code FROM b_parts ORDER BY order_id, maker_id`);
  await db.query(`INSERT INTO order_errors (order_id, maker_id, code, message, created_at) SELECT order_id, maker_id, code, message, created_at FROM b_errors ORDER BY order_id`);
  await db.query('COMMIT');
}

/** Deletes the seeded orders (those of the SEED- shops) with their lines, parts, history, errors and numbers. */
async function deleteSeededOrders(db) {
  const { rows: [{ others }] } = await db.query(
    `SELECT EXISTS (SELECT 1 FROM orders WHERE shop_id NOT IN (SELECT id FROM shops WHERE code LIKE 'SEED-SHOP-%')) AS others`,
  );
  if (!others) {
    // Nothing but seeded orders: emptying the tables is far quicker than a million cascaded deletes.
    await db.query(`TRUNCATE revenues, print_documents, deposit_payments, order_errors, order_status_history, order_makers, order_lines, orders, order_numbers`);
    return;
  }
  await db.query('BEGIN');
  await db.query(`CREATE TEMP TABLE gone ON COMMIT DROP AS SELECT id, order_no FROM orders WHERE shop_id IN (SELECT id FROM shops WHERE code LIKE 'SEED-SHOP-%')`);
  for (const table of ['revenues', 'print_documents', 'deposit_payments', 'order_errors', 'order_status_history', 'order_makers', 'order_lines']) {
    await db.query(`DELETE FROM ${table} t USING gone WHERE t.order_id = gone.id`);
  }
  await db.query(`DELETE FROM orders o USING gone WHERE o.id = gone.id`);
  await db.query(`DELETE FROM order_numbers n USING gone WHERE n.order_no = gone.order_no AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.order_no = n.order_no)`);
  await db.query('COMMIT');
}

/**
 * Checks a sample of seeded orders against the code that keeps them in the application: the
 * repository's refreshDerived (run in a transaction that is rolled back) must change nothing.
 */
async function checkSample(db, OrderRepository, size = 300) {
  // The repository only calls manager.query(sql, params); a pg client answers it the same way.
  const manager = { query: async (sql, params) => (await db.query(sql, params)).rows };
  const columns = `id, status, products_total, tax_total, total, has_delivery_info, line_statuses, maker_ids, error_count, search_text`;
  const { rows: sample } = await db.query(`SELECT ${columns} FROM orders WHERE shop_id IN (SELECT id FROM ref_shops) ORDER BY random() LIMIT ${size}`);
  const repository = new OrderRepository();
  await db.query('BEGIN');
  const differences = [];
  try {
    for (const before of sample) {
      await repository.refreshDerived(manager, String(before.id));
      const { rows: [after] } = await db.query(`SELECT ${columns} FROM orders WHERE id = $1`, [before.id]);
      for (const key of Object.keys(before)) {
        if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) differences.push(`order ${before.id} ${key}: seeded ${JSON.stringify(before[key])}, refreshDerived ${JSON.stringify(after[key])}`);
      }
    }
  } finally {
    await db.query('ROLLBACK');
  }
  if (differences.length) throw new Error(`seeded orders differ from OrderRepository.refreshDerived:\n  ${differences.slice(0, 20).join('\n  ')}`);
  return sample.length;
}

/**
 * The list pages through index-only scans, which skip the table only on pages the visibility map
 * marks all-visible. A VACUUM cannot mark the newest rows while another transaction (autovacuum's
 * own ANALYZE of the growing table, say) still might not see them: vacuum again until it can.
 */
async function markAllVisible(db) {
  const visible = async () => (await db.query(`SELECT relallvisible::float / greatest(relpages, 1) AS ratio FROM pg_class WHERE relname = 'orders'`)).rows[0].ratio;
  for (let attempt = 0; attempt < 10 && (await visible()) < 0.99; attempt++) {
    await new Promise((r) => setTimeout(r, 3000));
    await db.query(`VACUUM orders`);
  }
}

async function main() {
  ensureDependencies();
  const db = await connect(require('pg')); // first: it makes the database when missing
  try {
    await buildAndMigrate();
    // The built libraries: the domain's rules and the repository's keyword text, so the SQL matches them.
    const domain = require(join(ROOT, 'libs/domain/dist/index.js'));
    const { OrderRepository, ORDER_SEARCH_TEXT } = require(join(ROOT, 'libs/infra/dist/orders/order.repository.js'));
    // Dates are Japan dates; the batches are rebuilt on failure, so commits need not wait for the disk.
    await db.query(`SET TIME ZONE 'Asia/Tokyo'; SET synchronous_commit = off; SET temp_buffers = '256MB'; SET work_mem = '64MB'; SET maintenance_work_mem = '512MB'`);
    if (options.reset) {
      await deleteSeededOrders(db);
      say('deleted the seeded orders');
      if (options.orders === undefined) return;
    }
    await seedReferenceData(db);
    const refs = await referenceTables(db);
    say(`reference data: ${refs.shops} shops, ${SEED.makers} makers, ${refs.products} products, ${refs.customers} customers, ${refs.companies} delivery companies (SEED-)`);

    const { rows: [{ seeded }] } = await db.query(`SELECT count(*)::int AS seeded FROM orders WHERE shop_id IN (SELECT id FROM ref_shops)`);
    if (seeded >= target) {
      say(`${seeded.toLocaleString('en')} seeded orders already: nothing to add`);
    } else {
      const adding = target - seeded;
      say(`adding ${adding.toLocaleString('en')} orders to the ${seeded.toLocaleString('en')} seeded ones…`);
      const ordersStarted = Date.now();
      for (let from = 1; from <= adding; from += BATCH) {
        const to = Math.min(adding, from + BATCH - 1);
        await seedBatch(db, { from, to, total: adding, refs, domain, searchText: ORDER_SEARCH_TEXT });
        say(`  ${to.toLocaleString('en')} / ${adding.toLocaleString('en')} orders`);
      }
      say(`orders written in ${seconds(ordersStarted)}`);
      // Before the VACUUM: the check's rolled-back updates leave dead rows for it to clear.
      say(`checked ${await checkSample(db, OrderRepository)} sampled orders against OrderRepository.refreshDerived: consistent`);
      const vacuumStarted = Date.now();
      await db.query(`VACUUM (ANALYZE) orders, order_lines, order_makers, order_errors, order_numbers, customers, products`);
      await markAllVisible(db);
      say(`VACUUM ANALYZE took ${seconds(vacuumStarted)}`);
    }
    const { rows: [stats] } = await db.query(`
      SELECT (SELECT count(*) FROM orders WHERE shop_id IN (SELECT id FROM ref_shops))::int AS orders,
             (SELECT count(*) FROM order_lines)::int AS lines, (SELECT count(*) FROM order_makers)::int AS parts,
             (SELECT count(*) FROM order_errors)::int AS errors, pg_size_pretty(pg_total_relation_size('orders')) AS orders_size`);
    say(`done in ${seconds()}: ${stats.orders.toLocaleString('en')} seeded orders (${stats.lines.toLocaleString('en')} lines, ${stats.parts.toLocaleString('en')} maker parts, ${stats.errors.toLocaleString('en')} errors in all; orders table with indexes ${stats.orders_size})`);
  } finally {
    await db.end();
  }
}

main().catch((error) => {
  console.error(`seed:orders failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

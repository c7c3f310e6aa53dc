import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21 item 2: an order's preferred delivery period becomes a code (SPEC.md §4 "Transport time
 * slots are 1 to 4", §9): 0 none, 1 14-16, 2 16-18, 3 18-20, 4 the late slot (20- or 19-21).
 *
 * The free text is read as libs/domain `readPreferredPeriod` reads it (order/preferred-period.ts),
 * repeated here in SQL: a migration must keep doing what it did, whatever the domain becomes, and
 * libs/infra/test/migrations.int-spec.ts checks both read the same texts alike. A text that names
 * no slot ("午前中") is not guessed at: the order gets 0 and the text is kept in its staff memo, as a
 * last line `希望時間帯: <text>`. The memo column is widened for that line (1000 + 58: a line break,
 * the 7-character prefix and a text of at most 50), so nothing overflows or is cut
 * (docs/decisions.md "Preferred periods as codes").
 *
 * No table rewrite: widening the memo and adding a column with a constant default change only the
 * catalogue, and the UPDATE reads each distinct text once and writes only the orders whose text names
 * a slot or goes to the memo (30% of the demo set). Rewriting the table (ALTER … TYPE … USING) would
 * rebuild its 22 indexes, the trigram index alone taking minutes on a million orders
 * (docs/benchmarks.md "Migrations"). The UPDATE leaves dead rows: autovacuum takes them, or
 * `VACUUM ANALYZE orders` after the release.
 */
export class PreferredPeriodCodes1763910000000 implements MigrationInterface {
  name = 'PreferredPeriodCodes1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ALTER COLUMN memo TYPE varchar(${MEMO_STORED})`);
    await q.query(`ALTER TABLE orders ADD COLUMN period_code smallint NOT NULL DEFAULT 0 CONSTRAINT orders_preferred_period_check CHECK (period_code BETWEEN 0 AND 4)`);
    await q.query(`
      UPDATE orders o
         SET period_code = coalesce(r.code, 0),
             memo = CASE WHEN r.code IS NULL THEN concat_ws(E'\\n', nullif(o.memo, ''), ${literal(MEMO_PREFIX)} || o.preferred_period) ELSE o.memo END
        FROM (SELECT text, ${periodCode('text')} AS code FROM (SELECT DISTINCT preferred_period AS text FROM orders WHERE preferred_period IS NOT NULL) texts) r
       WHERE o.preferred_period = r.text AND r.code IS DISTINCT FROM 0`);
    await q.query(`ALTER TABLE orders DROP COLUMN preferred_period`);
    await q.query(`ALTER TABLE orders RENAME COLUMN period_code TO preferred_period`);
    // The list filtered by a slot, in its default order: a slot is some 7% of orders, too sparse for the
    // date walk to find a deep page or the capped count quickly (2.3 s for page 500 without it). None
    // (0) is dense and walks the date index; leaving it out keeps this index at a third of the rows.
    await q.query(`CREATE INDEX orders_preferred_period_by_date ON orders (preferred_period, order_date DESC, id DESC) WHERE preferred_period <> 0`);
  }

  /**
   * Back to free text: each code as its label, and a memo's last line `希望時間帯: <text>` (the one
   * this migration wrote, if no edit has moved it) back into the field. The memo column stays 1058
   * wide: narrowing a varchar rewrites the table and rebuilds its indexes (minutes on a million
   * orders), and a memo whose line an edit moved would not fit; what may be given stays 1000 either way.
   */
  async down(q: QueryRunner): Promise<void> {
    const labels = Object.entries(LABELS)
      .map(([code, label]) => `WHEN ${code} THEN ${literal(label)}`)
      .join(' ');
    const movedLine = `(^|\\n)${MEMO_PREFIX}[^\\n]{1,50}$`;
    await q.query(`DROP INDEX orders_preferred_period_by_date`);
    await q.query(`ALTER TABLE orders ADD COLUMN period_text varchar(50)`);
    await q.query(`UPDATE orders SET period_text = CASE preferred_period ${labels} END WHERE preferred_period <> 0`);
    await q.query(`
      UPDATE orders
         SET period_text = substring(memo FROM ${literal(`${MEMO_PREFIX}([^\\n]{1,50})$`)}),
             memo = nullif(regexp_replace(memo, ${literal(movedLine)}, ''), '')
       WHERE preferred_period = 0 AND memo ~ ${literal(movedLine)}`);
    await q.query(`ALTER TABLE orders DROP COLUMN preferred_period`);
    await q.query(`ALTER TABLE orders RENAME COLUMN period_text TO preferred_period`);
  }
}

/** The line a legacy text takes in the memo. */
const MEMO_PREFIX = '希望時間帯: ';
/** A memo of 1000, a line break, the prefix and a legacy text of at most 50 (the old varchar(50)). */
const MEMO_STORED = 1000 + 1 + MEMO_PREFIX.length + 50;

/** The labels a code goes back to on `down` (libs/domain PREFERRED_PERIOD_LABELS_JA; 0 becomes no text). */
const LABELS: Record<number, string> = { 1: '14-16時', 2: '16-18時', 3: '18-20時', 4: '19-21時' };

// libs/domain PREFERRED_PERIOD_READING, as it stood: see readPreferredPeriod for the steps.
const TRANSLATE_FROM = '０１２３４５６７８９：－−‐‑‒–—―ー～〜~ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const TRANSLATE_TO = '0123456789:------------abcdefghijklmnopqrstuvwxyz';
const SPACES = '[ \\t\\r\\n\\u00a0\\u3000]';
const DROPPED = '時|:00';
const OPEN = 'から|以降|以後';
const READINGS: Record<string, number> = {
  '': 0,
  指定なし: 0,
  指定無し: 0,
  なし: 0,
  無し: 0,
  none: 0,
  '14-16': 1,
  '16-18': 2,
  '18-20': 3,
  '19-21': 4,
  '20-': 4,
};

/** A string literal for SQL (standard_conforming_strings: only quotes are doubled). */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** SQL: the code a stored text names, 0 for none (null or blank too), NULL when it names no slot. */
function periodCode(column: string): string {
  const normalized = `regexp_replace(regexp_replace(regexp_replace(translate(${column}, ${literal(TRANSLATE_FROM)}, ${literal(TRANSLATE_TO)}), ${literal(SPACES)}, '', 'g'), ${literal(DROPPED)}, '', 'g'), ${literal(OPEN)}, '-', 'g')`;
  const readings = Object.entries(READINGS)
    .map(([text, code]) => `WHEN ${literal(text)} THEN ${code}`)
    .join(' ');
  return `(CASE WHEN ${column} IS NULL THEN 0 ELSE CASE ${normalized} ${readings} END END)`;
}

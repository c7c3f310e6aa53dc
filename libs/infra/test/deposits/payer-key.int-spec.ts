import { payerNameKey } from '@oms/domain';
import { Client } from 'pg';
import { PAYER_NAME_PAIRS } from '../../../domain/src/deposits/payer-names.fixture';
import { payerKeyFunctionSql } from '../../src/deposits/payer-key-sql';
import { createTestDatabase } from '../support/test-database';

/** A small seeded generator (mulberry32): the same strings every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// What payer names and kana are made of, and what they should not be but sometimes are.
const PIECES = [
  ...'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｧｨｩｪｫｯｬｭｮﾞﾟｰ',
  ...'アイウエオカガキギクグシジタダツヅッャュョァィゥェォヮヵヶヰヱヴヷーヽヾ',
  ...'あいうえおかがしじっゃゅょゎゐゑゔゝゞ',
  ...'0123456789０１２３４５６７８９ABCxyzＡＢｃ',
  ...' 　.,・･-‐‑–—―−－/\'"&¥()（）「」｢｣゛゜\u3099\u309a\t',
  ...'株式会社有限㈱㈲㈳㍿営業所山田',
  'ｶ)',
  '(ｶ',
  '(ｶ)',
  'ﾕ)',
  '(ﾄﾞ)',
  '(ｼﾔ',
  'ｼﾕｳ)',
  '(ｴｲ',
  '(ｼﾕﾂ)',
  '(株)',
  'カブシキガイシャ',
  'ユウゲンカイシャ',
  'イッパンシャダンホウジン',
  '有限会社',
  '20261124-0000123',
  '😀',
];

function generatedNames(count: number): string[] {
  const random = seeded(13);
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() * 12);
    return Array.from({ length }, () => PIECES[Math.floor(random() * PIECES.length)]).join('');
  });
}

describe('deposit_payer_key as migrated: the payer-name key in SQL equals the domain key (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    // The function as the migrations made it (frozen in 1764010000000-deposits): a change of the
    // domain's steps fails here until a migration of its own replaces it and rebuilds its indexes.
    const [{ body }] = (await client.query(`SELECT prosrc AS body FROM pg_proc WHERE proname = 'deposit_payer_key'`)).rows;
    expect(payerKeyFunctionSql()).toContain(body.trim());
  });

  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  async function sqlKeys(names: string[]): Promise<string[]> {
    const { rows } = await client.query(`SELECT deposit_payer_key(n) AS key FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i`, [names]);
    return rows.map((r: { key: string }) => r.key);
  }

  it('gives every name of the fixture table the key payerNameKey gives it', async () => {
    const names = PAYER_NAME_PAIRS.flatMap((p) => [p.bank, p.customer]);
    const keys = await sqlKeys(names);
    expect(names.map((name, i) => [name, keys[i]])).toEqual(names.map((name) => [name, payerNameKey(name)]));
  });

  it('gives a thousand generated strings (kana of every width, symbols, digits, Latin, legal forms) the same key', async () => {
    const names = generatedNames(1000);
    const keys = await sqlKeys(names);
    const differing = names.map((name, i) => ({ name, sql: keys[i], js: payerNameKey(name) })).filter((d) => d.sql !== d.js);
    expect(differing).toEqual([]);
  });

  it('answers null for null (STRICT), and can back an expression index (IMMUTABLE)', async () => {
    expect((await client.query(`SELECT deposit_payer_key(NULL) AS key`)).rows[0].key).toBeNull();
    await client.query(`CREATE TEMP TABLE payers (name text)`);
    await client.query(`CREATE INDEX payers_key ON payers (deposit_payer_key(name))`);
    await client.query(`INSERT INTO payers VALUES ('ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'), ('ﾔﾏﾀﾞ ﾀﾛｳ')`);
    const { rows } = await client.query(`SELECT name FROM payers WHERE deposit_payer_key(name) = deposit_payer_key($1)`, ['カブシキガイシャ ヤマダショウジ']);
    expect(rows).toEqual([{ name: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' }]);
  });
});

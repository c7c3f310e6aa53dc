import { copyCsv, copyCsvSql, parseCsv, RecordEndings } from '@oms/infra';
import { DataSource } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';
import { createTestDatabase } from '../support/test-database';

describe('CSV export through COPY', () => {
  it('ends records in CRLF and leaves line breaks inside quoted cells, across chunk boundaries', () => {
    const endings = new RecordEndings();
    const pieces = ['a,"multi\nline', ' cell"\nb,"x""', '"\n', 'c,d\n'].map((p) => endings.crlf(Buffer.from(p)).toString());
    expect(pieces.join('')).toBe('a,"multi\nline cell"\r\nb,"x"""\r\nc,d\r\n');
  });

  it('inlines parameters as escaped literals, since COPY takes none', () => {
    const sql = copyCsvSql({ columns: [{ header: 'n', key: 'n', sql: 'x.n', text: true }], from: 'FROM t x WHERE x.n = $1', params: ["O'Reilly"] });
    expect(sql).toContain(`WHERE x.n = 'O''Reilly'`);
    expect(() => copyCsvSql({ columns: [], from: 'WHERE $2', params: ['a'] })).toThrow(/no parameter \$2/);
  });

  describe('against PostgreSQL', () => {
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let ds: DataSource;

    beforeAll(async () => {
      db = await createTestDatabase();
      // One connection: a connection left mid-COPY in the pool would make the next query fail.
      ds = createDataSource(db.url, 1);
      await ds.initialize();
    });

    afterAll(async () => {
      await ds?.destroy();
      await db?.drop();
    });

    const read = async (encoding?: 'utf-8' | 'shift_jis') => {
      const chunks: Buffer[] = [];
      const query = {
        columns: [
          { header: '名前', key: 'name', sql: 'v.name', text: true },
          { header: '数', key: 'n', sql: 'v.n' },
        ],
        from: `FROM (VALUES ('=1+1', -5), ('髙橋 〜様', 2), ('改行\nあり', 3), ('＝1＋1', 4)) AS v(name, n) WHERE v.n < $1 ORDER BY v.n`,
        params: [10],
      };
      for await (const chunk of copyCsv(ds, query, encoding)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };

    it('writes a BOM, the header and neutralised text cells (numbers stay numbers), and reads back', async () => {
      const bytes = await read();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8').slice(1)).toBe('名前,数\r\n\'=1+1,-5\r\n髙橋 〜様,2\r\n"改行\nあり",3\r\n\'＝1＋1,4\r\n');
      const parsed = parseCsv(bytes, { columns: [{ header: '名前', key: 'name' }, { header: '数', key: 'n' }] as const });
      expect(parsed.rows.map((r) => r.values)).toEqual([
        { name: "'=1+1", n: '-5' },
        { name: '髙橋 〜様', n: '2' },
        { name: '改行\nあり', n: '3' },
        { name: "'＝1＋1", n: '4' },
      ]);
    });

    it('writes Shift_JIS as CP932 with the JIS-only characters mapped to their twins', async () => {
      const parsed = parseCsv(await read('shift_jis'), { columns: [{ header: '名前', key: 'name' }, { header: '数', key: 'n' }] as const });
      expect(parsed.encoding).toBe('shift_jis');
      expect(parsed.rows[1].values.name).toBe('髙橋 ～様');
    });

    it('gives the connection back after a reader that stops early', async () => {
      const stream = copyCsv(ds, { columns: [{ header: 'n', key: 'n', sql: 'g' }], from: 'FROM generate_series(1, 2000000) g', params: [] });
      for await (const chunk of stream) {
        expect(chunk).toBeDefined();
        break;
      }
      // The pool still answers (the half-read COPY's connection was discarded, not reused mid-stream).
      expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    });
  });
});

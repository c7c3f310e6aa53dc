import { DataSource } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';
import { ImportedFileRepository } from '../../src/uploads/imported-file.repository';
import { createTestDatabase } from '../support/test-database';

/** The record of imported files every upload area shares (real PostgreSQL). */
describe('imported files', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;
  let files: ImportedFileRepository;
  let userId: string;
  const hash = (c: string) => c.repeat(64);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, 4);
    await ds.initialize();
    files = new ImportedFileRepository(ds);
    const [user] = await ds.query(`INSERT INTO users (email, name, role) VALUES ('files@example.com', '佐藤 一郎', 'accountant') RETURNING id`);
    userId = String(user.id);
  });

  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const record = (area: 'products' | 'deposits', fileName: string, recordId: string, contentSha256: string | null = null) =>
    ds.transaction((m) => files.record(m, { area, fileName, contentSha256, recordId, importedBy: userId }));

  it('finds a name within its area only, compared in NFC and any case, newest first, with who imported it', async () => {
    await record('products', '共通.csv', '1', hash('a'));
    expect(await files.newest({ area: 'deposits', fileName: '共通.csv', contentSha256: hash('a') })).toBeNull();
    await record('deposits', '共通.csv', '1', hash('b'));
    await record('deposits', 'ガイド.CSV', '2', hash('c'));

    const found = await files.newest({ area: 'deposits', fileName: 'ｶﾞｲﾄﾞ.csv', contentSha256: null }); // half-width: another name
    expect(found).toBeNull();
    const decomposed = await files.newest({ area: 'deposits', fileName: 'ガイド.csv'.normalize('NFD'), contentSha256: null });
    expect(decomposed).toEqual({ id: expect.any(String), fileName: 'ガイド.CSV', importedAt: expect.any(Date), importedBy: '佐藤 一郎', sameName: true });

    const products = await files.newest({ area: 'products', fileName: '共通.csv', contentSha256: null });
    const deposits = await files.newest({ area: 'deposits', fileName: '共通.csv', contentSha256: null });
    expect(Number(deposits!.id)).toBeGreaterThan(Number(products!.id));
    await record('products', '共通.csv', '3');
    expect((await files.newest({ area: 'products', fileName: '共通.CSV', contentSha256: null }))!.id).not.toBe(products!.id);
    // An import's own entry is left out when asked.
    expect(await files.newest({ area: 'deposits', fileName: 'ガイド.csv', contentSha256: null, except: '2' })).toBeNull();
  });

  it('recognises the same content under another name where the area compares content (deposits), not in products', async () => {
    await record('deposits', '入金_0401.csv', '10', hash('d'));
    await record('products', '商品_0401.csv', '10', hash('e'));
    expect(await files.newest({ area: 'deposits', fileName: '入金_0401_copy.csv', contentSha256: hash('d') })).toMatchObject({ fileName: '入金_0401.csv', sameName: false });
    expect(await files.newest({ area: 'products', fileName: '商品_0401_copy.csv', contentSha256: hash('e') })).toBeNull();
    expect(await files.newest({ area: 'deposits', fileName: '別の入金.csv', contentSha256: hash('f') })).toBeNull();
  });

  it('keeps one entry per record, forgets one on request, and refuses an area it does not know or a hash that is not one', async () => {
    await record('products', 'once.csv', '20');
    await record('products', 'twice.csv', '20'); // the record's entry is written once
    expect(await ds.query(`SELECT file_name FROM imported_files WHERE area = 'products' AND record_id = 20`)).toEqual([{ file_name: 'once.csv' }]);
    await files.forget('products', '20');
    expect(await files.newest({ area: 'products', fileName: 'once.csv', contentSha256: null })).toBeNull();
    await expect(record('orders' as 'products', 'x.csv', '21')).rejects.toThrow(/check constraint/);
    await expect(record('products', 'x.csv', '22', 'not-a-hash')).rejects.toThrow();
  });

  it('holds a name until the transaction that holds it ends: a second check waits and then sees the first import', async () => {
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((r) => (releaseFirst = r));
    let firstLocked!: () => void;
    const locked = new Promise<void>((r) => (firstLocked = r));
    const file = { area: 'products' as const, fileName: '競合.csv', contentSha256: null };
    const first = ds.transaction(async (m) => {
      await files.lock(m, file);
      firstLocked();
      await firstHolds;
      await files.record(m, { ...file, recordId: '30', importedBy: userId });
      order.push('first recorded');
    });
    await locked;
    const second = ds.transaction(async (m) => {
      await files.lock(m, { ...file, fileName: '競合.CSV' }); // the same name in another case: the same lock
      order.push('second locked');
      return files.newest(file, m);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(order).toEqual([]); // the second waits
    releaseFirst();
    await first;
    expect(await second).toMatchObject({ fileName: '競合.csv' });
    expect(order).toEqual(['first recorded', 'second locked']);
  });
});

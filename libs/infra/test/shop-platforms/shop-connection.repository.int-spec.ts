import { DataSource } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';
import { ShopConnectionRepository } from '../../src/shop-platforms/shop-connection.repository';
import { createTestDatabase } from '../support/test-database';

/**
 * The import's schedule saved at the version read, as staff save it again and again on the connection
 * page; the connection locked by an import run, made first when nothing was saved yet.
 */
describe('ShopConnectionRepository', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;
  let connections: ShopConnectionRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, 4);
    await ds.initialize();
    connections = new ShopConnectionRepository(ds);
  });

  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const shop = async (code: string) => String((await ds.query(`INSERT INTO shops (name, code, type) VALUES ($1, $1, 'platform_1') RETURNING id`, [code]))[0].id);
  const save = (shopId: string, version: number, importIntervalMinutes: number) =>
    ds.transaction((m) => connections.saveSettings(m, shopId, version, { importEnabled: false, importIntervalMinutes, importFrom: '2026-11-01' }));
  const read = async (shopId: string) => (await connections.find(shopId))!;

  it('makes the row at version 0, then changes it at each version read, refusing a stale one', async () => {
    const shopId = await shop('CAS-1');
    expect((await read(shopId)).version).toBe(0);
    expect(await save(shopId, 0, 30)).toBe(true);
    expect(await read(shopId)).toMatchObject({ version: 1, importIntervalMinutes: 30, importFrom: '2026-11-01' });
    expect(await save(shopId, 1, 45)).toBe(true);
    expect(await read(shopId)).toMatchObject({ version: 2, importIntervalMinutes: 45 });
    expect(await save(shopId, 1, 60)).toBe(false);
    expect(await save(shopId, 0, 60)).toBe(false);
    expect(await read(shopId)).toMatchObject({ version: 2, importIntervalMinutes: 45 });
  });

  it('saves at the version a platform call left when it made the row (a test before any save)', async () => {
    const shopId = await shop('CAS-2');
    await connections.recordSuccess(shopId);
    const { version } = await read(shopId);
    expect(version).toBe(1);
    expect(await save(shopId, 0, 20)).toBe(false);
    expect(await save(shopId, version, 20)).toBe(true);
    expect(await read(shopId)).toMatchObject({ version: 2, importIntervalMinutes: 20, status: 'ok' });
  });

  it('locks the connection of an import run, making it when the shop has none yet', async () => {
    const shopId = await shop('LOCK-1');
    const locked = await ds.transaction((m) => connections.find(shopId, { manager: m, lock: true }));
    expect(locked).toMatchObject({ shopId, version: 1, importIntervalMinutes: 15 });
    expect(await ds.transaction((m) => connections.find(shopId, { manager: m, lock: true }))).toMatchObject({ shopId, version: 1 });
  });
});

import { createDataSource } from '../src/database/data-source';
import { databaseUrl, uniqueName, withAdmin } from './support/test-database';

describe('migrations', () => {
  const name = uniqueName('oms_migrations').toLowerCase();

  afterAll(() => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

  it('apply on an empty database, revert cleanly, and apply again', async () => {
    await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
    const ds = createDataSource(databaseUrl(name), 1);
    await ds.initialize();
    try {
      const tables = async () =>
        (await ds.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1`)).map(
          (r: { table_name: string }) => r.table_name,
        );
      expect((await ds.runMigrations()).length).toBeGreaterThan(0);
      expect(await tables()).toEqual(expect.arrayContaining(['job_effects', 'makers', 'outbox_events', 'refresh_tokens', 'shops', 'sign_in_tokens', 'users']));
      expect(await ds.showMigrations()).toBe(false);
      while ((await ds.query(`SELECT count(*)::int AS n FROM migrations`))[0].n > 0) await ds.undoLastMigration();
      expect(await tables()).toEqual([]);
      await ds.runMigrations();
      expect((await tables()).length).toBeGreaterThanOrEqual(7);
    } finally {
      await ds.destroy();
    }
  });
});

import { createDataSource } from '../../src/database/data-source';
import { databaseUrl, uniqueName, withAdmin } from './test-database';

/** Creates one migrated template database per test run; each test file clones it. */
export default async function globalSetup(): Promise<void> {
  if (process.env.OMS_TEST_TEMPLATE_DB) return; // several jest projects share one setup
  const name = uniqueName('oms_test').toLowerCase();
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const ds = createDataSource(databaseUrl(name), 1);
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
  process.env.OMS_TEST_TEMPLATE_DB = name;
}

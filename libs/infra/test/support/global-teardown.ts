import { withAdmin } from './test-database';

/** Drops the template and any database a test file failed to drop. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.OMS_TEST_TEMPLATE_DB;
  if (!template) return;
  await withAdmin(async (c) => {
    const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}%`]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
  delete process.env.OMS_TEST_TEMPLATE_DB;
}

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server the tests create their databases on (a superuser connection to any database). */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/**
 * A database of the test file's own, cloned from the migrated template the global setup made.
 * `drop()` removes it, closing any connection a test left open.
 */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const template = process.env.OMS_TEST_TEMPLATE_DB;
  if (!template) throw new Error('OMS_TEST_TEMPLATE_DB is not set: run the tests through jest.config.js');
  const name = uniqueName(`${template}_f`).toLowerCase();
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

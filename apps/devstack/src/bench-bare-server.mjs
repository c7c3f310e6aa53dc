// The baselines of the request-floor bench (bench-floor.mjs): a bare Fastify server, in a process of its
// own as the API is. `hello` answers {"hello":"world"}; `orders` serves the first page of the order list
// with the SQL the API runs (libs/infra OrderReader.list and .records on a pg pool of the API's size) and
// Fastify's JSON, without the API's guard, validation, view or snake_case.
//
//   node apps/devstack/src/bench-bare-server.mjs hello|orders <port> [database url]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '../../../..');
// Fastify as the API has it (apps/api depends on it).
const require = createRequire(join(ROOT, 'apps/api/package.json'));
const Fastify = require('fastify');
const [mode, port, databaseUrl] = process.argv.slice(2);
const app = Fastify({ logger: false });

if (mode === 'hello') {
  app.get('/hello', async () => ({ hello: 'world' }));
} else if (mode === 'orders') {
  const pg = require('pg');
  const { OrderReader } = require(join(ROOT, 'libs/infra/dist/index.js'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  const query = async (sql, params) => (await pool.query(sql, params)).rows;
  // The reader only calls query(sql, params), on the data source or its manager.
  const reader = new OrderReader({ query, manager: { query } });
  app.get('/orders', async () => {
    const found = await reader.list({}, { perPage: 50, page: 1 });
    const data = await reader.records(found.ids);
    return { data, pagination: { total: found.total, current_page: found.page, per_page: 50, next_cursor: found.nextCursor } };
  });
} else {
  console.error('usage: bench-bare-server.mjs hello|orders <port> [database url]');
  process.exit(2);
}

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');

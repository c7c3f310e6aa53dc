import { QUEUE_NAMES } from '@oms/infra';
import { Queue } from 'bullmq';
import { withAdmin } from '../../../libs/infra/test/support/test-database';
import { RedisProcess } from './support/redis-process';
import { TestApp } from './support/test-app';
import { startTestEnvironment, TestEnvironment } from './support/test-env';

/**
 * GET /health says up or down to anyone; GET /health/details reports PostgreSQL and Redis separately
 * to a system administrator, with the queue and outbox backlogs. 503 while either is down, 200 again once back.
 */
describe('health', () => {
  let env: TestEnvironment;
  let api: TestApp;
  let redis: RedisProcess;
  let admin: string;

  beforeAll(async () => {
    redis = await RedisProcess.start();
    env = await startTestEnvironment({ REDIS_URL: redis.url });
    api = await TestApp.start(env.config);
    admin = (await api.signedIn('system_admin')).auth;
  });

  afterAll(async () => {
    await api?.close();
    await redis?.down();
    await env?.stop();
  });

  async function eventually(status: number) {
    const deadline = Date.now() + 15_000;
    const details = () => api.http.get('/api/v1/health/details').set('Authorization', admin);
    let res = await details();
    while (res.status !== status && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      res = await details();
    }
    // The public answer agrees, and says nothing more.
    const open = await api.http.get('/api/v1/health');
    expect(open.status).toBe(status);
    expect(open.body).toEqual({ data: { status: status === 200 ? 'ok' : 'unavailable' } });
    expect(res.status).toBe(status);
    return res.body.data;
  }

  it('keeps the details from anyone but a system administrator', async () => {
    await api.http.get('/api/v1/health/details').expect(401);
    for (const role of ['approver', 'operator', 'maker'] as const) {
      await api.http.get('/api/v1/health/details').set('Authorization', (await api.signedIn(role)).auth).expect(403);
    }
  });

  it('answers 200 with both up, and the outbox and queue backlogs', async () => {
    const data = await eventually(200);
    expect(data).toMatchObject({
      status: 'ok',
      postgres: { status: 'up', latency_ms: expect.any(Number) },
      redis: { status: 'up', latency_ms: expect.any(Number) },
      outbox: { unpublished: 0, oldest_age_seconds: null, unrouted: 0 },
    });
    const empty = { waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0, paused: 0 };
    expect(data.queues).toEqual(Object.fromEntries(QUEUE_NAMES.map((name) => [name, empty])));
  });

  it('shows the relay’s backlog, and apart the events of a type this release does not route', async () => {
    await api.dataSource.query(
      `INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload, created_at) VALUES
         ('shop.saved', 'shop', '1', '{"shopId": "1"}', now() - interval '90 seconds'),
         ('from.a.newer.release', 'x', '1', '{}', now() - interval '1 hour')`,
    );
    try {
      const data = await eventually(200);
      expect(data.outbox).toEqual({ unpublished: 1, oldest_age_seconds: expect.any(Number), unrouted: 1 });
      expect(data.outbox.oldest_age_seconds).toBeGreaterThanOrEqual(90);
      expect(data.outbox.oldest_age_seconds).toBeLessThan(3600);
    } finally {
      await api.dataSource.query(`DELETE FROM outbox_events`);
    }
  });

  it('counts the jobs waiting in a queue', async () => {
    const queue = new Queue('order-sheets', { connection: { url: redis.url }, prefix: env.config.QUEUE_PREFIX });
    try {
      await queue.add('order.sent_to_maker', { eventId: 'health-test' }, { jobId: 'health-test' });
      const data = await eventually(200);
      expect(data.queues['order-sheets'].waiting).toBeGreaterThanOrEqual(1);
      expect(data.queues.mail.waiting).toBe(0);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('turns 503 when Redis is killed, and 200 when it is back', async () => {
    await redis.down();
    const down = await eventually(503);
    expect(down).toMatchObject({ status: 'unavailable', postgres: { status: 'up' }, redis: { status: 'down', error: expect.any(String) }, queues: null });
    await redis.up();
    await eventually(200);
  });

  it('turns 503 when PostgreSQL refuses connections, and 200 when it accepts them again', async () => {
    const name = new URL(env.databaseUrl).pathname.slice(1);
    await withAdmin(async (c) => {
      await c.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
    });
    try {
      const down = await eventually(503);
      expect(down).toMatchObject({ postgres: { status: 'down' }, redis: { status: 'up' }, outbox: null });
    } finally {
      await withAdmin((c) => c.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`));
    }
    await eventually(200);
  });
});

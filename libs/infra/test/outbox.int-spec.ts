import { accountCreated, DomainEvent } from '@oms/domain';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source';
import { appendToOutbox } from '../src/outbox/outbox.writer';
import { outboxBacklog, OutboxRelay } from '../src/outbox/outbox.relay';
import { QueueRegistry, redisOptions } from '../src/queues/queues';
import { createTestDatabase, TEST_REDIS_URL, uniqueName } from './support/test-database';
import { testLogger } from './support/test-logger';

describe('transactional outbox and relay (real PostgreSQL and Redis)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;
  let redis: Redis;
  let queues: QueueRegistry;
  const prefix = uniqueName('test_outbox');

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, 4);
    await ds.initialize();
    redis = new Redis(TEST_REDIS_URL, redisOptions(false));
    queues = new QueueRegistry(redis, prefix);
  });

  afterAll(async () => {
    await queues.get('mail').obliterate({ force: true });
    await queues.close();
    redis.disconnect();
    await ds.destroy();
    await db.drop();
  });

  async function insertUser(manager: DataSource['manager'], email: string): Promise<string> {
    const [row] = await manager.query(`INSERT INTO users (email, name, role) VALUES ($1, 'Outbox Test', 'operator') RETURNING id`, [email]);
    return String(row.id);
  }

  it('writes the event row in the same transaction as the change: a rollback removes both', async () => {
    await expect(
      ds.transaction(async (m) => {
        const id = await insertUser(m, 'rolled-back@example.com');
        await appendToOutbox(m, [accountCreated({ id, email: 'rolled-back@example.com', name: 'x', role: 'operator' })]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const [{ users }] = await ds.query(`SELECT count(*)::int AS users FROM users WHERE email = 'rolled-back@example.com'`);
    const [{ events }] = await ds.query(`SELECT count(*)::int AS events FROM outbox_events`);
    expect(users).toBe(0);
    expect(events).toBe(0);
  });

  it('refuses an event that is not in the catalogue (one forced past the compiler), writing nothing', async () => {
    const retired = { type: 'order.created', aggregateType: 'order', aggregateId: '1', payload: { orderId: '1' } } as unknown as DomainEvent;
    await expect(ds.transaction((m) => appendToOutbox(m, [retired]))).rejects.toThrow(/not an event of the catalogue.*order\.created/);
    expect((await ds.query(`SELECT count(*)::int AS n FROM outbox_events`))[0].n).toBe(0);
  });

  it('refuses to append outside a transaction', async () => {
    await expect(
      appendToOutbox(ds.manager, [accountCreated({ id: '1', email: 'a@b.c', name: 'x', role: 'operator' })]),
    ).rejects.toThrow(/inside a transaction/);
  });

  it('publishes a committed event once, even when two relays run at once and the mark is lost', async () => {
    const eventId = await ds.transaction(async (m) => {
      const id = await insertUser(m, 'committed@example.com');
      const [eid] = await appendToOutbox(m, [accountCreated({ id, email: 'committed@example.com', name: 'Committed', role: 'operator' })]);
      return eid;
    });
    expect(await outboxBacklog(ds)).toMatchObject({ unpublished: 1 });

    const relayA = new OutboxRelay(ds, queues, testLogger);
    const relayB = new OutboxRelay(ds, queues, testLogger);
    const published = await Promise.all([relayA.relayOnce(), relayB.relayOnce()]);
    expect(published.sort()).toEqual([0, 1]);
    expect(await relayA.relayOnce()).toBe(0);

    // The job was added but the "published" mark was lost (a crash between the two): it goes out again…
    await ds.query(`UPDATE outbox_events SET published_at = NULL WHERE id = $1`, [eventId]);
    expect(await relayB.relayOnce()).toBe(1);

    // …and BullMQ still holds exactly one job, whose id is the event id.
    const jobs = await queues.get('mail').getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    expect(jobs.map((j) => j.id)).toEqual([eventId]);
    expect(jobs[0].name).toBe('account.created');
    expect(jobs[0].data).toMatchObject({ eventId, type: 'account.created', payload: { email: 'committed@example.com' } });
    expect(await outboxBacklog(ds)).toEqual({ unpublished: 0, oldestAgeSeconds: null, unrouted: 0 });
  });

  it('leaves an event type it does not route for a relay that does, and publishes the rows behind it', async () => {
    await ds.transaction(async (m) => {
      await m.query(`INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload) VALUES ('from.a.newer.release', 'x', '1', '{}')`);
      const id = await insertUser(m, 'behind@example.com');
      await appendToOutbox(m, [accountCreated({ id, email: 'behind@example.com', name: 'Behind', role: 'operator' })]);
    });
    expect(await new OutboxRelay(ds, queues, testLogger).relayOnce()).toBe(1);
    const rows = await ds.query(`SELECT type, published_at IS NOT NULL AS published FROM outbox_events WHERE type <> 'account.created' OR payload->>'email' = 'behind@example.com' ORDER BY created_at`);
    expect(rows).toEqual([
      { type: 'from.a.newer.release', published: false },
      { type: 'account.created', published: true },
    ]);
    // An event this release does not route waits for a relay that does: health shows it apart, not as the relay's backlog.
    expect(await outboxBacklog(ds)).toEqual({ unpublished: 0, oldestAgeSeconds: null, unrouted: 1 });
    await ds.query(`DELETE FROM outbox_events WHERE type = 'from.a.newer.release'`);
  });

  it('keeps a row unpublished, with its error, while Redis refuses it', async () => {
    await ds.transaction(async (m) => {
      const id = await insertUser(m, 'redis-down@example.com');
      await appendToOutbox(m, [accountCreated({ id, email: 'redis-down@example.com', name: 'Down', role: 'operator' })]);
    });
    const deadRedis = new Redis('redis://127.0.0.1:1', { ...redisOptions(false), lazyConnect: true, retryStrategy: () => null });
    const deadQueues = new QueueRegistry(deadRedis, prefix);
    await expect(new OutboxRelay(ds, deadQueues, testLogger).relayOnce()).resolves.toBe(0);
    const [row] = await ds.query(`SELECT attempts, last_error, published_at FROM outbox_events WHERE payload->>'email' = 'redis-down@example.com'`);
    expect(row.published_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();
    deadRedis.disconnect();
    await deadQueues.close();

    expect(await new OutboxRelay(ds, queues, testLogger).relayOnce()).toBe(1);
  });
});

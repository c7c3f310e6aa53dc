import { addDays, japanToday } from '@oms/domain';
import { createFileStorage, mediaUploadKey, purgeSpentRows, QueueRegistry } from '@oms/infra';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { TestApp } from '../../api/test/support/test-app';
import { RETENTION_CRON, RETENTION_JOB, RETENTION_SCHEDULER, RetentionProcessor } from '../src/maintenance/retention.processor';
import { RelayService } from '../src/outbox/relay.service';
import { createOrder, makerRow, shopWith, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

const DAY_MS = 24 * 3600 * 1000;
const POLICY = { outboxDays: 7, jobEffectsDays: 40, makerRemindersDays: 3 };

/**
 * The daily retention job against real PostgreSQL and Redis: published outbox events, job_effects,
 * maker_reminders and idempotency keys past their age go, in batches; unpublished events and young rows stay; a
 * second run, or two at once, delete nothing more.
 */
describe('retention of spent rows', () => {
  let world: WorkersWorld;
  let api: TestApp;
  let queues: QueueRegistry;
  let orderId: string;
  let makerId: string;
  const today = japanToday();

  beforeAll(async () => {
    world = await WorkersWorld.start({
      OUTBOX_RETENTION_DAYS: String(POLICY.outboxDays),
      JOB_EFFECTS_RETENTION_DAYS: String(POLICY.jobEffectsDays),
      MAKER_REMINDERS_RETENTION_DAYS: String(POLICY.makerRemindersDays),
    });
    ({ api, queues } = world);
    // The rows below are set up by hand, published or not: the relay must not publish them meanwhile.
    await world.workers.get(RelayService).relay.stop();
    const auth = (await api.signedIn('operator')).auth;
    makerId = await makerRow(api, { name: '山本木工所', orderMethod: 'email', email: 'orders@yamamoto-mokko.example.jp' });
    orderId = (await createOrder(api, auth, await shopWith(api), [{ makerId, productName: '無垢材ダイニングテーブル' }])).id;
  });

  afterAll(async () => {
    await world?.stop();
  });

  beforeEach(async () => {
    await api.dataSource.query(`DELETE FROM outbox_events`);
    await api.dataSource.query(`DELETE FROM job_effects`);
    await api.dataSource.query(`DELETE FROM maker_reminders`);
    await api.dataSource.query(`DELETE FROM idempotency_keys`);
  });

  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

  /** An outbox row `days` old; published as old as it is, or never. */
  async function event(name: string, days: number, published: boolean, type = 'shop.saved') {
    await api.dataSource.query(
      `INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload, created_at, published_at) VALUES ($1, 'shop', $2, '{}', $3, $4)`,
      [type, name, daysAgo(days), published ? daysAgo(days) : null],
    );
  }
  const effect = (key: string, days: number) => api.dataSource.query(`INSERT INTO job_effects (effect_key, detail, done_at) VALUES ($1, '{}', $2)`, [key, daysAgo(days)]);
  const reminder = (kind: 'confirm' | 'ship', day: string) =>
    api.dataSource.query(`INSERT INTO maker_reminders (order_id, maker_id, kind, day, recipient) VALUES ($1, $2, $3, $4, 'orders@yamamoto-mokko.example.jp')`, [orderId, makerId, kind, day]);

  /** An answered idempotency key made `hours` ago (they answer for 24 hours). */
  const idempotencyKey = (key: string, hours: number) =>
    api.dataSource.query(
      `INSERT INTO idempotency_keys (caller, route, idempotency_key, fingerprint, claim, status, response, created_at)
       VALUES ('user:1', 'PUT /orders/paid', $1, repeat('0', 64), gen_random_uuid(), 200, '{"data":{}}', $2)`,
      [key, new Date(Date.now() - hours * 3600 * 1000)],
    );

  const remaining = async () => ({
    events: (await api.dataSource.query(`SELECT aggregate_id FROM outbox_events ORDER BY aggregate_id`)).map((r: { aggregate_id: string }) => r.aggregate_id),
    effects: (await api.dataSource.query(`SELECT effect_key FROM job_effects ORDER BY effect_key`)).map((r: { effect_key: string }) => r.effect_key),
    reminders: (await api.dataSource.query(`SELECT kind || ' ' || to_char(day, 'YYYY-MM-DD') AS r FROM maker_reminders ORDER BY day, kind`)).map((r: { r: string }) => r.r),
    idempotencyKeys: (await api.dataSource.query(`SELECT idempotency_key FROM idempotency_keys ORDER BY 1`)).map((r: { idempotency_key: string }) => r.idempotency_key),
  });

  async function givenRowsOfEveryAge() {
    await event('published-old', POLICY.outboxDays + 1, true);
    await event('published-young', POLICY.outboxDays - 1, true);
    // Never published, however old: a type this release routes, and one only a newer release knows.
    await event('unpublished-old', 100, false);
    await event('unpublished-unknown-type', 100, false, 'from.a.newer.release');
    await event('unpublished-young', 0, false);
    await effect('welcome-mail:old', POLICY.jobEffectsDays + 1);
    await effect('welcome-mail:young', POLICY.jobEffectsDays - 1);
    await reminder('confirm', addDays(today, -(POLICY.makerRemindersDays + 1)));
    await reminder('ship', addDays(today, -(POLICY.makerRemindersDays + 1)));
    await reminder('confirm', addDays(today, -POLICY.makerRemindersDays));
    // Today's row is the guard of today's run: it always stays.
    await reminder('confirm', today);
    await idempotencyKey('key-old', 25);
    await idempotencyKey('key-young', 23);
  }

  const KEPT = {
    events: ['published-young', 'unpublished-old', 'unpublished-unknown-type', 'unpublished-young'],
    effects: ['welcome-mail:young'],
    reminders: [`confirm ${addDays(today, -POLICY.makerRemindersDays)}`, `confirm ${today}`],
    idempotencyKeys: ['key-young'],
  };

  it('runs daily at 03:30 in Japan, from a job scheduler (one id, whichever workers process upserts it)', async () => {
    const scheduler = await until(() => queues.get('maintenance').getJobScheduler(RETENTION_SCHEDULER), Boolean, 20_000, 'retention scheduler');
    expect(scheduler).toEqual(expect.objectContaining({ name: RETENTION_JOB, pattern: RETENTION_CRON, tz: 'Asia/Tokyo' }));
    expect(new Date(scheduler!.next!).toLocaleString('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hour12: false })).toBe('03:30');
  });

  /** A stored file last written `hours` ago. */
  async function fileWritten(key: string, hours: number) {
    const storage = createFileStorage(world.env.config);
    await storage.put(key, Buffer.from('%PDF-1.4\n'), 'application/pdf');
    const at = new Date(Date.now() - hours * 3600 * 1000);
    await utimes(join(world.env.config.FILE_STORAGE_DIR, key), at, at);
    return storage;
  }

  it('deletes what is past its age as the job of the maintenance queue, keeping unpublished events and young rows', async () => {
    await givenRowsOfEveryAge();
    // An upload nobody took over for a day goes; a fresh one, and a file an estimate took over, stay.
    const storage = await fileWritten(mediaUploadKey('abandoned.pdf'), 25);
    const fresh = mediaUploadKey('fresh.pdf');
    await fileWritten(fresh, 1);
    await fileWritten('estimates/1/0f1e2d3c-0000-4000-8000-000000000000/taken.pdf', 200);
    const job = await queues.get('maintenance').add(RETENTION_JOB, {});
    await until(() => job.getState(), (s) => s === 'completed' || s === 'failed', 20_000, 'retention run');
    const done = (await queues.get('maintenance').getJob(job.id!))!;
    if (done.failedReason) throw new Error(`retention run failed: ${done.failedReason}`);
    expect(done.returnvalue).toEqual({ outboxEvents: 1, jobEffects: 1, makerReminders: 2, idempotencyKeys: 1, unclaimedUploads: 1 });
    expect(await remaining()).toEqual(KEPT);
    const left = [];
    for await (const key of storage.keysWrittenBefore('', new Date(Date.now() + 60_000))) left.push(key);
    expect(left.sort()).toEqual(['estimates/1/0f1e2d3c-0000-4000-8000-000000000000/taken.pdf', fresh]);

    // Run again: nothing more goes.
    expect(await world.workers.get(RetentionProcessor).run()).toEqual({ outboxEvents: 0, jobEffects: 0, makerReminders: 0, idempotencyKeys: 0, unclaimedUploads: 0 });
    expect(await remaining()).toEqual(KEPT);
  });

  it('works in batches, and two runs at once share the work without deleting anything else', async () => {
    await givenRowsOfEveryAge();
    for (let i = 0; i < 23; i++) {
      await event(`published-old-${String(i).padStart(2, '0')}`, POLICY.outboxDays + 2 + i, true);
      await effect(`reminder:confirm:${i}`, POLICY.jobEffectsDays + 2 + i);
      await idempotencyKey(`key-old-${i}`, 25 + i);
    }
    const now = new Date();
    const runs = await Promise.all([purgeSpentRows(api.dataSource, POLICY, now, 4), purgeSpentRows(api.dataSource, POLICY, now, 4)]);
    const total = (key: 'outboxEvents' | 'jobEffects' | 'makerReminders' | 'idempotencyKeys') => runs[0][key] + runs[1][key];
    expect([total('outboxEvents'), total('jobEffects'), total('makerReminders'), total('idempotencyKeys')]).toEqual([24, 24, 2, 24]);
    expect(await remaining()).toEqual(KEPT);
    expect(await purgeSpentRows(api.dataSource, POLICY, now, 4)).toEqual({ outboxEvents: 0, jobEffects: 0, makerReminders: 0, idempotencyKeys: 0 });
  });

  it('does not wait for a row another transaction holds, and leaves it for the next run', async () => {
    await event('published-old', POLICY.outboxDays + 1, true);
    await event('published-old-held', POLICY.outboxDays + 1, true);
    const runner = api.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SELECT id FROM outbox_events WHERE aggregate_id = 'published-old-held' FOR UPDATE`);
      expect((await purgeSpentRows(api.dataSource, POLICY, new Date())).outboxEvents).toBe(1);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect((await remaining()).events).toEqual(['published-old-held']);
    expect((await purgeSpentRows(api.dataSource, POLICY, new Date())).outboxEvents).toBe(1);
  });
});

import { ChildProcess, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createRedis, QueueRegistry } from '@oms/infra';
import type Redis from 'ioredis';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { startProcess, stopProcess } from '../../api/test/support/child-process';
import { TestApp } from '../../api/test/support/test-app';
import { startTestEnvironment, TestEnvironment } from '../../api/test/support/test-env';
import { makerRow, orderSentToMakers, sheetsOf, shopWith, until } from './support/maker-side';

jest.setTimeout(240_000);

const ROOT = join(__dirname, '..', '..', '..');
const PAUSE_MS = 4000;

/**
 * The workers process killed (SIGKILL) after the sheet went out and before BullMQ heard the job
 * was done: the job is taken over by the next process, which finds the sheet sent and sends
 * nothing more. Redis writes are paused (CLIENT PAUSE WRITE) from the moment the SMTP server
 * accepts the mail, so the dying process can commit to PostgreSQL but cannot acknowledge the job.
 */
describe('a workers process killed between sending a sheet and acknowledging the job', () => {
  let env: TestEnvironment;
  let api: TestApp;
  let smtp: SmtpSink;
  let redis: Redis;
  let queues: QueueRegistry;
  let workers: ChildProcess | null = null;

  const startWorkers = () =>
    startProcess(process.execPath, [join(ROOT, 'apps/workers/dist/main.js')], /workers started/, {
      cwd: ROOT,
      env: { ...process.env, ...env.env, LOG_LEVEL: 'info', WORKER_LOCK_MS: '2000' },
    });

  beforeAll(async () => {
    // The real workers binary: built from this checkout (a no-op when `npm run build` ran).
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
    smtp = await SmtpSink.start();
    env = await startTestEnvironment({ SMTP_URL: smtp.url });
    api = await TestApp.start(env.config);
    redis = createRedis(env.config.REDIS_URL);
    queues = new QueueRegistry(redis, env.config.QUEUE_PREFIX);
  });

  afterAll(async () => {
    await stopProcess(workers);
    for (const name of ['order-sheets', 'mail', 'reminders'] as const) await queues?.get(name).obliterate({ force: true });
    await queues?.close();
    redis?.disconnect();
    await api?.close();
    await smtp?.close();
    await env?.stop();
  });

  it('sends the sheet once', async () => {
    const auth = (await api.signedIn('operator')).auth;
    const shopId = await shopWith(api);
    const makerId = await makerRow(api, { name: '山本木工所', orderMethod: 'email', email: 'orders@yamamoto-mokko.example.jp' });
    workers = await startWorkers();

    const pauser = createRedis(env.config.REDIS_URL);
    let paused = false;
    smtp.beforeAccept = async () => {
      if (paused) return;
      paused = true;
      await pauser.client('PAUSE', PAUSE_MS, 'WRITE');
    };
    const order = await orderSentToMakers(api, auth, shopId, [{ makerId, productName: '桐の米びつ' }]);
    // The mail is accepted and the sheet recorded sent; the job cannot be acknowledged yet. Kill.
    await until(() => sheetsOf(api, order.id), (s) => s[0]?.status === 'sent', 30_000, 'sheet sent');
    await stopProcess(workers, 'SIGKILL');
    workers = null;
    smtp.beforeAccept = undefined;
    pauser.disconnect();
    expect(smtp.to('orders@yamamoto-mokko.example.jp')).toHaveLength(1);

    const [event] = await api.dataSource.query(`SELECT id FROM outbox_events WHERE type = 'order.sent_to_maker' AND aggregate_id = $1`, [order.id]);
    const job = (await queues.get('order-sheets').getJob(event.id))!;
    expect(await job.getState()).toBe('active');

    // The next process takes the stalled job over and finds the sheet sent.
    workers = await startWorkers();
    await until(() => job.getState(), (s) => s === 'completed', 60_000, 'job completed');
    const done = (await queues.get('order-sheets').getJob(event.id))!;
    expect(done.returnvalue).toEqual(expect.objectContaining({ status: 'sent' }));
    expect(done.attemptsStarted).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to('orders@yamamoto-mokko.example.jp')).toHaveLength(1);
    expect(await sheetsOf(api, order.id)).toEqual([expect.objectContaining({ revision: 1, status: 'sent', attempts: 1 })]);
  });
});

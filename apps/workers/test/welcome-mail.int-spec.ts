import { INestApplicationContext } from '@nestjs/common';
import { createRedis, loadConfig, QueueRegistry } from '@oms/infra';
import type Redis from 'ioredis';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { TestApp } from '../../api/test/support/test-app';
import { startTestEnvironment, TestEnvironment } from '../../api/test/support/test-env';
import { createWorkers } from '../src/workers.factory';
import { RelayService } from '../src/outbox/relay.service';

// Starting the API and the workers takes seconds, more on a loaded machine (as the other workers tests allow).
jest.setTimeout(90_000);

/**
 * End to end through every real part: POST /users writes the account and its outbox row, the
 * workers' relay publishes it to BullMQ, the mail processor sends the welcome mail over SMTP.
 */
describe('welcome mail for a new account', () => {
  let env: TestEnvironment;
  let api: TestApp;
  let workers: INestApplicationContext;
  let smtp: SmtpSink;
  let redis: Redis;
  let queues: QueueRegistry;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    env = await startTestEnvironment({ SMTP_URL: smtp.url });
    api = await TestApp.start(env.config);
    workers = await createWorkers(loadConfig('workers', env.env));
    redis = createRedis(env.config.REDIS_URL);
    queues = new QueueRegistry(redis, env.config.QUEUE_PREFIX);
  });

  afterAll(async () => {
    await workers?.close();
    await queues?.get('mail').obliterate({ force: true });
    await queues?.close();
    redis?.disconnect();
    await api?.close();
    await smtp?.close();
    await env?.stop();
  });

  it('leaves its heartbeat where the health check shows it', async () => {
    const admin = await api.signedIn('system_admin');
    const res = await api.http.get('/api/v1/health/details').set('Authorization', admin.auth).expect(200);
    expect(Date.parse(res.body.data.workers.last_heartbeat)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('arrives at the SMTP server, in Japanese and English, once', async () => {
    const admin = await api.signedIn('system_admin');
    await api.http
      .post('/api/v1/users')
      .set('Authorization', admin.auth)
      .send({ email: 'welcome.me@example.co.jp', name: '山田 太郎', role: 'operator' })
      .expect(201);

    const mail = await smtp.waitFor('welcome.me@example.co.jp');
    expect(mail.subject).toBe('【受発注システム】アカウントが作成されました / Your account has been created');
    expect(mail.text).toContain('山田 太郎 様');
    expect(mail.text).toContain('Dear 山田 太郎,');
    expect(mail.text).toContain(`${env.config.CONSOLE_URL}/login`);

    // The relay runs again (and again) and finds nothing left; the event stays one job and one mail.
    const relay = workers.get(RelayService).relay;
    expect(await relay.relayOnce()).toBe(0);
    await api.dataSource.query(`UPDATE outbox_events SET published_at = NULL WHERE type = 'account.created'`);
    // Either this relay or the workers' own (running every 100 ms, maybe holding the row right now)
    // publishes it again.
    await relay.relayOnce();
    const republished = async () =>
      (await api.dataSource.query(`SELECT published_at FROM outbox_events WHERE type = 'account.created'`))[0].published_at as Date | null;
    const until = Date.now() + 10_000;
    while (!(await republished()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await republished()).not.toBeNull();
    // And a second job for the same event (a copy BullMQ could not recognise) finds the mail already sent.
    const first = (await queues.get('mail').getJobs(['completed']))[0];
    const copy = await queues.get('mail').add('account.created', first.data, { jobId: `copy-${first.id}` });
    const deadline = Date.now() + 15_000;
    while ((await copy.getState()) !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await copy.getState()).toBe('completed');
    expect(smtp.to('welcome.me@example.co.jp')).toHaveLength(1);
    const [effect] = await api.dataSource.query(`SELECT effect_key FROM job_effects`);
    expect(effect.effect_key).toMatch(/^welcome-mail:/);
  });
});

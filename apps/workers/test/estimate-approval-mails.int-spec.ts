import type { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import type { TestApp } from '../../api/test/support/test-app';
import type { TestEnvironment } from '../../api/test/support/test-env';
import { until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

const linkIn = (text: string, consoleUrl: string): string => {
  const found = text.match(new RegExp(`${consoleUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/estimate-approve/([A-Za-z0-9_-]{43})`));
  if (!found) throw new Error(`no approval link in:\n${text}`);
  return found[1];
};

/**
 * Approval by link end to end: request-approve writes the outbox row, the relay publishes it, the
 * estimate-mails processor mails every approver a link of their own; the first answer through one
 * wins, the other answers 'someone else'; the approval asks the stamp round of the stampers; a job
 * run twice mails nobody twice.
 */
describe('estimate approval mails', () => {
  let world: WorkersWorld;
  let api: TestApp;
  let smtp: SmtpSink;
  let env: TestEnvironment;

  beforeAll(async () => {
    world = await WorkersWorld.start({ ESTIMATE_LINK_HOURS: '48' });
    ({ api, smtp, env } = world);
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('mails each approver a link of their own; the first answer wins; the stamp round follows; a job run twice mails once', async () => {
    const operator = await api.signedIn('operator');
    const approverA = await api.user('approver', { email: 'approver.a@example.jp', name: '承認 一郎' });
    const approverB = await api.user('estimate_approver', { email: 'approver.b@example.jp', name: '承認 二郎' });
    const stamper = await api.user('system_admin', { email: 'stamper@example.jp', name: '押印 三郎' });
    await api.user('approver', { email: 'gone@example.jp', status: 'invalid' });
    const [customer] = await api.dataSource.query(`INSERT INTO customers (same_person_id, name) VALUES (0, '山田 太郎') RETURNING id`);
    const created = await api.http
      .post('/api/v1/customers/estimates')
      .set('Authorization', operator.auth)
      .send({ customer_id: customer.id, details: [{ product_name: '檜の座卓', tax_percentage: 10, price_with_tax: 33000, amount: 2 }] })
      .expect(201);
    const estimate = created.body.data;
    await api.http.put(`/api/v1/customers/estimates/${estimate.id}/request-approve`).set('Authorization', operator.auth).send({ version: 1, approve: true, stamp: true }).expect(200);

    const mailA = await smtp.waitFor(approverA.email);
    const mailB = await smtp.waitFor(approverB.email);
    // A system admin may approve too: the approve round reaches them as well.
    await smtp.waitFor(stamper.email);
    expect(mailA.subject).toBe(`【見積承認のお願い】${estimate.estimate_no} 山田 太郎 様 / Estimate approval request`);
    expect(mailA.text).toContain('承認 一郎 様');
    expect(mailA.text).toContain('66,000');
    const tokenA = linkIn(mailA.text!, env.config.CONSOLE_URL);
    const tokenB = linkIn(mailB.text!, env.config.CONSOLE_URL);
    expect(tokenA).not.toBe(tokenB);
    // An invalid account gets nothing; the token is stored only hashed.
    expect(smtp.to('gone@example.jp')).toHaveLength(0);
    // A link's row commits just after its mail went (one job effect): wait for the job to finish.
    const links = () => api.dataSource.query(`SELECT recipient_id::text, step, encode(token_hash, 'hex') AS hash, expires_at FROM estimate_approval_links ORDER BY id`);
    const stored = await until(links, (rows) => rows.length === 3, 10_000, 'three approve links');
    expect(stored.map((l: { step: string }) => l.step)).toEqual(['approve', 'approve', 'approve']);
    expect(JSON.stringify(stored)).not.toContain(tokenA);
    expect(new Date(stored[0].expires_at).getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);

    // The same job again (a copy BullMQ could not recognise): nobody is mailed twice.
    const queue = world.queues.get('estimate-mails');
    const first = (await queue.getJobs(['completed']))[0];
    const copy = await queue.add('estimate.approval_requested', first.data, { jobId: `copy-${first.id}` });
    await until(() => copy.getState(), (state) => state === 'completed', 15_000, 'the copy done');
    expect(smtp.to(approverA.email)).toHaveLength(1);

    // B answers first, through the link; A's link then says someone else answered.
    await api.http.put('/api/v1/customers/estimates/approve').send({ id: estimate.id, version: 2, action: 'approve', link_token: tokenB }).expect(200);
    const late = await api.http.get(`/api/v1/customers/estimates/check?link_token=${tokenA}`).expect(400);
    expect(late.body.error.error_code).toBe('NAL-CTM-104');

    // The stamp round: system_admin and approver accounts, not the estimate approver.
    const [, stampMail] = await until(async () => smtp.to(stamper.email), (mails) => mails.length === 2, 15_000, 'the stamp round mail');
    expect(stampMail.subject).toContain('見積押印のお願い');
    const stampToken = linkIn(stampMail.text!, env.config.CONSOLE_URL);
    const page = await api.http.get(`/api/v1/customers/estimates/check?link_token=${stampToken}`).expect(200);
    expect(page.body.data).toMatchObject({ step: 'stamp', answers: ['stamp', 'return_edit'], recipient_name: '押印 三郎' });
    await api.http.put('/api/v1/customers/estimates/approve').send({ id: estimate.id, version: 3, action: 'stamp', link_token: stampToken }).expect(200);
    expect(smtp.to(approverB.email)).toHaveLength(1);
    const [row] = await api.dataSource.query(`SELECT status, seal_approved_date FROM estimates WHERE id = $1`, [estimate.id]);
    expect(row.status).toBe(6);
    expect(row.seal_approved_date).not.toBeNull();
  });
});

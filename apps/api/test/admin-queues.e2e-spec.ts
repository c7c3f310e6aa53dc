import { JwtService } from '@nestjs/jwt';
import { Role, ROLES } from '@oms/domain';
import { QUEUE_NAMES } from '@oms/infra';
import { Queue } from 'bullmq';
import type { Response } from 'supertest';
import { TokensService } from '../src/auth/tokens.service';
import { expectErrorEnvelope, useTestApi } from './support/test-app';

const BASE = '/api/v1/admin/queues';

/**
 * Bull Board for system administrators: the console opens it with a media token, which becomes a
 * session cookie scoped to the dashboard; every other caller is refused in the API's error envelope.
 */
describe('queue dashboard (/admin/queues)', () => {
  const ctx = useTestApi();
  const queues = {} as Record<(typeof QUEUE_NAMES)[number], Queue>;

  beforeAll(() => {
    for (const name of QUEUE_NAMES) {
      queues[name] = new Queue(name, { connection: { url: ctx.env.config.REDIS_URL }, prefix: ctx.env.config.QUEUE_PREFIX });
    }
  });

  afterAll(async () => {
    for (const queue of Object.values(queues)) {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  async function mediaTokenOf(role: Role): Promise<string> {
    const user = await ctx.api.signedIn(role);
    const { body } = await ctx.api.http.get('/api/v1/medias/token').set('Authorization', user.auth).expect(200);
    return body.data.token;
  }

  function sessionCookieOf(res: Response): string {
    const cookie = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith('oms_queues='));
    if (!cookie) throw new Error(`no dashboard cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
    return cookie;
  }

  async function openAsAdmin(): Promise<string> {
    const res = await ctx.api.http.get(`${BASE}?token=${await mediaTokenOf('system_admin')}`).expect(302);
    return sessionCookieOf(res).split(';')[0];
  }

  const queuesJson = (cookie: string) => ctx.api.http.get(`${BASE}/api/queues`).set('Cookie', cookie).expect(200);

  it('trades a system administrator\'s media token for a dashboard cookie, then serves the UI and its assets', async () => {
    const open = await ctx.api.http.get(`${BASE}?token=${await mediaTokenOf('system_admin')}`).expect(302);
    expect(open.headers.location).toBe(BASE);
    const cookie = sessionCookieOf(open);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/admin\/queues(;|$)/);
    expect(cookie).toMatch(/Max-Age=1800/);
    expect(cookie).not.toMatch(/Secure/); // the test console is http://
    const session = cookie.split(';')[0];

    const html = await ctx.api.http.get(BASE).set('Cookie', session).expect(200).expect('Content-Type', /html/);
    expect(html.text).toContain(`<base href="${BASE}/"`);
    // Nothing outside this server: the page's link to Google Fonts is blocked by the policy.
    expect(html.headers['content-security-policy']).toContain("default-src 'self'");
    expect(html.headers['content-security-policy']).not.toContain('googleapis');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html.text)?.[1];
    expect(script).toBeDefined();
    const asset = await ctx.api.http.get(`${BASE}/${script}`).set('Cookie', session).expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    // The deep links of the UI (a queue's page) serve the same page.
    await ctx.api.http.get(`${BASE}/queue/mail`).set('Cookie', session).expect(200).expect('Content-Type', /html/);
    // What Bull Board does not serve falls through to the API's own 404.
    expectErrorEnvelope((await ctx.api.http.get(`${BASE}/no-such-page`).set('Cookie', session).expect(404)).body, 'NAL-404');
  });

  it('lists every queue of the system, with the jobs added to them', async () => {
    const cookie = await openAsAdmin();
    const before = await queuesJson(cookie);
    expect(before.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());

    await queues['order-sheets'].add('order.sent_to_maker', { eventId: 'dashboard-test' }, { jobId: 'dashboard-test' });
    const after = await queuesJson(cookie);
    const sheets = after.body.queues.find((q: { name: string }) => q.name === 'order-sheets');
    expect(sheets.counts.waiting).toBeGreaterThanOrEqual(1);
  });

  it('lets the administrator act on a queue (pause, resume), not only look', async () => {
    const cookie = await openAsAdmin();
    await ctx.api.http.put(`${BASE}/api/queues/reminders/pause`).set('Cookie', cookie).expect(200);
    expect(await queues.reminders.isPaused()).toBe(true);
    await ctx.api.http.put(`${BASE}/api/queues/reminders/resume`).set('Cookie', cookie).expect(200);
    expect(await queues.reminders.isPaused()).toBe(false);
  });

  it('also serves a system administrator\'s bearer token (scripts), without a cookie', async () => {
    const admin = await ctx.api.signedIn('system_admin');
    await ctx.api.http.get(`${BASE}/api/queues`).set('Authorization', admin.auth).expect(200);
  });

  it.each(ROLES.filter((r) => r !== 'system_admin'))('refuses %s, with a media token or a bearer token', async (role) => {
    const open = await ctx.api.http.get(`${BASE}?token=${await mediaTokenOf(role)}`).expect(403);
    expectErrorEnvelope(open.body, 'NAL-403');
    expect(open.headers['set-cookie']).toBeUndefined();
    const user = await ctx.api.signedIn(role);
    expectErrorEnvelope((await ctx.api.http.get(`${BASE}/api/queues`).set('Authorization', user.auth).expect(403)).body, 'NAL-403');
    expectErrorEnvelope((await ctx.api.http.get(BASE).set('Authorization', user.auth).expect(403)).body, 'NAL-403');
  });

  it('refuses a system administrator who was disabled or demoted since the token was issued', async () => {
    const cases = [
      // The media token dies with its account (a download token: NAL-LO-07); a demoted one meets the new role.
      { change: `status = 'invalid'`, status: 401, code: 'NAL-LO-07' },
      { change: `role = 'operator'`, status: 403, code: 'NAL-403' },
      { change: `deleted_at = now()`, status: 401, code: 'NAL-LO-07' },
    ];
    for (const { change, status, code } of cases) {
      const admin = await ctx.api.signedIn('system_admin');
      const token = ctx.api.app.get(TokensService).signMedia({ id: admin.id, role: 'system_admin', makerId: null, stamp: 0 }).token;
      await ctx.api.dataSource.query(`UPDATE users SET ${change} WHERE id = $1`, [admin.id]);
      const res = await ctx.api.http.get(`${BASE}?token=${token}`).expect(status);
      expectErrorEnvelope(res.body, code);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 401 without a token or cookie, on the page, its assets and its API', async () => {
    expectErrorEnvelope((await ctx.api.http.get(BASE).expect(401)).body, 'NAL-LO-07');
    for (const path of ['/api/queues', '/static/js/anything.js', '/queue/mail']) {
      expectErrorEnvelope((await ctx.api.http.get(`${BASE}${path}`).expect(401)).body, 'NAL-401');
    }
    expectErrorEnvelope((await ctx.api.http.put(`${BASE}/api/queues/mail/pause`).expect(401)).body, 'NAL-401');
    expect(await queues.mail.isPaused()).toBe(false);
  });

  it('refuses forged and expired media tokens, and cookies that are not its own session', async () => {
    const admin = await ctx.api.signedIn('system_admin');
    const ours = ctx.api.app.get(JwtService);
    const theirs = new JwtService({ secret: 'not-the-secret', signOptions: { issuer: 'oms' } });
    const claims = { role: 'system_admin', mkr: null };
    const forged = (audience: string) => theirs.sign(claims, { subject: admin.id, audience, expiresIn: 60 });
    const expired = (audience: string) => ours.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }, { subject: admin.id, audience });

    for (const token of [forged('oms-media'), expired('oms-media'), 'not-a-jwt']) {
      const res = await ctx.api.http.get(`${BASE}?token=${token}`).expect(401);
      expectErrorEnvelope(res.body, 'NAL-LO-07');
      expect(res.headers['set-cookie']).toBeUndefined();
    }

    // A media or access token is no dashboard session, even a system administrator's.
    const media = ctx.api.app.get(TokensService).signMedia({ id: admin.id, role: 'system_admin', makerId: null, stamp: 0 }).token;
    const access = admin.auth.slice('Bearer '.length);
    for (const value of [forged('oms-queues'), expired('oms-queues'), media, access]) {
      const res = await ctx.api.http.get(`${BASE}/api/queues`).set('Cookie', `oms_queues=${value}`).expect(401);
      expectErrorEnvelope(res.body, 'NAL-401');
    }
  });
});

import { addDays, japanToday } from '@oms/domain';
import { givenOrder } from './support/order-fixtures';
import { signInThroughProvider, TestApp, useTestApi } from './support/test-app';

type Auth = Awaited<ReturnType<TestApp['signedIn']>>;
type Count = { key: string; count: number; link: { path: string; query: Record<string, string | number> } };

/**
 * GET /dashboard on known data: each count, for staff and for each maker over its own lines, and
 * each equal to the total of the list its link opens. Orders are made in the states the counts
 * look for by the order commands themselves; only the day a maker got an order is moved back.
 */
describe('the dashboard (GET /dashboard)', () => {
  const ctx = useTestApi();
  const today = japanToday();
  let operator: Auth;
  let makerA: string;
  let makerB: string;

  const put = (path: string, body: object) => ctx.api.http.put(`/api/v1/orders${path}`).set('Authorization', operator.auth).send(body).expect(200);
  const dashboard = async (auth: Auth) => (await ctx.api.http.get('/api/v1/dashboard').set('Authorization', auth.auth).expect(200)).body.data as { today: string; counts: Count[] };
  const counts = async (auth: Auth) => Object.fromEntries((await dashboard(auth)).counts.map((c) => [c.key, c.count]));

  /** A paid order of one line of the maker, ordered from it through the API (today). */
  async function ordered(makerId: string) {
    const order = await givenOrder(ctx.api, { lines: [{ makerId, status: 2 }], orderDate: addDays(today, -20) });
    const sent = await put(`/${order.id}/order_process`, { version: order.version, line_ids: order.lineIds.map(Number) });
    return { ...order, version: sent.body.data.version as number };
  }

  async function answered(makerId: string, answer: { confirm_status: number; refusal_reason?: string; estimated_ship_date?: string }) {
    const order = await ordered(makerId);
    await put(`/${order.id}/maker_received_process`, { version: order.version, line_ids: order.lineIds.map(Number), maker_receive_date: today, ...answer });
    return order;
  }

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    makerA = (await ctx.api.maker({ code: 'DASH-A' })).id;
    makerB = (await ctx.api.maker({ code: 'DASH-B' })).id;

    await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 1 }] }); // unpaid
    await ctx.api.dataSource.query(`UPDATE shops SET order_reminder_days = 2 WHERE code = 'ORDER-FIXTURE'`);
    const overdue = await ordered(makerA); // ordered 2 days ago: the shop's reminder day, overdue
    await ctx.api.dataSource.query(`UPDATE order_makers SET maker_order_date = $2 WHERE order_id = $1`, [overdue.id, addDays(today, -2)]);
    const recent = await ordered(makerA); // ordered yesterday: not yet
    await ctx.api.dataSource.query(`UPDATE order_makers SET maker_order_date = $2 WHERE order_id = $1`, [recent.id, addDays(today, -1)]);
    const refused = await answered(makerB, { confirm_status: 3, refusal_reason: '在庫切れのため' }); // refused, with its order error
    // Refused long ago: a refusal is an answer, never counted as an overdue one.
    await ctx.api.dataSource.query(`UPDATE order_makers SET maker_order_date = $2 WHERE order_id = $1`, [refused.id, addDays(today, -10)]);
    await answered(makerA, { confirm_status: 1, estimated_ship_date: today }); // to ship today
    await answered(makerA, { confirm_status: 1, estimated_ship_date: addDays(today, 1) }); // tomorrow
    await answered(makerA, { confirm_status: 2 }); // ship date undecided
  });

  it('gives staff the day’s work: unpaid orders, errors, overdue answers, refusals and what ships today', async () => {
    const data = await dashboard(operator);
    expect(data.today).toBe(today);
    expect(data.counts.map((c) => [c.key, c.count])).toEqual([
      ['unpaid_orders', 1],
      ['order_errors', 1],
      ['answer_overdue', 1],
      ['refused', 1],
      ['ship_due', 1],
      ['unmatched_deposits', 0],
    ]);
    expect(data.counts.map((c) => c.link)).toEqual([
      { path: '/orders', query: { status: 1 } },
      { path: '/orders', query: { has_errors: 1 } },
      { path: '/orders', query: { todo: 'answer_overdue' } },
      { path: '/orders', query: { todo: 'refused' } },
      { path: '/orders', query: { todo: 'ship_due' } },
      { path: '/revenue/deposits', query: {} },
    ]);
  });

  it('counts what the list its link opens lists', async () => {
    for (const c of (await dashboard(operator)).counts.filter((c) => c.link.path === '/orders')) {
      const list = await ctx.api.http.get('/api/v1/orders').query(c.link.query).set('Authorization', operator.auth).expect(200);
      expect([c.key, list.body.pagination.total]).toEqual([c.key, c.count]);
    }
  });

  it('moves an order off a count when staff deal with it', async () => {
    const refused = await answered(makerB, { confirm_status: 3, refusal_reason: '廃番' });
    expect((await counts(operator)).refused).toBe(2);
    const [row] = await ctx.api.dataSource.query(`SELECT version FROM orders WHERE id = $1`, [refused.id]);
    await put(`/${refused.id}/cancel`, { version: row.version, line_ids: refused.lineIds.map(Number), shipping_fee: 0, fee: 0 });
    expect((await counts(operator)).refused).toBe(1);
  });

  it('shows each maker the counts over its own lines only, never unpaid orders', async () => {
    const a = await ctx.api.signedIn('maker', makerA);
    const b = await ctx.api.signedIn('maker', makerB);
    expect(await counts(a)).toEqual({ answer_overdue: 1, refused: 0, ship_due: 1 });
    expect(await counts(b)).toEqual({ answer_overdue: 0, refused: 1, ship_due: 0 });
    for (const c of (await dashboard(b)).counts) {
      const list = await ctx.api.http.get('/api/v1/orders').query(c.link.query).set('Authorization', b.auth).expect(200);
      expect([c.key, list.body.pagination.total]).toEqual([c.key, c.count]);
    }
  });

  it('shows every staff role that reads orders the same counts, and deposits left for review to those who read deposits', async () => {
    const staff = await counts(operator);
    for (const role of ['accountant', 'system_admin'] as const) expect(await counts(await ctx.api.signedIn(role))).toEqual(staff);
    const { unmatched_deposits: _, ...withoutDeposits } = staff;
    expect(await counts(await ctx.api.signedIn('call_center'))).toEqual(withoutDeposits);

    const [user] = await ctx.api.dataSource.query(`SELECT id FROM users WHERE role = 'accountant' LIMIT 1`);
    const [deposit] = await ctx.api.dataSource.query(
      `INSERT INTO deposits (file_name, file_key, file_sha256, format, encoding, state, record_count, total_amount, created_by)
       VALUES ('d.txt', 'deposits/x/original.txt', repeat('b', 64), 'zengin_transfer', 'shift_jis', 'done', 2, 2000, $1) RETURNING id`,
      [user.id],
    );
    await ctx.api.dataSource.query(
      `INSERT INTO deposit_records (deposit_id, line, account_date, amount, record_key, state) VALUES ($1, 2, '2026-11-20', 1000, 'a|1', 'review'), ($1, 3, '2026-11-20', 1000, 'b|1', 'matched')`,
      [deposit.id],
    );
    expect((await counts(operator)).unmatched_deposits).toBe(1);
  });

  it('refuses a todo the list does not know (422), and answers 401 without a token', async () => {
    const res = await ctx.api.http.get('/api/v1/orders?todo=everything').set('Authorization', operator.auth).expect(422);
    expect(res.body.error.errors).toEqual([expect.objectContaining({ field: 'todo', error_code: 'in' })]);
    await ctx.api.http.get('/api/v1/dashboard').expect(401);
  });
});

describe('the previous sign-in (GET /me)', () => {
  const ctx = useTestApi();

  it('shows the sign-in before this one, not this one', async () => {
    const user = await ctx.api.user('operator');
    const first = await signInThroughProvider(ctx.api, 'google', user.email);
    const me1 = (await ctx.api.http.get('/api/v1/me').set('Authorization', `Bearer ${first.callback.body.data.access_token}`).expect(200)).body.data;
    expect(me1.previous_login).toBeNull();
    expect(me1.last_login).not.toBeNull();

    await new Promise((r) => setTimeout(r, 20));
    const second = await signInThroughProvider(ctx.api, 'google', user.email);
    const me2 = (await ctx.api.http.get('/api/v1/me').set('Authorization', `Bearer ${second.callback.body.data.access_token}`).expect(200)).body.data;
    expect(me2.previous_login).toBe(me1.last_login);
    expect(Date.parse(me2.last_login)).toBeGreaterThan(Date.parse(me1.last_login));
  });
});

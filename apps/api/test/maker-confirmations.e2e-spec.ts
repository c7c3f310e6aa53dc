import { japanToday } from '@oms/domain';
import { issueConfirmLink } from '@oms/infra';
import { randomBytes } from 'node:crypto';
import { givenOrder } from './support/order-fixtures';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;

/** A confirmation link for a maker's part of an order, as the order-sheets worker makes one with a sheet. */
async function linkFor(api: TestApp, orderId: string, makerId: string, expiresAt = new Date(Date.now() + 14 * DAY)): Promise<string> {
  return api.dataSource.transaction(async (manager) => {
    const [sheet] = await manager.query(
      `INSERT INTO order_sheets (order_id, maker_id, revision, event_id, reason, method, recipient, status, line_ids)
       VALUES ($1, $2, (SELECT coalesce(max(revision), 0) + 1 FROM order_sheets WHERE order_id = $1 AND maker_id = $2), gen_random_uuid(), 'ordered', 'email', 'm@example.jp', 'sent', '{}')
       RETURNING id::text`,
      [orderId, makerId],
    );
    return issueConfirmLink(manager, { orderId, makerId, sheetId: sheet.id, expiresAt });
  });
}

describe('maker confirmation link (public)', () => {
  const ctx = useTestApi();
  let makerA: string;
  let makerB: string;

  beforeAll(async () => {
    makerA = String((await ctx.api.maker({ code: 'CONF-A', name: '山本木工所' })).id);
    makerB = String((await ctx.api.maker({ code: 'CONF-B', name: '鈴木家具製作所' })).id);
  });

  const get = (token: string) => ctx.api.http.get(`/api/v1/maker-confirmations/${token}`);
  const answer = (token: string, body: object) => ctx.api.http.post(`/api/v1/maker-confirmations/${token}`).send(body);
  const changeShipDate = (token: string, body: object) => ctx.api.http.put(`/api/v1/maker-confirmations/${token}/estimated-ship-date`).send(body);
  const statuses = async (orderId: string): Promise<[string, number][]> =>
    (await ctx.api.dataSource.query(`SELECT maker_id::text, status FROM order_lines WHERE order_id = $1 ORDER BY id`, [orderId])).map((r: { maker_id: string; status: number }) => [r.maker_id, r.status]);
  const part = async (orderId: string, makerId: string) =>
    (await ctx.api.dataSource.query(`SELECT confirm_status, refusal_reason, to_char(estimated_ship_date, 'YYYY-MM-DD') AS estimated_ship_date, to_char(maker_receive_date, 'YYYY-MM-DD') AS maker_receive_date FROM order_makers WHERE order_id = $1 AND maker_id = $2`, [orderId, makerId]))[0];
  const twoMakerOrder = () => givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 3 }, { makerId: makerB, status: 3 }, { makerId: makerA, status: 3 }] });
  const future = (days: number) => japanToday(new Date(Date.now() + days * DAY));

  it('shows the maker its own lines, and takes an acceptance: the lines become order received through MakerReceive', async () => {
    const order = await twoMakerOrder();
    const token = await linkFor(ctx.api, order.id, makerA);
    const view = (await get(token).expect(200)).body.data;
    expect(view).toEqual(
      expect.objectContaining({
        order_id: order.id,
        version: 1,
        maker: { id: makerA, name: '山本木工所' },
        confirm_status: null,
        expires_at: expect.any(String),
        stage: 'awaiting_answer',
        can_change_ship_date: false,
      }),
    );
    expect(view.lines.map((l: { id: string }) => l.id)).toEqual([order.lineIds[0], order.lineIds[2]]);

    const res = await answer(token, { version: 1, answer: 'accept', estimated_ship_date: future(3) }).expect(200);
    expect(res.body.data).toEqual({
      confirm_status: 1,
      version: 2,
      line_statuses: [
        { id: order.lineIds[0], status: 4 },
        { id: order.lineIds[2], status: 4 },
      ],
    });
    expect(await statuses(order.id)).toEqual([
      [makerA, 4],
      [makerB, 3],
      [makerA, 4],
    ]);
    expect(await part(order.id, makerA)).toEqual({ confirm_status: 1, refusal_reason: null, estimated_ship_date: future(3), maker_receive_date: japanToday() });
    const history = await ctx.api.dataSource.query(`SELECT command, from_status, to_status, changed_by FROM order_status_history WHERE order_id = $1`, [order.id]);
    expect(history).toEqual([
      { command: 'maker_receive', from_status: 3, to_status: 4, changed_by: null },
      { command: 'maker_receive', from_status: 3, to_status: 4, changed_by: null },
    ]);

    // Answered: the page shows the answer given (a second answer is refused), the date open to change.
    expect((await get(token).expect(200)).body.data).toMatchObject({ stage: 'answered', can_change_ship_date: true, confirm_status: 1, estimated_ship_date: future(3), version: 2 });
    expectErrorEnvelope((await answer(token, { version: 2, answer: 'accept', estimated_ship_date: future(3) }).expect(400)).body, 'NAL_ORD-131');
    // The other maker's link still works.
    const other = await linkFor(ctx.api, order.id, makerB);
    expect((await get(other).expect(200)).body.data.lines).toHaveLength(1);
  });

  it('answers NAL_ORD-193 for a stale version, changes nothing and keeps the link', async () => {
    const order = await twoMakerOrder();
    const token = await linkFor(ctx.api, order.id, makerA);
    await ctx.api.dataSource.query(`UPDATE orders SET version = 5 WHERE id = $1`, [order.id]);
    expectErrorEnvelope((await answer(token, { version: 1, answer: 'accept', estimated_ship_date: future(1) }).expect(400)).body, 'NAL_ORD-193');
    expect((await statuses(order.id)).map(([, s]) => s)).toEqual([3, 3, 3]);
    expect((await get(token).expect(200)).body.data.version).toBe(5);
    await answer(token, { version: 5, answer: 'accept', estimated_ship_date: future(1) }).expect(200);
  });

  it('refuses an expired link (NAL_ORD-132) and a forged or malformed one (404 NAL_ORD-130)', async () => {
    const order = await twoMakerOrder();
    const expired = await linkFor(ctx.api, order.id, makerA, new Date(Date.now() - 1000));
    expectErrorEnvelope((await get(expired).expect(400)).body, 'NAL_ORD-132');
    expectErrorEnvelope((await answer(expired, { version: 1, answer: 'accept' }).expect(400)).body, 'NAL_ORD-132');
    const forged = randomBytes(32).toString('base64url');
    expectErrorEnvelope((await get(forged).expect(404)).body, 'NAL_ORD-130');
    expectErrorEnvelope((await answer(forged, { version: 1, answer: 'accept' }).expect(404)).body, 'NAL_ORD-130');
    expectErrorEnvelope((await get('not-a-token').expect(404)).body, 'NAL_ORD-130');
    expectErrorEnvelope((await ctx.api.http.get(`/api/v1/maker-confirmations/${forged}/sheet`).expect(404)).body, 'NAL_ORD-130');
    expect((await statuses(order.id)).map(([, s]) => s)).toEqual([3, 3, 3]);
  });

  it('records "ship date undecided" as confirm status 2 with the lines received', async () => {
    const order = await twoMakerOrder();
    const token = await linkFor(ctx.api, order.id, makerB);
    await answer(token, { version: 1, answer: 'undecided' }).expect(200);
    expect(await part(order.id, makerB)).toEqual(expect.objectContaining({ confirm_status: 2, estimated_ship_date: null }));
    expect((await statuses(order.id)).map(([, s]) => s)).toEqual([3, 4, 3]);
  });

  it('takes a refusal only with its reason (100 characters at most); the lines stay and staff get an order error', async () => {
    const order = await twoMakerOrder();
    const token = await linkFor(ctx.api, order.id, makerA);
    expectErrorEnvelope((await answer(token, { version: 1, answer: 'refuse' }).expect(400)).body, 'NAL_ORD-103');
    expectErrorEnvelope((await answer(token, { version: 1, answer: 'refuse', refusal_reason: '  ' }).expect(400)).body, 'NAL_ORD-103');
    const long = await answer(token, { version: 1, answer: 'refuse', refusal_reason: '欠'.repeat(101) }).expect(422);
    expect(long.body.error.errors).toEqual([expect.objectContaining({ field: 'refusal_reason', error_code: 'max_length', params: expect.objectContaining({ max: 100 }) })]);
    await answer(token, { version: 1, answer: 'refuse', refusal_reason: '欠'.repeat(100) }).expect(200);
    expect(await part(order.id, makerA)).toEqual(expect.objectContaining({ confirm_status: 3, refusal_reason: '欠'.repeat(100) }));
    expect((await statuses(order.id)).map(([, s]) => s)).toEqual([3, 3, 3]);
    const errors = await ctx.api.dataSource.query(`SELECT code, maker_id::text FROM order_errors WHERE order_id = $1`, [order.id]);
    expect(errors).toEqual([{ code: 'NAL_ORD-125', maker_id: makerA }]);
    expect((await ctx.api.dataSource.query(`SELECT error_count FROM orders WHERE id = $1`, [order.id]))[0].error_count).toBe(1);
    // The refusal is what the link shows now; it takes no other answer and no ship date.
    expect((await get(token).expect(200)).body.data).toMatchObject({ stage: 'answered', can_change_ship_date: false, confirm_status: 3, maker_receive_date: null });
    expectErrorEnvelope((await changeShipDate(token, { version: 2, estimated_ship_date: future(2) }).expect(400)).body, 'NAL_ORD-135');
    const history = await ctx.api.dataSource.query(`SELECT command, from_status, to_status, note FROM order_status_history WHERE order_id = $1 ORDER BY id`, [order.id]);
    expect(history).toEqual([
      { command: 'maker_refused', from_status: 3, to_status: 3, note: '欠'.repeat(100) },
      { command: 'maker_refused', from_status: 3, to_status: 3, note: '欠'.repeat(100) },
    ]);
  });

  it('checks the answer and the estimated ship date: one of the three answers, a date, not before today, required to accept', async () => {
    const order = await twoMakerOrder();
    const token = await linkFor(ctx.api, order.id, makerA);
    const field = async (body: object) => (await answer(token, body).expect(422)).body.error.errors.map((e: { field: string; error_code: string }) => `${e.field}:${e.error_code}`);
    expect(await field({ version: 1, answer: 'maybe' })).toEqual(['answer:in']);
    expect(await field({ answer: 'accept' })).toEqual(['version:required']);
    expect(await field({ version: 1, answer: 'accept', estimated_ship_date: '2026-13-40' })).toEqual(['estimated_ship_date:date_format']);
    expect(await field({ version: 1, answer: 'accept', estimated_ship_date: '2020-01-01' })).toEqual(['estimated_ship_date:date_not_before_today']);
    expect(await field({ version: 1, answer: 'undecided', estimated_ship_date: '2020-01-01' })).toEqual(['estimated_ship_date:date_not_before_today']);
    // Accepting gives the date: 'ship date undecided' is the answer without one.
    expect(await field({ version: 1, answer: 'accept' })).toEqual(['estimated_ship_date:required']);
    expect(await field({ version: 1, answer: 'accept', estimated_ship_date: null })).toEqual(['estimated_ship_date:required']);
    // None of these used the link up.
    expect((await get(token).expect(200)).body.data.stage).toBe('awaiting_answer');
    expect((await statuses(order.id)).map(([, s]) => s)).toEqual([3, 3, 3]);
    await answer(token, { version: 1, answer: 'accept', estimated_ship_date: japanToday().replace(/-/g, '/') }).expect(200);
  });

  it('says the link is used up when staff moved the lines elsewhere (cancelled them) before any answer', async () => {
    const order = await twoMakerOrder();
    const token = await linkFor(ctx.api, order.id, makerA);
    const staff = await ctx.api.signedIn('operator');
    await ctx.api.http
      .put(`/api/v1/orders/${order.id}/cancel`)
      .set('Authorization', staff.auth)
      .send({ version: 1, line_ids: [Number(order.lineIds[0]), Number(order.lineIds[2])], shipping_fee: 0, fee: 0 })
      .expect(200);
    expectErrorEnvelope((await get(token).expect(400)).body, 'NAL_ORD-131');
    expectErrorEnvelope((await answer(token, { version: 2, answer: 'accept', estimated_ship_date: future(1) }).expect(400)).body, 'NAL_ORD-131');
    expectErrorEnvelope((await ctx.api.http.get(`/api/v1/maker-confirmations/${token}/sheet`).expect(400)).body, 'NAL_ORD-131');
  });

  it('shows an answer recorded in the console (a refusal too) and takes no other through the link', async () => {
    const order = await twoMakerOrder();
    const token = await linkFor(ctx.api, order.id, makerB);
    const staff = await ctx.api.signedIn('operator');
    await ctx.api.http
      .put(`/api/v1/orders/${order.id}/maker_received_process`)
      .set('Authorization', staff.auth)
      .send({ version: 1, line_ids: [Number(order.lineIds[1])], maker_receive_date: japanToday(), confirm_status: 3, refusal_reason: '在庫切れ' })
      .expect(200);
    expect((await get(token).expect(200)).body.data).toMatchObject({ stage: 'answered', confirm_status: 3, refusal_reason: '在庫切れ', can_change_ship_date: false });
    expectErrorEnvelope((await answer(token, { version: 2, answer: 'accept', estimated_ship_date: future(1) }).expect(400)).body, 'NAL_ORD-131');
  });

  describe('after answering, the estimated ship date', () => {
    async function accepted(answerGiven: 'accept' | 'undecided' = 'accept') {
      const order = await twoMakerOrder();
      const token = await linkFor(ctx.api, order.id, makerA);
      await answer(token, { version: 1, answer: answerGiven, ...(answerGiven === 'accept' ? { estimated_ship_date: future(3) } : {}) }).expect(200);
      return { order, token };
    }
    const history = async (orderId: string) =>
      ctx.api.dataSource.query(`SELECT order_line_id::text AS line, command, from_status, to_status, note, changed_by FROM order_status_history WHERE order_id = $1 AND command = 'maker_ship_date_changed' ORDER BY id`, [
        orderId,
      ]);

    it('changes through the link until the lines ship: a history row per line, the version checked', async () => {
      const { order, token } = await accepted();
      const res = await changeShipDate(token, { version: 2, estimated_ship_date: future(5).replace(/-/g, '/') }).expect(200);
      expect(res.body.data).toEqual({ estimated_ship_date: future(5), confirm_status: 1, version: 3 });
      expect(await part(order.id, makerA)).toMatchObject({ confirm_status: 1, estimated_ship_date: future(5) });
      expect(await history(order.id)).toEqual(
        [order.lineIds[0], order.lineIds[2]].map((line) => ({ line, command: 'maker_ship_date_changed', from_status: 4, to_status: 4, note: `${future(3)} → ${future(5)}`, changed_by: null })),
      );
      expect((await get(token).expect(200)).body.data).toMatchObject({ stage: 'answered', estimated_ship_date: future(5), version: 3 });
      // A stale version changes nothing.
      expectErrorEnvelope((await changeShipDate(token, { version: 2, estimated_ship_date: future(6) }).expect(400)).body, 'NAL_ORD-193');
      expect(await part(order.id, makerA)).toMatchObject({ estimated_ship_date: future(5) });

      // Shipped: the page still shows the answer, the date no longer changes.
      const staff = await ctx.api.signedIn('operator');
      const [company] = await ctx.api.dataSource.query(`INSERT INTO delivery_companies (name) VALUES ('ヤマト運輸') RETURNING id`);
      await ctx.api.http
        .put(`/api/v1/orders/${order.id}/maker_ship_process`)
        .set('Authorization', staff.auth)
        .send({ version: 3, line_ids: [Number(order.lineIds[0]), Number(order.lineIds[2])], ship_date: japanToday(), delivery_company_id: Number(company.id), tracking_code: 'T-1' })
        .expect(200);
      expect((await get(token).expect(200)).body.data).toMatchObject({ stage: 'answered', can_change_ship_date: false });
      expectErrorEnvelope((await changeShipDate(token, { version: 4, estimated_ship_date: future(6) }).expect(400)).body, 'NAL_ORD-135');
    });

    it('gives an undecided answer its date: it becomes accepted', async () => {
      const { order, token } = await accepted('undecided');
      await changeShipDate(token, { version: 2, estimated_ship_date: future(2) }).expect(200);
      expect(await part(order.id, makerA)).toMatchObject({ confirm_status: 1, estimated_ship_date: future(2) });
    });

    it('refuses a missing, malformed or past date with a field code, and a link not yet answered', async () => {
      const { order, token } = await accepted();
      const field = async (body: object) => (await changeShipDate(token, body).expect(422)).body.error.errors.map((e: { field: string; error_code: string }) => `${e.field}:${e.error_code}`);
      expect(await field({ version: 2 })).toEqual(['estimated_ship_date:required']);
      expect(await field({ version: 2, estimated_ship_date: '2026-02-30' })).toEqual(['estimated_ship_date:date_format']);
      expect(await field({ version: 2, estimated_ship_date: '2020-01-01' })).toEqual(['estimated_ship_date:date_not_before_today']);
      expect(await history(order.id)).toEqual([]);
      const unanswered = await linkFor(ctx.api, order.id, makerB);
      expectErrorEnvelope((await changeShipDate(unanswered, { version: 2, estimated_ship_date: future(2) }).expect(400)).body, 'NAL_ORD-135');
      const expired = await linkFor(ctx.api, order.id, makerA, new Date(Date.now() - 1000));
      expectErrorEnvelope((await changeShipDate(expired, { version: 2, estimated_ship_date: future(2) }).expect(400)).body, 'NAL_ORD-132');
    });
  });
});

import { japanToday } from '@oms/domain';
import { deliveryCompany, givenOrder } from './support/order-fixtures';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Auth = Awaited<ReturnType<TestApp['signedIn']>>;

describe('order line commands (DESIGN.md §5)', () => {
  const ctx = useTestApi();
  let operator: Auth;
  let makerA: string;
  let makerB: string;

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    makerA = String((await ctx.api.maker({ code: 'CMD-A' })).id);
    makerB = String((await ctx.api.maker({ code: 'CMD-B' })).id);
  });

  const put = (path: string, body: object, auth: Auth = operator) => ctx.api.http.put(`/api/v1/orders${path}`).set('Authorization', auth.auth).send(body);
  const statuses = async (orderId: string) =>
    (await ctx.api.dataSource.query(`SELECT status FROM order_lines WHERE order_id = $1 ORDER BY id`, [orderId])).map((r: { status: number }) => r.status);
  const orderRow = async (orderId: string) => (await ctx.api.dataSource.query(`SELECT * FROM orders WHERE id = $1`, [orderId]))[0];
  const history = (orderId: string) =>
    ctx.api.dataSource.query(`SELECT order_line_id, from_status, to_status, command, changed_by FROM order_status_history WHERE order_id = $1 ORDER BY id`, [orderId]);
  const outbox = (orderId: string) => ctx.api.dataSource.query(`SELECT type, payload FROM outbox_events WHERE aggregate_type = 'order' AND aggregate_id = $1 ORDER BY id`, [orderId]);

  describe('PUT /orders/paid', () => {
    it('marks unpaid lines paid, writes history (and no event: nothing consumes it), and answers the popup flag, time and version', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA }, { makerId: makerB }] });
      const first = await put('/paid', { order_id: order.id, version: 1, line_ids: [order.lineIds[0]] }).expect(200);
      expect(first.body.data).toEqual({ is_show_popup: false, order_updated_at: expect.any(String), version: 2 });
      const second = await put('/paid', { order_id: order.id, version: 2, line_ids: [order.lineIds[1]] }).expect(200);
      expect(second.body.data.is_show_popup).toBe(true);
      expect(await statuses(order.id)).toEqual([2, 2]);
      expect(await history(order.id)).toEqual([
        { order_line_id: order.lineIds[0], from_status: 1, to_status: 2, command: 'confirm_payment', changed_by: operator.id },
        { order_line_id: order.lineIds[1], from_status: 1, to_status: 2, command: 'confirm_payment', changed_by: operator.id },
      ]);
      expect(await outbox(order.id)).toEqual([]);
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ version: 3, status: 2, line_statuses: [2] });
    });

    it('refuses with 169 when no selected line is unpaid, and 166 when one of them is not unpaid', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }, { makerId: makerA, status: 1 }] });
      expectErrorEnvelope((await put('/paid', { order_id: order.id, version: 1, line_ids: [order.lineIds[0]] }).expect(400)).body, 'NAL_ORD-169');
      expectErrorEnvelope((await put('/paid', { order_id: order.id, version: 1, line_ids: order.lineIds }).expect(400)).body, 'NAL_ORD-166');
      expect(await statuses(order.id)).toEqual([2, 1]);
      expect((await orderRow(order.id)).version).toBe(1);
      expect(await history(order.id)).toEqual([]);
    });

    it('answers 193 for a stale version and changes nothing', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA }] });
      await ctx.api.dataSource.query(`UPDATE orders SET version = 2 WHERE id = $1`, [order.id]);
      expectErrorEnvelope((await put('/paid', { order_id: order.id, version: 1, line_ids: order.lineIds }).expect(400)).body, 'NAL_ORD-193');
      expect(await statuses(order.id)).toEqual([1]);
      expect(await history(order.id)).toEqual([]);
    });

    it('lets exactly one of 20 simultaneous confirmations with the same version through', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA }, { makerId: makerB }, { makerId: makerB }] });
      const answers = await Promise.all(Array.from({ length: 20 }, () => put('/paid', { order_id: order.id, version: 1, line_ids: order.lineIds })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(19);
      for (const a of refused) expectErrorEnvelope(a.body, 'NAL_ORD-193');
      expect(await history(order.id)).toHaveLength(3);
      expect((await orderRow(order.id)).version).toBe(2);
    });

    it('answers 404 for an order that does not exist, and 422 for a body without lines', async () => {
      expectErrorEnvelope((await put('/paid', { order_id: 99999999, version: 1, line_ids: [1] }).expect(404)).body, 'NAL-404');
      const res = await put('/paid', { order_id: 1, version: 0, line_ids: [] }).expect(422);
      expect(res.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual(['line_ids', 'version']);
    });

    it('refuses a line of another order (102)', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA }] });
      const other = await givenOrder(ctx.api, { lines: [{ makerId: makerA }] });
      expectErrorEnvelope((await put('/paid', { order_id: order.id, version: 1, line_ids: other.lineIds }).expect(400)).body, 'NAL_ORD-102');
    });
  });

  describe('order to maker', () => {
    it('moves paid lines to ordered and emits one order.sent_to_maker per maker', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }, { makerId: makerB, status: 2 }] });
      await put(`/${order.id}/order_process`, { version: 1, line_ids: order.lineIds }).expect(200);
      expect(await statuses(order.id)).toEqual([3, 3]);
      const events = await outbox(order.id);
      expect(events.map((e: { payload: { makerId: string } }) => e.payload.makerId).sort()).toEqual([makerA, makerB].sort());
      const parts = await ctx.api.dataSource.query(`SELECT maker_order_date FROM order_makers WHERE order_id = $1`, [order.id]);
      expect(parts.every((p: { maker_order_date: unknown }) => p.maker_order_date !== null)).toBe(true);
    });

    it('orders unpaid lines only when payment is not required (0) or postpaid (4), else 086', async () => {
      for (const paymentMethodId of [0, 4]) {
        const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA }], paymentMethodId });
        await put(`/${order.id}/order_process`, { version: 1, line_ids: order.lineIds }).expect(200);
        expect(await statuses(order.id)).toEqual([3]);
      }
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA }], paymentMethodId: 1 });
      expectErrorEnvelope((await put(`/${order.id}/order_process`, { version: 1, line_ids: order.lineIds }).expect(400)).body, 'NAL_ORD-086');
    });

    it('refuses lines of mixed statuses (084)', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }, { makerId: makerA, status: 3 }] });
      expectErrorEnvelope((await put(`/${order.id}/order_process`, { version: 1, line_ids: order.lineIds }).expect(400)).body, 'NAL_ORD-084');
    });
  });

  describe('maker receive and ship', () => {
    it('records the maker answer and moves 3 → 4; a refusal needs its reason and keeps the lines', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 3 }] });
      expectErrorEnvelope(
        (await put(`/${order.id}/maker_received_process`, { version: 1, line_ids: order.lineIds, maker_receive_date: '2026/11/02', confirm_status: 3 }).expect(400)).body,
        'NAL_ORD-103',
      );
      await put(`/${order.id}/maker_received_process`, { version: 1, line_ids: order.lineIds, maker_receive_date: '2026/11/02', confirm_status: 3, refusal_reason: '在庫切れ' }).expect(200);
      expect(await statuses(order.id)).toEqual([3]);
      await put(`/${order.id}/maker_received_process`, { version: 2, line_ids: order.lineIds, maker_receive_date: '2026-11-03', confirm_status: 1, estimated_ship_date: '2026-11-10' }).expect(200);
      expect(await statuses(order.id)).toEqual([4]);
      const [part] = await ctx.api.dataSource.query(
        `SELECT confirm_status, refusal_reason, to_char(maker_receive_date, 'YYYY-MM-DD') AS d, to_char(estimated_ship_date, 'YYYY-MM-DD') AS e FROM order_makers WHERE order_id = $1`,
        [order.id],
      );
      expect(part).toEqual({ confirm_status: 1, refusal_reason: null, d: '2026-11-03', e: '2026-11-10' });
    });

    it('validates the answer at its bounds: reason ≤ 100, confirm status 1–3, a real date', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 3 }] });
      const body = { version: 1, line_ids: order.lineIds, maker_receive_date: '2026-02-30', confirm_status: 4, refusal_reason: 'あ'.repeat(101) };
      const res = await put(`/${order.id}/maker_received_process`, body).expect(422);
      expect(res.body.error.errors.map((e: { field: string; error_code: string }) => `${e.field}:${e.error_code}`).sort()).toEqual([
        'confirm_status:in',
        'maker_receive_date:date_format',
        'refusal_reason:max_length',
      ]);
      await put(`/${order.id}/maker_received_process`, { ...body, maker_receive_date: '2026-11-02', confirm_status: 3, refusal_reason: 'あ'.repeat(100) }).expect(200);
    });

    it('ships with delivery info (088 without), a selectable ship date (191) and a known company', async () => {
      const company = await deliveryCompany(ctx.api);
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 4 }], orderDate: '2026-11-01' });
      const base = { version: 1, line_ids: order.lineIds };
      expectErrorEnvelope((await put(`/${order.id}/maker_ship_process`, { ...base, ship_date: '2026-11-05' }).expect(400)).body, 'NAL_ORD-088');
      const full = { ...base, ship_date: '2026-11-05', delivery_company_id: company, tracking_code: '1'.repeat(20) };
      expectErrorEnvelope((await put(`/${order.id}/maker_ship_process`, { ...full, ship_date: '2026-10-31' }).expect(400)).body, 'NAL_ORD-191');
      const tooLong = await put(`/${order.id}/maker_ship_process`, { ...full, tracking_code: '1'.repeat(21) }).expect(422);
      expect(tooLong.body.error.errors).toEqual([{ field: 'tracking_code', error_code: 'max_length', params: { max: 20 } }]);
      const unknown = await put(`/${order.id}/maker_ship_process`, { ...full, delivery_company_id: 99999999 }).expect(422);
      expect(unknown.body.error.errors).toEqual([expect.objectContaining({ field: 'delivery_company_id', error_code: 'exists' })]);
      await ctx.api.dataSource.query(`INSERT INTO time_shipments (month, start_date, finish_date) VALUES ('2026-11', '2026-11-06', '2026-12-05')`);
      try {
        expectErrorEnvelope((await put(`/${order.id}/maker_ship_process`, full).expect(400)).body, 'NAL_ORD-191');
        await put(`/${order.id}/maker_ship_process`, { ...full, ship_date: '2026-11-06' }).expect(200);
      } finally {
        await ctx.api.dataSource.query(`DELETE FROM time_shipments WHERE month = '2026-11'`);
      }
      expect(await statuses(order.id)).toEqual([5]);
      expect((await orderRow(order.id)).has_delivery_info).toBe(true);
    });

    it('data patch needs every line order-received (087) and delivery info (088)', async () => {
      const company = await deliveryCompany(ctx.api);
      const mixed = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 4 }, { makerId: makerA, status: 3 }] });
      expectErrorEnvelope((await put(`/${mixed.id}/data_patch`, { version: 1, line_ids: mixed.lineIds }).expect(400)).body, 'NAL_ORD-087');
      const bare = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 4 }] });
      expectErrorEnvelope((await put(`/${bare.id}/data_patch`, { version: 1, line_ids: bare.lineIds }).expect(400)).body, 'NAL_ORD-088');
      const ready = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 4 }], delivery: { shipDate: '2026-11-05', deliveryCompanyId: company, trackingCode: 'T-1' } });
      await put(`/${ready.id}/data_patch`, { version: 1, line_ids: ready.lineIds }).expect(200);
      expect(await statuses(ready.id)).toEqual([5]);
    });
  });

  describe('status change, return, refund, cancel, revenue', () => {
    it('changes status only along the table (086 otherwise)', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 5 }] });
      expectErrorEnvelope((await put(`/${order.id}/change_status`, { version: 1, line_ids: order.lineIds, status: 2 }).expect(400)).body, 'NAL_ORD-086');
      await put(`/${order.id}/change_status`, { version: 1, line_ids: order.lineIds, status: 6 }).expect(200);
      expect(await statuses(order.id)).toEqual([6]);
      const bad = await put(`/${order.id}/change_status`, { version: 2, line_ids: order.lineIds, status: 13 }).expect(422);
      expect(bad.body.error.errors[0]).toMatchObject({ field: 'status', error_code: 'in' });
    });

    it('returns shipped lines with the fees entered', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 5 }] });
      await put(`/${order.id}/return_process`, { version: 1, line_ids: order.lineIds, shipping_fee: 800, fee: 0 }).expect(200);
      expect(await statuses(order.id)).toEqual([9]);
      expect(await orderRow(order.id)).toMatchObject({ shipping_fee: 800, fee: 0 });
    });

    it('refunds a bank transfer with its 330 yen refund fee, and a card without', async () => {
      const bank = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }], paymentMethodId: 2 });
      await put(`/${bank.id}/refund_process`, { version: 1, line_ids: bank.lineIds }).expect(200);
      expect(await orderRow(bank.id)).toMatchObject({ refund_fee: 330, status: 7 });
      const card = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }], paymentMethodId: 1 });
      await put(`/${card.id}/refund_process`, { version: 1, line_ids: card.lineIds }).expect(200);
      expect((await orderRow(card.id)).refund_fee).toBe(0);
    });

    it('cancels with shipping fee and fee (both required, money bounds), and not after shipping', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 3 }, { makerId: makerA, status: 5 }] });
      const missing = await put(`/${order.id}/cancel`, { version: 1, line_ids: [order.lineIds[0]] }).expect(422);
      expect(missing.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual(['fee', 'shipping_fee']);
      const over = await put(`/${order.id}/cancel`, { version: 1, line_ids: [order.lineIds[0]], shipping_fee: 100000000, fee: -1 }).expect(422);
      expect(over.body.error.errors.map((e: { error_code: string }) => e.error_code).sort()).toEqual(['max', 'min']);
      expectErrorEnvelope((await put(`/${order.id}/cancel`, { version: 1, line_ids: [order.lineIds[1]], shipping_fee: 0, fee: 0 }).expect(400)).body, 'NAL_ORD-086');
      await put(`/${order.id}/cancel`, { version: 1, line_ids: [order.lineIds[0]], shipping_fee: 9_999_999, fee: 500 }).expect(200);
      expect(await statuses(order.id)).toEqual([8, 5]);
      expect(await orderRow(order.id)).toMatchObject({ shipping_fee: 9_999_999, fee: 500, status: 5 });
    });

    /** [command, the lines' status it starts from]: each takes shipping_fee and fee. */
    const FEE_COMMANDS: [string, number][] = [
      ['return_process', 5],
      ['refund_process', 2],
      ['cancel', 2],
    ];

    it.each(FEE_COMMANDS)('%s: each fee up to 9,999,999 yen, 10,000,000 refused with its bound and nothing written', async (command, status) => {
      for (const field of ['shipping_fee', 'fee']) {
        const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status }] });
        const fees = { shipping_fee: 0, fee: 0 };
        const over = await put(`/${order.id}/${command}`, { version: 1, line_ids: order.lineIds, ...fees, [field]: 10_000_000 }).expect(422);
        expect(over.body.error.errors).toEqual([{ field, error_code: 'max', params: { max: 9_999_999 } }]);
        expect(await statuses(order.id)).toEqual([status]);
        expect(await orderRow(order.id)).toMatchObject({ version: 1, shipping_fee: 0, fee: 0 });
        await put(`/${order.id}/${command}`, { version: 1, line_ids: order.lineIds, ...fees, [field]: 9_999_999 }).expect(200);
        expect((await orderRow(order.id))[field]).toBe(9_999_999);
      }
    });

    it('refuses fees that would take the order total past 99,999,999 yen (NAL_ORD-106), writing nothing', async () => {
      // 90,000,000 yen stays live after the 1,100 yen line is cancelled: 9,999,999 yen of fees is the most it takes.
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2, priceWithTax: 90_000_000 }, { makerId: makerA, status: 2 }] });
      const before = await orderRow(order.id);
      const refused = await put(`/${order.id}/cancel`, { version: 1, line_ids: [order.lineIds[1]], shipping_fee: 9_999_999, fee: 1 }).expect(400);
      expectErrorEnvelope(refused.body, 'NAL_ORD-106');
      expect(await orderRow(order.id)).toEqual(before);
      expect(await statuses(order.id)).toEqual([2, 2]);
      expect(await history(order.id)).toEqual([]);
      expect(await outbox(order.id)).toEqual([]);
      // The same in a batch: that order refused with the code, untouched.
      const inBatch = await put('/batch/cancel', { orders: [{ order_id: order.id, version: 1, line_ids: [order.lineIds[1]] }], shipping_fee: 9_999_999, fee: 1 }).expect(200);
      expect(inBatch.body.data).toEqual([{ order_id: order.id, ok: false, error_code: 'NAL_ORD-106' }]);
      expect(await orderRow(order.id)).toEqual(before);
      // At the bound it goes through.
      await put(`/${order.id}/cancel`, { version: 1, line_ids: [order.lineIds[1]], shipping_fee: 9_999_999, fee: 0 }).expect(200);
      expect(await orderRow(order.id)).toMatchObject({ total: 99_999_999, shipping_fee: 9_999_999, version: 2 });
    });

    it('sets the revenue month on shipped lines only', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 5 }] });
      await put(`/${order.id}/change_revenue`, { version: 1, line_ids: order.lineIds, revenue_month: '2026-12' }).expect(200);
      expect((await orderRow(order.id)).revenue_month).toBe('2026-12');
      const unpaid = await givenOrder(ctx.api, { lines: [{ makerId: makerA }] });
      expectErrorEnvelope((await put(`/${unpaid.id}/change_revenue`, { version: 1, line_ids: unpaid.lineIds, revenue_month: '2026-12' }).expect(400)).body, 'NAL_ORD-086');
      const bad = await put(`/${order.id}/change_revenue`, { version: 2, line_ids: order.lineIds, revenue_month: '2026-13' }).expect(422);
      expect(bad.body.error.errors[0]).toMatchObject({ field: 'revenue_month', error_code: 'date_format' });
    });
  });

  describe('batch over many orders', () => {
    it('applies to each order whole or not at all and answers per order', async () => {
      const good = await givenOrder(ctx.api, { lines: [{ makerId: makerA }, { makerId: makerB }] });
      const mixed = await givenOrder(ctx.api, { lines: [{ makerId: makerA }, { makerId: makerA, status: 2 }] });
      const stale = await givenOrder(ctx.api, { lines: [{ makerId: makerA }] });
      const res = await put('/batch/paid', {
        orders: [
          { order_id: stale.id, version: 5, line_ids: stale.lineIds },
          { order_id: good.id, version: 1, line_ids: good.lineIds },
          { order_id: mixed.id, version: 1, line_ids: mixed.lineIds },
          { order_id: 99999999, version: 1, line_ids: [1] },
        ],
      }).expect(200);
      expect(res.body.data).toEqual([
        { order_id: stale.id, ok: false, error_code: 'NAL_ORD-193' },
        { order_id: good.id, ok: true, version: 2 },
        { order_id: mixed.id, ok: false, error_code: 'NAL_ORD-166' },
        { order_id: '99999999', ok: false, error_code: 'NAL-404' },
      ]);
      expect(await statuses(good.id)).toEqual([2, 2]);
      expect(await statuses(mixed.id)).toEqual([1, 2]);
      expect(await history(mixed.id)).toEqual([]);
    });

    it('takes the command fields once for all orders, and refuses an empty or oversized selection', async () => {
      const a = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }] });
      const b = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 2 }] });
      const res = await put('/batch/cancel', { orders: [a, b].map((o) => ({ order_id: o.id, version: 1, line_ids: o.lineIds })), shipping_fee: 0, fee: 300 }).expect(200);
      expect(res.body.data.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
      expect(await orderRow(b.id)).toMatchObject({ fee: 300, status: 8 });
      expect((await put('/batch/paid', { orders: [] }).expect(422)).body.error.errors[0]).toMatchObject({ field: 'orders', error_code: 'required' });
      const tooMany = Array.from({ length: 201 }, (_, i) => ({ order_id: i + 1, version: 1, line_ids: [1] }));
      expect((await put('/batch/paid', { orders: tooMany }).expect(422)).body.error.errors[0]).toMatchObject({ field: 'orders', error_code: 'max' });
      const nested = await put('/batch/paid', { orders: [{ order_id: a.id, version: 0, line_ids: [] }] }).expect(422);
      expect(nested.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual(['orders.0.line_ids', 'orders.0.version']);
    });

    it('does not deadlock when two batches take the same orders in opposite order', async () => {
      const orders = await Promise.all(Array.from({ length: 6 }, () => givenOrder(ctx.api, { lines: [{ makerId: makerA }] })));
      const body = (list: typeof orders) => ({ orders: list.map((o) => ({ order_id: o.id, version: 1, line_ids: o.lineIds })) });
      const [one, two] = await Promise.all([put('/batch/paid', body(orders)), put('/batch/paid', body([...orders].reverse()))]);
      expect([one.status, two.status]).toEqual([200, 200]);
      const oks = [...one.body.data, ...two.body.data].filter((r: { ok: boolean }) => r.ok);
      expect(oks).toHaveLength(6);
    });
  });

  describe('makers act on their own lines only', () => {
    it('lets a maker receive and ship its lines, and answers 404 / 102 for others', async () => {
      const makerUser = await ctx.api.signedIn('maker', makerA);
      const mine = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 3 }, { makerId: makerB, status: 3 }] });
      const theirs = await givenOrder(ctx.api, { lines: [{ makerId: makerB, status: 3 }] });
      const answer = { maker_receive_date: '2026-11-03', confirm_status: 1, estimated_ship_date: japanToday() };
      expectErrorEnvelope((await put(`/${theirs.id}/maker_received_process`, { version: 1, line_ids: theirs.lineIds, ...answer }, makerUser).expect(404)).body, 'NAL-404');
      expectErrorEnvelope((await put(`/${mine.id}/maker_received_process`, { version: 1, line_ids: mine.lineIds, ...answer }, makerUser).expect(400)).body, 'NAL_ORD-102');
      // A maker's own acceptance gives its ship date ('ship date undecided' is the answer without one); staff may record either.
      const noDate = await put(`/${mine.id}/maker_received_process`, { version: 1, line_ids: [mine.lineIds[0]], maker_receive_date: '2026-11-03', confirm_status: 1 }, makerUser).expect(422);
      expect(noDate.body.error.errors).toEqual([{ field: 'estimated_ship_date', error_code: 'required' }]);
      await put(`/${mine.id}/maker_received_process`, { version: 1, line_ids: [mine.lineIds[0]], ...answer }, makerUser).expect(200);
      expect(await statuses(mine.id)).toEqual([4, 3]);
      await put('/paid', { order_id: mine.id, version: 2, line_ids: [mine.lineIds[0]] }, makerUser).expect(403);
    });

    it('answers 404 for an order whose lines of the maker were not ordered from it (yet), and 102 for such a line', async () => {
      const makerUser = await ctx.api.signedIn('maker', makerA);
      const answer = { maker_receive_date: '2026-11-03', confirm_status: 1, estimated_ship_date: japanToday() };
      const unpaid = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 1 }] });
      const cancelledBefore = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 8 }] });
      for (const order of [unpaid, cancelledBefore]) {
        expectErrorEnvelope((await put(`/${order.id}/maker_received_process`, { version: 1, line_ids: order.lineIds, ...answer }, makerUser).expect(404)).body, 'NAL-404');
      }
      const mixed = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 3 }, { makerId: makerA, status: 2 }] });
      expectErrorEnvelope((await put(`/${mixed.id}/maker_received_process`, { version: 1, line_ids: [mixed.lineIds[1]], ...answer }, makerUser).expect(400)).body, 'NAL_ORD-102');
    });
  });

  describe('a refusal', () => {
    it('is a status-history row of its own (3 → 3) with the reason, and records no receive date', async () => {
      const order = await givenOrder(ctx.api, { lines: [{ makerId: makerA, status: 3 }] });
      await put(`/${order.id}/maker_received_process`, { version: 1, line_ids: order.lineIds, maker_receive_date: '2026-11-03', confirm_status: 3, refusal_reason: '在庫切れのため' }).expect(200);
      const history = (await ctx.api.http.get(`/api/v1/orders/${order.id}/history_status`).set('Authorization', operator.auth).expect(200)).body.data;
      expect(history.map((h: { from_status: number; to_status: number; command: string; note: string }) => [h.from_status, h.to_status, h.command, h.note])).toEqual([[3, 3, 'maker_refused', '在庫切れのため']]);
      const [part] = await ctx.api.dataSource.query(`SELECT confirm_status, maker_receive_date FROM order_makers WHERE order_id = $1`, [order.id]);
      expect(part).toEqual({ confirm_status: 3, maker_receive_date: null });
    });
  });
});

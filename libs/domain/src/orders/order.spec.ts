import { DomainError } from '../errors';
import { LINE_STATUS, LINE_STATUSES, LINE_TRANSITIONS, LineStatus, ORDER_COMMANDS, OrderCommandName } from './line-status';
import { MAKER_CONFIRM_STATUS, MakerConfirmStatus, MakerPartState, Order, OrderLineState, OrderState, TimelinePeriod } from './order';
import { OrderFees } from './order-totals';
import { PAYMENT_METHOD, PaymentMethodRule } from './payment-rules';

const S = LINE_STATUS;

const CREDIT_CARD: PaymentMethodRule = { id: PAYMENT_METHOD.creditCard, isPostpaid: false, businessOnly: false };
const BANK_TRANSFER: PaymentMethodRule = { id: PAYMENT_METHOD.bankTransfer, isPostpaid: false, businessOnly: false };
const NOT_REQUIRED: PaymentMethodRule = { id: PAYMENT_METHOD.notRequired, isPostpaid: false, businessOnly: false };
const DEFERRED: PaymentMethodRule = { id: PAYMENT_METHOD.deferred, isPostpaid: true, businessOnly: false };

const ORDER_DATE = '2025-04-01';
const SHIPPED = { shipDate: '2025-04-10', deliveryCompanyId: '3', trackingCode: 'TRK-1' };
const NO_FEES: OrderFees = { settlementFee: 0, shippingFee: 0, otherFee: 0, fee: 0, refundFee: 0 };

const line = (id: string, makerId: string, status: LineStatus, priceWithTax = 1_100): OrderLineState => ({ id, makerId, status, amount: 1, priceWithTax, taxPercentage: 10 });

const makerPart = (makerId: string, over: Partial<MakerPartState> = {}): MakerPartState => ({
  makerId,
  confirmStatus: null,
  refusalReason: null,
  makerOrderDate: null,
  makerReceiveDate: null,
  estimatedShipDate: null,
  shipDate: null,
  deliveryCompanyId: null,
  trackingCode: null,
  ...over,
});

function stateOf(over: Partial<OrderState> & Pick<OrderState, 'lines'>): OrderState {
  const makerIds = [...new Set(over.lines.map((l) => l.makerId))];
  return { id: '1', version: 3, orderDate: ORDER_DATE, paymentMethod: CREDIT_CARD, revenueMonth: null, fees: NO_FEES, makers: makerIds.map((m) => makerPart(m)), ...over };
}

const orderOf = (over: Partial<OrderState> & Pick<OrderState, 'lines'>) => Order.from(stateOf(over));

/** The catalogue code a command refuses with, or null when it goes through. */
function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

const statusesOf = (order: Order) => Object.fromEntries(order.snapshot().lines.map((l) => [l.id, l.status]));
const eventTypes = (order: Order) => order.recorded().events.map((e) => e.type);

/** Runs a command with arguments that satisfy every rule but the lines' status. */
function run(order: Order, command: OrderCommandName, lineIds: string[], changeTo: LineStatus = S.delivered): unknown {
  switch (command) {
    case 'confirm_payment':
      return order.confirmPayment(lineIds);
    case 'order_to_maker':
      return order.orderToMaker(lineIds, '2025-04-02');
    case 'maker_receive':
      return order.makerReceive(lineIds, { makerReceiveDate: '2025-04-03', confirmStatus: MAKER_CONFIRM_STATUS.accepted });
    case 'maker_ship':
      return order.makerShip(lineIds, SHIPPED, []);
    case 'data_patch':
      return order.dataPatch(lineIds, []);
    case 'change_status':
      return order.changeStatus(lineIds, changeTo);
    case 'return':
      return order.returnLines(lineIds, {});
    case 'refund':
      return order.refund(lineIds, {});
    case 'cancel':
      return order.cancel(lineIds, { shippingFee: 0, fee: 0 });
    case 'change_revenue':
      return order.changeRevenue(lineIds, '2025-05', []);
  }
}

/**
 * The events a command writes to the outbox: only what a worker acts on (an order sheet, a shipment
 * notice). The others leave their record in the status history alone.
 */
const EMITS: Partial<Record<OrderCommandName, string>> = { order_to_maker: 'order.sent_to_maker', maker_ship: 'order.shipped', data_patch: 'order.shipped' };

/** What a command answers when the lines' status has no row: the specific codes of DESIGN.md §4, else 086. */
const REFUSED_WITH: Partial<Record<OrderCommandName, string>> = { confirm_payment: 'NAL_ORD-169', data_patch: 'NAL_ORD-087' };

/**
 * An order of two makers: L1 (maker 10) and L2 (maker 20) in `status` are selected; L3 (maker 10)
 * is not and must stay as it is. Both maker parts already carry delivery info (for data_patch).
 */
function walkOrder(status: LineStatus, paymentMethod: PaymentMethodRule): Order {
  const other = status === S.delivered ? S.shipped : S.delivered;
  return orderOf({
    paymentMethod,
    lines: [line('L1', '10', status), line('L2', '20', status), line('L3', '10', other)],
    makers: [makerPart('10', SHIPPED), makerPart('20', SHIPPED)],
  });
}

/** The walk's expectation: the status the selected lines end in (null: unchanged, change_revenue), or the refusal. */
type Outcome = { to: LineStatus | null } | { refusedWith: string };

function expectWalk(order: Order, command: OrderCommandName, from: LineStatus, outcome: Outcome, changeTo?: LineStatus) {
  const before = statusesOf(order);
  const code = refusal(() => run(order, command, ['L1', 'L2'], changeTo));
  if ('refusedWith' in outcome) {
    expect(code).toBe(outcome.refusedWith);
    expect(statusesOf(order)).toEqual(before);
    expect(order.recorded()).toEqual({ command: null, note: null, changes: [], events: [], answers: [] });
    return;
  }
  const { to } = outcome;
  expect(code).toBeNull();
  const after = to ?? from;
  expect(statusesOf(order)).toEqual({ ...before, L1: after, L2: after });
  expect(order.recorded().command).toBe(command);
  // change_revenue keeps the status but still records each line (its history row names who set the month).
  expect(order.recorded().changes).toEqual([{ lineId: 'L1', from, to: after }, { lineId: 'L2', from, to: after }]);
  // One event per maker of the selected lines, or none; L3 is sold (shipped or delivered), so the
  // order's revenue record follows every command (one `order.revenue_changed` each).
  expect(eventTypes(order).filter((t) => t !== 'order.revenue_changed')).toEqual(EMITS[command] ? [EMITS[command], EMITS[command]] : []);
  expect(eventTypes(order).filter((t) => t === 'order.revenue_changed')).toEqual(['order.revenue_changed']);
  for (const event of order.recorded().events) expect(event).toMatchObject({ aggregateType: 'order', aggregateId: '1', payload: { orderId: '1' } });
}

describe('Order: the whole transition table', () => {
  const methods = [
    { name: 'credit card', method: CREDIT_CARD, followsShipment: false },
    { name: 'payment not required', method: NOT_REQUIRED, followsShipment: true },
  ];
  const pairs = methods.flatMap(({ name, method, followsShipment }) =>
    ORDER_COMMANDS.filter((c) => c !== 'change_status').flatMap((command) =>
      LINE_STATUSES.map((from) => {
        const row = LINE_TRANSITIONS.find((t) => t.command === command && t.from === from && (!t.when || followsShipment));
        const outcome: Outcome = row ? { to: row.to } : { refusedWith: REFUSED_WITH[command] ?? 'NAL_ORD-086' };
        return { name, method, command, from, outcome, expected: row ? `${row.to ?? 'unchanged'}` : 'refused' };
      }),
    ),
  );

  it.each(pairs)('$name: $command from $from → $expected', ({ method, command, from, outcome }) => {
    expectWalk(walkOrder(from, method), command, from, outcome);
  });

  const changes = methods.flatMap(({ name, method, followsShipment }) =>
    LINE_STATUSES.flatMap((from) =>
      LINE_STATUSES.map((target) => ({
        name,
        method,
        from,
        target,
        allowed: LINE_TRANSITIONS.some((t) => t.command === 'change_status' && t.from === from && t.to === target && (!t.when || followsShipment)),
      })),
    ),
  );

  it.each(changes)('$name: change_status from $from to $target: allowed $allowed', ({ method, from, target, allowed }) => {
    expectWalk(walkOrder(from, method), 'change_status', from, allowed ? { to: target } : { refusedWith: 'NAL_ORD-086' }, target);
  });

  it('refuses a change_status target that is no status', () => {
    const order = walkOrder(S.shipped, CREDIT_CARD);
    expect(refusal(() => order.changeStatus(['L1'], 13 as LineStatus))).toBe('NAL_ORD-086');
    expect(refusal(() => order.changeStatus(['L1'], 0 as LineStatus))).toBe('NAL_ORD-086');
  });

  it.each([
    ['payment not required (id 0)', NOT_REQUIRED, null],
    ['deferred, postpaid', DEFERRED, null],
    ['monthly invoice, postpaid', { id: PAYMENT_METHOD.monthlyInvoice, isPostpaid: true, businessOnly: true }, null],
    ['credit card', CREDIT_CARD, 'NAL_ORD-086'],
    ['bank transfer', BANK_TRANSFER, 'NAL_ORD-086'],
  ])('orders unpaid lines from makers only when payment can follow: %s', (_name, paymentMethod, expected) => {
    const order = orderOf({ paymentMethod, lines: [line('L1', '10', S.unpaid)] });
    expect(refusal(() => order.orderToMaker(['L1'], '2025-04-02'))).toBe(expected);
    expect(order.snapshot().lines[0].status).toBe(expected ? S.unpaid : S.ordered);
  });
});

describe('Order: rules with their codes', () => {
  // For each command, two statuses it accepts one at a time: mixed, they are refused.
  const mixed: [OrderCommandName, LineStatus, LineStatus, PaymentMethodRule][] = [
    ['order_to_maker', S.unpaid, S.paid, NOT_REQUIRED],
    ['maker_receive', S.ordered, S.reordered, CREDIT_CARD],
    ['maker_ship', S.orderReceived, S.reorderReceived, CREDIT_CARD],
    ['change_status', S.shipped, S.reshipped, CREDIT_CARD],
    ['return', S.shipped, S.delivered, CREDIT_CARD],
    ['refund', S.paid, S.returned, CREDIT_CARD],
    ['cancel', S.unpaid, S.orderReceived, CREDIT_CARD],
    ['change_revenue', S.shipped, S.reshipped, CREDIT_CARD],
  ];

  it('covers every command that goes by the table', () => {
    expect(mixed.map(([c]) => c).sort()).toEqual(ORDER_COMMANDS.filter((c) => !(c in REFUSED_WITH)).sort());
  });

  it.each(mixed)('%s refuses lines of mixed statuses %i and %i (084)', (command, a, b, paymentMethod) => {
    const order = orderOf({ paymentMethod, lines: [line('L1', '10', a), line('L2', '10', b)], makers: [makerPart('10', SHIPPED)] });
    expect(refusal(() => run(order, command, ['L1']))).toBeNull();
    const fresh = orderOf({ paymentMethod, lines: [line('L1', '10', a), line('L2', '10', b)], makers: [makerPart('10', SHIPPED)] });
    expect(refusal(() => run(fresh, command, ['L2']))).toBeNull();
    const both = orderOf({ paymentMethod, lines: [line('L1', '10', a), line('L2', '10', b)], makers: [makerPart('10', SHIPPED)] });
    expect(refusal(() => run(both, command, ['L1', 'L2']))).toBe('NAL_ORD-084');
    expect(both.recorded().changes).toEqual([]);
  });

  it('answers mixed statuses with the codes of confirm payment and data patch', () => {
    const order = orderOf({ lines: [line('L1', '10', S.unpaid), line('L2', '10', S.paid), line('L3', '10', S.orderReceived), line('L4', '10', S.shipped)], makers: [makerPart('10', SHIPPED)] });
    expect(refusal(() => order.confirmPayment(['L1', 'L2']))).toBe('NAL_ORD-166');
    expect(refusal(() => order.confirmPayment(['L2', 'L3']))).toBe('NAL_ORD-169');
    expect(refusal(() => order.dataPatch(['L3', 'L4'], []))).toBe('NAL_ORD-087');
    expect(statusesOf(order)).toEqual({ L1: S.unpaid, L2: S.paid, L3: S.orderReceived, L4: S.shipped });
  });

  it.each(ORDER_COMMANDS)('%s needs at least one line (101)', (command) => {
    expect(refusal(() => run(walkOrder(S.unpaid, CREDIT_CARD), command, []))).toBe('NAL_ORD-101');
  });

  it.each(ORDER_COMMANDS)('%s refuses a line id the order does not have (102)', (command) => {
    expect(refusal(() => run(walkOrder(S.unpaid, CREDIT_CARD), command, ['L1', 'L9']))).toBe('NAL_ORD-102');
  });

  it('counts a line selected twice once', () => {
    const order = orderOf({ lines: [line('L1', '10', S.unpaid)] });
    order.confirmPayment(['L1', 'L1']);
    expect(order.recorded().changes).toEqual([{ lineId: 'L1', from: S.unpaid, to: S.paid }]);
  });

  describe('maker receive', () => {
    const ordered = () => orderOf({ lines: [line('L1', '10', S.ordered), line('L2', '20', S.ordered)] });

    it.each([undefined, null, '', '   '])('refuses a refusal without its reason (103): %p', (refusalReason) => {
      const order = ordered();
      expect(refusal(() => order.makerReceive(['L1'], { makerReceiveDate: '2025-04-03', confirmStatus: MAKER_CONFIRM_STATUS.notAccepted, refusalReason }))).toBe('NAL_ORD-103');
      expect(order.snapshot().makers[0].confirmStatus).toBeNull();
      expect(order.recorded().events).toEqual([]);
    });

    it('refuses a receive or estimated ship date before the order date, changing nothing', () => {
      const order = ordered();
      expect(() => order.makerReceive(['L1'], { makerReceiveDate: '2025-03-31', confirmStatus: MAKER_CONFIRM_STATUS.accepted, estimatedShipDate: '2020-04-01' })).toThrow(
        expect.objectContaining({ issues: [
          { field: 'maker_receive_date', errorCode: 'date_after', params: { other: 'order_date' } },
          { field: 'estimated_ship_date', errorCode: 'date_after', params: { other: 'order_date' } },
        ] }),
      );
      expect(statusesOf(order)).toEqual({ L1: S.ordered, L2: S.ordered });
      order.makerReceive(['L1'], { makerReceiveDate: ORDER_DATE, confirmStatus: MAKER_CONFIRM_STATUS.accepted, estimatedShipDate: ORDER_DATE });
      expect(statusesOf(order).L1).toBe(S.orderReceived);
    });

    it('keeps refused lines where they are, as a history row each with the reason, and records the refusal per maker', () => {
      const order = ordered();
      order.makerReceive(['L1', 'L2'], { makerReceiveDate: '2025-04-03', confirmStatus: MAKER_CONFIRM_STATUS.notAccepted, refusalReason: '  out of stock  ' });
      expect(statusesOf(order)).toEqual({ L1: S.ordered, L2: S.ordered });
      expect(order.recorded().command).toBe('maker_refused');
      expect(order.recorded().note).toBe('out of stock');
      expect(order.recorded().changes).toEqual([
        { lineId: 'L1', from: S.ordered, to: S.ordered },
        { lineId: 'L2', from: S.ordered, to: S.ordered },
      ]);
      expect(order.recorded().answers).toEqual([
        { makerId: '10', refused: true },
        { makerId: '20', refused: true },
      ]);
      expect(order.recorded().events).toEqual([]);
      // A refusal receives nothing: no receive date, no ship date.
      expect(order.snapshot().makers[0]).toMatchObject({ confirmStatus: 3, refusalReason: 'out of stock', makerReceiveDate: null, estimatedShipDate: null });
    });

    it.each([MAKER_CONFIRM_STATUS.accepted, MAKER_CONFIRM_STATUS.shipDateUndecided])('moves the lines on with confirm status %i', (confirmStatus) => {
      const order = orderOf({ lines: [line('L1', '10', S.ordered)], makers: [makerPart('10', { refusalReason: 'earlier refusal', confirmStatus: 3 })] });
      order.makerReceive(['L1'], { makerReceiveDate: '2025-04-03', confirmStatus, refusalReason: 'ignored', estimatedShipDate: '2025-04-09' });
      expect(statusesOf(order)).toEqual({ L1: S.orderReceived });
      expect(order.snapshot().makers[0]).toMatchObject({ confirmStatus, refusalReason: null, makerReceiveDate: '2025-04-03', estimatedShipDate: '2025-04-09' });
      expect(order.recorded().answers).toEqual([{ makerId: '10', refused: false }]);
      expect(order.recorded().events).toEqual([]);
    });

    describe('a changed estimated ship date', () => {
      const received = (confirmStatus: MakerConfirmStatus, status: LineStatus = S.orderReceived) =>
        orderOf({ lines: [line('L1', '10', status), line('L2', '10', status)], makers: [makerPart('10', { confirmStatus, estimatedShipDate: '2025-04-09' })] });

      it('keeps the lines where they are and notes the change in their history', () => {
        const order = received(MAKER_CONFIRM_STATUS.accepted);
        order.changeEstimatedShipDate(['L1', 'L2'], '2025-04-15', '2025-04-05');
        expect(statusesOf(order)).toEqual({ L1: S.orderReceived, L2: S.orderReceived });
        expect(order.recorded()).toMatchObject({
          command: 'maker_ship_date_changed',
          note: '2025-04-09 → 2025-04-15',
          changes: [
            { lineId: 'L1', from: S.orderReceived, to: S.orderReceived },
            { lineId: 'L2', from: S.orderReceived, to: S.orderReceived },
          ],
        });
        expect(order.recorded().events).toEqual([]);
        expect(order.snapshot().makers[0]).toMatchObject({ estimatedShipDate: '2025-04-15', confirmStatus: 1 });
      });

      it('decides an undecided answer: it becomes accepted', () => {
        const order = received(MAKER_CONFIRM_STATUS.shipDateUndecided, S.reorderReceived);
        order.changeEstimatedShipDate(['L1'], '2025-04-05', '2025-04-05');
        expect(order.snapshot().makers[0].confirmStatus).toBe(MAKER_CONFIRM_STATUS.accepted);
      });

      it('refuses a past date, lines not awaiting shipment, and a part not accepted', () => {
        expect(refusal(() => received(MAKER_CONFIRM_STATUS.accepted).changeEstimatedShipDate(['L1'], '2025-04-04', '2025-04-05'))).toBe('NAL-422');
        expect(refusal(() => received(MAKER_CONFIRM_STATUS.accepted, S.shipped).changeEstimatedShipDate(['L1'], '2025-04-15', '2025-04-05'))).toBe('NAL_ORD-086');
        expect(refusal(() => received(MAKER_CONFIRM_STATUS.notAccepted).changeEstimatedShipDate(['L1'], '2025-04-15', '2025-04-05'))).toBe('NAL_ORD-086');
      });
    });

    it('keeps the estimated ship date unless one is given', () => {
      const order = orderOf({ lines: [line('L1', '10', S.reordered)], makers: [makerPart('10', { estimatedShipDate: '2025-04-20' })] });
      order.makerReceive(['L1'], { makerReceiveDate: '2025-04-03', confirmStatus: MAKER_CONFIRM_STATUS.accepted });
      expect(order.snapshot().makers[0].estimatedShipDate).toBe('2025-04-20');
      expect(statusesOf(order)).toEqual({ L1: S.reorderReceived });
    });
  });

  describe('maker ship', () => {
    const received = (part: Partial<MakerPartState> = {}) => orderOf({ lines: [line('L1', '10', S.orderReceived)], makers: [makerPart('10', part)] });

    it.each([
      ['nothing given, nothing on the maker part', {}, {}],
      ['no tracking code anywhere', { shipDate: '2025-04-10', deliveryCompanyId: '3' }, {}],
      ['no ship date anywhere', { deliveryCompanyId: '3', trackingCode: 'T' }, {}],
      ['no delivery company anywhere', { shipDate: '2025-04-10', trackingCode: 'T' }, {}],
      ['an empty tracking code', { ...SHIPPED, trackingCode: '' }, {}],
    ])('needs delivery info (088): %s', (_name, delivery, part) => {
      const order = received(part);
      expect(refusal(() => order.makerShip(['L1'], delivery, []))).toBe('NAL_ORD-088');
      expect(statusesOf(order)).toEqual({ L1: S.orderReceived });
    });

    it('completes the given delivery info with what the maker part has', () => {
      const order = received({ deliveryCompanyId: '5', trackingCode: 'OLD' });
      order.makerShip(['L1'], { shipDate: '2025-04-10', trackingCode: 'NEW' }, []);
      expect(order.snapshot().makers[0]).toMatchObject({ shipDate: '2025-04-10', deliveryCompanyId: '5', trackingCode: 'NEW' });
      expect(statusesOf(order)).toEqual({ L1: S.shipped });
      expect(order.snapshot().hasDeliveryInfo).toBe(true);
    });

    it('ships on the delivery info already on the maker part', () => {
      const order = received(SHIPPED);
      order.makerShip(['L1'], {}, []);
      expect(statusesOf(order)).toEqual({ L1: S.shipped });
    });

    it('needs delivery info for every maker of the selected lines', () => {
      const order = orderOf({ lines: [line('L1', '10', S.orderReceived), line('L2', '20', S.orderReceived)], makers: [makerPart('10', SHIPPED), makerPart('20')] });
      expect(refusal(() => order.makerShip(['L1', 'L2'], {}, []))).toBe('NAL_ORD-088');
      expect(order.snapshot().makers[0]).toMatchObject(SHIPPED);
      expect(refusal(() => order.makerShip(['L1'], {}, []))).toBeNull();
    });

    it('records one shipment per maker, with the delivery info it went with', () => {
      const order = orderOf({ lines: [line('L1', '10', S.orderReceived), line('L2', '20', S.orderReceived), line('L3', '10', S.orderReceived)] });
      order.makerShip(['L1', 'L2', 'L3'], SHIPPED, []);
      expect(order.recorded().events.map((e) => e.payload)).toEqual([
        { orderId: '1', lineIds: ['L1', 'L3'], makerId: '10', ...SHIPPED },
        { orderId: '1', lineIds: ['L2'], makerId: '20', ...SHIPPED },
        { orderId: '1' },
      ]);
      expect(eventTypes(order)).toEqual(['order.shipped', 'order.shipped', 'order.revenue_changed']);
      expect(order.snapshot().makers.map((m) => m.shipDate)).toEqual(['2025-04-10', '2025-04-10']);
    });

    const april: TimelinePeriod[] = [
      { month: '2025-04', startDate: '2025-03-26', finishDate: '2025-04-25' },
      { month: '2025-05', startDate: '2025-04-26', finishDate: '2025-05-25' },
    ];

    it.each<[string, string, TimelinePeriod[], string | null]>([
      ['the day before the order date', '2025-03-31', [], 'NAL_ORD-191'],
      ['before the order date, even inside the timeline', '2025-03-31', april, 'NAL_ORD-191'],
      ['the order date itself', ORDER_DATE, [], null],
      ['any later date when the timeline is empty', '2026-12-31', [], null],
      ['inside a timeline entry', '2025-04-10', april, null],
      ['the first day of an entry', '2025-04-26', april, null],
      ['the last day of the last entry', '2025-05-25', april, null],
      ['after the last entry', '2025-05-26', april, 'NAL_ORD-191'],
      ['between two entries', '2025-04-20', [{ month: '2025-04', startDate: '2025-03-26', finishDate: '2025-04-15' }, { month: '2025-05', startDate: '2025-04-26', finishDate: '2025-05-25' }], 'NAL_ORD-191'],
    ])('ship date %s: %s → %s', (_name, shipDate, timeline, expected) => {
      const order = received();
      expect(refusal(() => order.makerShip(['L1'], { ...SHIPPED, shipDate }, timeline))).toBe(expected);
      expect(statusesOf(order)).toEqual({ L1: expected ? S.orderReceived : S.shipped });
      expect(order.snapshot().makers[0].shipDate).toBe(expected ? null : shipDate);
    });

    it('checks the ship date the maker part already has (191)', () => {
      const order = received({ ...SHIPPED, shipDate: '2025-03-01' });
      expect(refusal(() => order.makerShip(['L1'], {}, []))).toBe('NAL_ORD-191');
    });
  });

  describe('data patch', () => {
    it.each<[string, Partial<MakerPartState>]>([
      ['no delivery info', {}],
      ['no tracking code', { ...SHIPPED, trackingCode: null }],
      ['no ship date', { ...SHIPPED, shipDate: null }],
      ['no delivery company', { ...SHIPPED, deliveryCompanyId: null }],
    ])('needs the delivery info on the order (088): %s', (_name, part) => {
      const order = orderOf({ lines: [line('L1', '10', S.orderReceived)], makers: [makerPart('10', part)] });
      expect(refusal(() => order.dataPatch(['L1'], []))).toBe('NAL_ORD-088');
      expect(statusesOf(order)).toEqual({ L1: S.orderReceived });
    });

    it('looks only at the makers of the selected lines', () => {
      const order = orderOf({ lines: [line('L1', '10', S.orderReceived), line('L2', '20', S.orderReceived)], makers: [makerPart('10', SHIPPED), makerPart('20')] });
      expect(refusal(() => order.dataPatch(['L1', 'L2'], []))).toBe('NAL_ORD-088');
      order.dataPatch(['L1'], []);
      expect(statusesOf(order)).toEqual({ L1: S.shipped, L2: S.orderReceived });
      expect(order.recorded().events).toEqual([
        { type: 'order.shipped', aggregateType: 'order', aggregateId: '1', payload: { orderId: '1', lineIds: ['L1'], makerId: '10', ...SHIPPED } },
        { type: 'order.revenue_changed', aggregateType: 'order', aggregateId: '1', payload: { orderId: '1' } },
      ]);
    });
  });
});

describe('Order: what commands record', () => {
  it('confirms payment and answers whether every live line is now paid', () => {
    const order = orderOf({ lines: [line('L1', '10', S.unpaid), line('L2', '20', S.unpaid)] });
    expect(order.confirmPayment(['L1'])).toEqual({ isShowPopup: false });
    expect(order.recorded().changes).toEqual([{ lineId: 'L1', from: S.unpaid, to: S.paid }]);
    expect(order.recorded().events).toEqual([]);
    expect(order.confirmPayment(['L2'])).toEqual({ isShowPopup: true });
    expect(order.status).toBe(S.paid);
  });

  it('ignores cancelled and refunded lines in the popup answer', () => {
    const order = orderOf({ lines: [line('L1', '10', S.unpaid), line('L2', '10', S.cancel), line('L3', '20', S.refunded)] });
    expect(order.confirmPayment(['L1'])).toEqual({ isShowPopup: true });
  });

  it('offers no popup while another live line is past paid', () => {
    const order = orderOf({ lines: [line('L1', '10', S.unpaid), line('L2', '10', S.ordered)] });
    expect(order.confirmPayment(['L1'])).toEqual({ isShowPopup: false });
  });

  it('sends to each maker once, with its lines, and dates the maker parts', () => {
    const order = orderOf({
      lines: [line('L1', '10', S.paid), line('L2', '20', S.paid), line('L3', '10', S.paid), line('L4', '30', S.paid)],
      makers: [makerPart('10'), makerPart('20')],
    });
    order.orderToMaker(['L1', 'L2', 'L3'], '2025-04-02');
    expect(order.recorded().command).toBe('order_to_maker');
    expect(order.recorded().changes).toEqual(['L1', 'L2', 'L3'].map((lineId) => ({ lineId, from: S.paid, to: S.ordered })));
    expect(order.recorded().events.map((e) => [e.type, e.payload])).toEqual([
      ['order.sent_to_maker', { orderId: '1', lineIds: ['L1', 'L3'], makerId: '10' }],
      ['order.sent_to_maker', { orderId: '1', lineIds: ['L2'], makerId: '20' }],
    ]);
    expect(order.snapshot().makers.map((m) => [m.makerId, m.makerOrderDate])).toEqual([['10', '2025-04-02'], ['20', '2025-04-02']]);
    expect(order.status).toBe(S.paid);
  });

  it('adds the maker part of a maker the order did not have yet', () => {
    const order = orderOf({ lines: [line('L1', '10', S.paid)], makers: [] });
    order.orderToMaker(['L1'], '2025-04-02');
    expect(order.snapshot().makers).toEqual([makerPart('10', { makerOrderDate: '2025-04-02' })]);
  });

  it('records the status change with its from and to', () => {
    const order = orderOf({ lines: [line('L1', '10', S.shipped), line('L2', '10', S.shipped)] });
    order.changeStatus(['L1', 'L2'], S.delivered);
    expect(order.recorded().changes).toEqual([{ lineId: 'L1', from: S.shipped, to: S.delivered }, { lineId: 'L2', from: S.shipped, to: S.delivered }]);
    expect(order.recorded().command).toBe('change_status');
    // Sold lines: their revenue record follows (nothing else acts on a delivery).
    expect(eventTypes(order)).toEqual(['order.revenue_changed']);
  });

  it('returns lines, replacing only the fees given', () => {
    const order = orderOf({ lines: [line('L1', '10', S.delivered), line('L2', '10', S.shipped)], fees: { ...NO_FEES, shippingFee: 800, fee: 100, otherFee: 50 } });
    order.returnLines(['L1'], { shippingFee: 1_200 });
    expect(order.snapshot().fees).toEqual({ ...NO_FEES, shippingFee: 1_200, fee: 100, otherFee: 50 });
    expect(order.recorded().command).toBe('return');
    order.returnLines(['L2'], { fee: 0 });
    expect(statusesOf(order)).toEqual({ L1: S.returned, L2: S.returned });
    expect(order.snapshot().fees).toEqual({ ...NO_FEES, shippingFee: 1_200, fee: 0, otherFee: 50 });
  });

  it.each([
    ['bank transfer', BANK_TRANSFER, 330],
    ['credit card', CREDIT_CARD, 0],
    ['deferred', DEFERRED, 0],
    ['payment not required', NOT_REQUIRED, 0],
  ])('refunds by %s with a refund fee of %i', (_name, paymentMethod, refundFee) => {
    const order = orderOf({ paymentMethod, lines: [line('L1', '10', S.paid, 11_000), line('L2', '10', S.paid, 2_200)], fees: { ...NO_FEES, shippingFee: 800 } });
    order.refund(['L1'], { fee: 100 });
    expect(order.snapshot().fees).toEqual({ ...NO_FEES, shippingFee: 800, fee: 100, refundFee });
    expect(order.recorded().changes).toEqual([{ lineId: 'L1', from: S.paid, to: S.refunded }]);
    expect(order.totals).toMatchObject({ productsTotal: 2_200, total: 2_200 + 800 + 100 - refundFee });
  });

  it('cancels with the fees that still apply, and the cancelled lines stop counting', () => {
    const order = orderOf({ lines: [line('L1', '10', S.paid, 11_000), line('L2', '20', S.unpaid, 2_200)], fees: { ...NO_FEES, settlementFee: 390, shippingFee: 800, fee: 100 } });
    order.cancel(['L1'], { shippingFee: 500, fee: 0 });
    expect(order.snapshot().fees).toEqual({ ...NO_FEES, settlementFee: 390, shippingFee: 500, fee: 0 });
    expect(order.recorded().changes).toEqual([{ lineId: 'L1', from: S.paid, to: S.cancel }]);
    expect(order.recorded().command).toBe('cancel');
    expect(order.snapshot().totals).toEqual({ productsTotal: 2_200, taxTotal: 200, total: 2_200 + 390 + 500, taxByRate: [{ rate: 10, amountWithTax: 2_200, tax: 200 }] });
    expect(order.status).toBe(S.unpaid);
  });

  describe('the fees return, refund and cancel set: the total they make stays within 99,999,999 yen (NAL_ORD-106)', () => {
    /** Two lines of `first` and 1,100 yen. */
    const twoLines = (status: LineStatus, first: number, fees: Partial<OrderFees> = {}, paymentMethod = CREDIT_CARD) =>
      orderOf({ paymentMethod, lines: [line('L1', '10', status, first), line('L2', '10', status)], fees: { ...NO_FEES, ...fees } });

    it('cancel: the fees given count with the lines still live', () => {
      // 90,000,000 left live: 9,999,999 yen of fees reach the bound, one yen more passes it.
      expect(refusal(() => twoLines(S.paid, 90_000_000).cancel(['L2'], { shippingFee: 9_999_999, fee: 0 }))).toBeNull();
      expect(refusal(() => twoLines(S.paid, 90_000_000).cancel(['L2'], { shippingFee: 9_999_999, fee: 1 }))).toBe('NAL_ORD-106');
      // Cancelling the large line leaves room for the fees.
      expect(refusal(() => twoLines(S.paid, 90_000_000).cancel(['L1'], { shippingFee: 9_999_999, fee: 9_999_999 }))).toBeNull();
    });

    it('return: with the fees the order keeps (a returned line still counts)', () => {
      // 89,998,900 + 1,100 + 9,999,999 = 99,999,999.
      expect(refusal(() => twoLines(S.delivered, 89_998_900, { otherFee: 9_999_999 }).returnLines(['L2'], { shippingFee: 0 }))).toBeNull();
      expect(refusal(() => twoLines(S.delivered, 89_998_900, { otherFee: 9_999_999 }).returnLines(['L2'], { shippingFee: 1 }))).toBe('NAL_ORD-106');
    });

    it('refund: after its refund fee', () => {
      // L1 stays: 99,999,999 + the fee − the bank transfer's 330 yen refund fee.
      expect(refusal(() => twoLines(S.paid, 99_999_999, {}, BANK_TRANSFER).refund(['L2'], { fee: 330 }))).toBeNull();
      expect(refusal(() => twoLines(S.paid, 99_999_999, {}, BANK_TRANSFER).refund(['L2'], { fee: 331 }))).toBe('NAL_ORD-106');
    });
  });

  it('sets the revenue month without moving the lines, recording each for the history', () => {
    const order = orderOf({ lines: [line('L1', '10', S.delivered)] });
    order.changeRevenue(['L1'], '2025-05', []);
    expect(order.snapshot().revenueMonth).toBe('2025-05');
    expect(statusesOf(order)).toEqual({ L1: S.delivered });
    expect(order.recorded()).toEqual({
      command: 'change_revenue',
      note: null,
      changes: [{ lineId: 'L1', from: S.delivered, to: S.delivered }],
      events: [{ type: 'order.revenue_changed', aggregateType: 'order', aggregateId: '1', payload: { orderId: '1' } }],
      answers: [],
    });
  });

  it('keeps every change of several commands, the last command\'s name', () => {
    const order = orderOf({ paymentMethod: NOT_REQUIRED, lines: [line('L1', '10', S.unpaid)] });
    order.orderToMaker(['L1'], '2025-04-02');
    order.makerReceive(['L1'], { makerReceiveDate: '2025-04-03', confirmStatus: MAKER_CONFIRM_STATUS.accepted });
    order.makerShip(['L1'], SHIPPED, []);
    order.changeStatus(['L1'], S.delivered);
    expect(order.recorded().command).toBe('change_status');
    expect(order.recorded().changes.map((c) => `${c.from}→${c.to}`)).toEqual(['1→3', '3→4', '4→5', '5→6']);
    expect(eventTypes(order)).toEqual(['order.sent_to_maker', 'order.shipped', 'order.revenue_changed']);
    expect(order.recorded().answers).toEqual([{ makerId: '10', refused: false }]);
  });

  it('summarises the order by its least advanced live line', () => {
    const order = orderOf({ lines: [line('L1', '10', S.orderReceived), line('L2', '20', S.ordered), line('L3', '30', S.paid)] });
    expect(order.snapshot().status).toBe(S.paid);
    order.cancel(['L3'], { shippingFee: 0, fee: 0 });
    expect(order.snapshot().status).toBe(S.ordered);
    order.makerReceive(['L2'], { makerReceiveDate: '2025-04-03', confirmStatus: MAKER_CONFIRM_STATUS.accepted });
    expect(order.snapshot().status).toBe(S.orderReceived);
    order.cancel(['L1', 'L2'], { shippingFee: 0, fee: 0 });
    expect(order.snapshot().status).toBe(S.cancel);
  });

  it('has delivery info when every maker part has all three', () => {
    expect(orderOf({ lines: [line('L1', '10', S.paid)], makers: [] }).snapshot().hasDeliveryInfo).toBe(false);
    expect(orderOf({ lines: [line('L1', '10', S.paid)], makers: [makerPart('10', SHIPPED)] }).snapshot().hasDeliveryInfo).toBe(true);
    expect(orderOf({ lines: [line('L1', '10', S.paid)], makers: [makerPart('10', { ...SHIPPED, trackingCode: null })] }).snapshot().hasDeliveryInfo).toBe(false);
    const twoMakers = orderOf({ lines: [line('L1', '10', S.orderReceived), line('L2', '20', S.orderReceived)], makers: [makerPart('10'), makerPart('20')] });
    twoMakers.makerShip(['L1'], SHIPPED, []);
    expect(twoMakers.snapshot().hasDeliveryInfo).toBe(false);
    twoMakers.makerShip(['L2'], SHIPPED, []);
    expect(twoMakers.snapshot().hasDeliveryInfo).toBe(true);
  });

  it('steps a line back only to the status its history says it came from, when the history knows it', () => {
    const withPrevious = (previousStatus: LineStatus | null) => orderOf({ lines: [{ ...line('L1', '10', S.delivered), previousStatus }] });
    expect(refusal(() => withPrevious(S.shipped).changeStatus(['L1'], S.reshipped))).toBe('NAL_ORD-086');
    expect(refusal(() => withPrevious(S.shipped).changeStatus(['L1'], S.shipped))).toBeNull();
    expect(refusal(() => withPrevious(S.reshipped).changeStatus(['L1'], S.shipped))).toBe('NAL_ORD-086');
    expect(refusal(() => withPrevious(null).changeStatus(['L1'], S.reshipped))).toBeNull();
    // Forward steps do not look back.
    const shipped = orderOf({ lines: [{ ...line('L1', '10', S.shipped), previousStatus: S.orderReceived }] });
    expect(refusal(() => shipped.changeStatus(['L1'], S.delivered))).toBeNull();
    // A line moved within the same order remembers where it was.
    const order = orderOf({ lines: [line('L1', '10', S.shipped)] });
    order.changeStatus(['L1'], S.delivered);
    expect(refusal(() => order.changeStatus(['L1'], S.reshipped))).toBe('NAL_ORD-086');
  });

  it('asks delivery info only of makers with a live line: a maker whose lines were all cancelled ships nothing', () => {
    const order = orderOf({ lines: [line('L1', '10', S.orderReceived), line('L2', '20', S.orderReceived)], makers: [makerPart('10'), makerPart('20')] });
    order.cancel(['L2'], { shippingFee: 0, fee: 0 });
    expect(order.snapshot().hasDeliveryInfo).toBe(false);
    order.makerShip(['L1'], SHIPPED, []);
    expect(order.snapshot().hasDeliveryInfo).toBe(true);
  });

  it('leaves the state it was built from untouched', () => {
    const state = stateOf({ lines: [line('L1', '10', S.paid)], fees: { ...NO_FEES } });
    const order = Order.from(state);
    order.orderToMaker(['L1'], '2025-04-02');
    order.cancel(['L1'], { shippingFee: 900, fee: 10 });
    expect(state.lines[0].status).toBe(S.paid);
    expect(state.makers[0].makerOrderDate).toBeNull();
    expect(state.fees).toEqual(NO_FEES);
    expect(order.id).toBe('1');
    expect(order.version).toBe(3);
  });
});

describe('payment by a deposit, and its revert (issue 13)', () => {
  it('confirms every unpaid line, noting the deposit, and answers the lines it confirmed', () => {
    const order = orderOf({ paymentMethod: BANK_TRANSFER, lines: [line('L1', 'M1', S.unpaid), line('L2', 'M2', S.unpaid), line('L3', 'M2', S.cancel)] });
    expect(order.payByDeposit('入金 2026-11-20 照会番号000123')).toEqual(['L1', 'L2']);
    expect(order.recorded()).toMatchObject({ command: 'confirm_payment', note: '入金 2026-11-20 照会番号000123', changes: [{ lineId: 'L1', from: 1, to: 2 }, { lineId: 'L2', from: 1, to: 2 }] });
  });

  it('changes nothing on an order without an unpaid line', () => {
    const order = orderOf({ lines: [line('L1', 'M1', S.paid)] });
    expect(order.payByDeposit('入金')).toEqual([]);
    expect(order.recorded().changes).toEqual([]);
  });

  it('takes the payment back through the reverse step, the lines it confirmed only, and refuses once a line has moved on', () => {
    const paid = orderOf({ lines: [{ ...line('L1', 'M1', S.paid), previousStatus: S.unpaid }, { ...line('L2', 'M1', S.paid), previousStatus: S.unpaid }] });
    paid.revertDepositPayment(['L1'], '入金取消: 誤り');
    expect(paid.recorded()).toMatchObject({ command: 'change_status', note: '入金取消: 誤り', changes: [{ lineId: 'L1', from: 2, to: 1 }] });
    const movedOn = orderOf({ lines: [{ ...line('L1', 'M1', S.ordered), previousStatus: S.paid }] });
    expect(refusal(() => movedOn.revertDepositPayment(['L1'], 'x'))).toBe('NAL-DEP-041');
    const cancelled = orderOf({ lines: [line('L1', 'M1', S.cancel)] });
    cancelled.revertDepositPayment(['L1'], 'x');
    expect(cancelled.recorded().changes).toEqual([]);
  });
});

describe('Order: its revenue (issue 14)', () => {
  const timeline: TimelinePeriod[] = [
    { month: '2025-04', startDate: '2025-03-26', finishDate: '2025-04-25' },
    { month: '2025-05', startDate: '2025-04-26', finishDate: '2025-05-25' },
  ];

  it('writes no revenue event for an order nothing of which was sold', () => {
    const order = orderOf({ lines: [line('L1', '10', S.unpaid)] });
    order.confirmPayment(['L1']);
    expect(eventTypes(order)).toEqual([]);
  });

  it('takes the sales month from the timeline at the first shipment, and keeps it when another maker ships later', () => {
    const order = orderOf({
      lines: [line('L1', '10', S.orderReceived), line('L2', '20', S.orderReceived)],
      makers: [makerPart('10'), makerPart('20')],
    });
    order.makerShip(['L1'], { ...SHIPPED, shipDate: '2025-04-26' }, timeline);
    expect(order.snapshot().revenueMonth).toBe('2025-05');
    order.makerShip(['L2'], { ...SHIPPED, shipDate: '2025-04-25' }, timeline);
    expect(order.snapshot().revenueMonth).toBe('2025-05');
  });

  it('takes the calendar month without a timeline, and data patch does the same', () => {
    const order = orderOf({ lines: [line('L1', '10', S.orderReceived)], makers: [makerPart('10', { ...SHIPPED, shipDate: '2025-04-30' })] });
    order.dataPatch(['L1'], []);
    expect(order.snapshot().revenueMonth).toBe('2025-04');
  });

  it('refuses a data patch whose ship date is outside the timeline (191), as a shipment does', () => {
    const order = orderOf({ lines: [line('L1', '10', S.orderReceived)], makers: [makerPart('10', { ...SHIPPED, shipDate: '2025-05-26' })] });
    expect(refusal(() => order.dataPatch(['L1'], timeline))).toBe('NAL_ORD-191');
    expect(order.recorded().events).toEqual([]);
  });

  it('moves the sales month only to a month of the timeline (NAL-REVENUE-001)', () => {
    const order = orderOf({ lines: [line('L1', '10', S.shipped)], revenueMonth: '2025-04' });
    expect(refusal(() => order.changeRevenue(['L1'], '2025-06', timeline))).toBe('NAL-REVENUE-001');
    expect(order.snapshot().revenueMonth).toBe('2025-04');
    order.changeRevenue(['L1'], '2025-05', timeline);
    expect(order.snapshot().revenueMonth).toBe('2025-05');
  });

  it('brings the revenue in step when a step back leaves nothing sold, and ships anew with a new month', () => {
    const order = orderOf({ lines: [line('L1', '10', S.orderReceived)], makers: [makerPart('10')] });
    order.makerShip(['L1'], { ...SHIPPED, shipDate: '2025-04-20' }, timeline);
    expect(order.snapshot()).toMatchObject({ revenueMonth: '2025-04', firstShipDate: '2025-04-20' });
    order.changeStatus(['L1'], S.orderReceived);
    expect(eventTypes(order)).toEqual(['order.shipped', 'order.revenue_changed']);
    expect(order.snapshot()).toMatchObject({ revenueMonth: null, firstShipDate: null });
    order.makerShip(['L1'], { ...SHIPPED, shipDate: '2025-05-10' }, timeline);
    expect(order.snapshot()).toMatchObject({ revenueMonth: '2025-05', firstShipDate: '2025-05-10' });
  });

  it('keeps the sales month when a return is refunded: the fees kept are still that month\'s', () => {
    const order = orderOf({ lines: [line('L1', '10', S.returned)], revenueMonth: '2025-04', firstShipDate: '2025-04-10' });
    order.refund(['L1'], { shippingFee: 880 });
    expect(eventTypes(order)).toEqual(['order.revenue_changed']);
    expect(order.snapshot()).toMatchObject({ revenueMonth: '2025-04', firstShipDate: '2025-04-10' });
  });

  it('keeps the first ship date when the lines are sent again', () => {
    const order = orderOf({ lines: [line('L1', '10', S.reorderReceived)], makers: [makerPart('10', SHIPPED)], revenueMonth: '2025-04', firstShipDate: '2025-04-10' });
    order.makerShip(['L1'], { ...SHIPPED, shipDate: '2025-05-02' }, timeline);
    expect(order.snapshot()).toMatchObject({ revenueMonth: '2025-04', firstShipDate: '2025-04-10' });
    expect(order.snapshot().makers[0].shipDate).toBe('2025-05-02');
  });
});

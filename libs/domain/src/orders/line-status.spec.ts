import {
  isLineStatus,
  isVisibleToMaker,
  LINE_STATUS,
  LINE_STATUS_LABELS_JA,
  LINE_STATUS_NAMES,
  LINE_STATUSES,
  LINE_TRANSITIONS,
  LineStatus,
  ORDER_COMMANDS,
  summaryStatus,
  transitionsFrom,
} from './line-status';

const S = LINE_STATUS;
const describeRow = (t: (typeof LINE_TRANSITIONS)[number]) => `${t.command} ${t.from}→${t.to ?? '='}${t.when ? ` (${t.when})` : ''}`;

describe('line statuses', () => {
  it('has the codes of DESIGN.md §5', () => {
    expect(LINE_STATUS).toEqual({
      unpaid: 1, paid: 2, ordered: 3, orderReceived: 4, shipped: 5, delivered: 6,
      refunded: 7, cancel: 8, returned: 9, reordered: 10, reorderReceived: 11, reshipped: 12,
    });
    expect([...LINE_STATUSES].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('names every code and back', () => {
    for (const status of LINE_STATUSES) expect(LINE_STATUS[LINE_STATUS_NAMES[status]]).toBe(status);
  });

  it('labels every status in Japanese', () => {
    expect(Object.keys(LINE_STATUS_LABELS_JA).map(Number).sort((a, b) => a - b)).toEqual([...LINE_STATUSES].sort((a, b) => a - b));
    expect(LINE_STATUS_LABELS_JA[S.ordered]).toBe('発注済み');
  });

  it('shows a maker a line from the moment it is ordered from it, never unpaid or paid', () => {
    const ordered = '2026-11-20T01:00:00.000Z';
    for (const status of LINE_STATUSES) {
      expect(isVisibleToMaker({ status, firstOrderedAt: ordered })).toBe(status !== S.unpaid && status !== S.paid);
      expect(isVisibleToMaker({ status, firstOrderedAt: null })).toBe(false);
    }
  });

  it('knows a status code from anything else', () => {
    for (const status of LINE_STATUSES) expect(isLineStatus(status)).toBe(true);
    for (const value of [0, 13, -1, 1.5, '1', null, undefined, NaN]) expect(isLineStatus(value)).toBe(false);
  });
});

describe('transition table', () => {
  // The walk in order.spec.ts is generated from LINE_TRANSITIONS, so it cannot notice a wrong row:
  // this pins the table itself to DESIGN.md §5.
  it('is the table of DESIGN.md §5', () => {
    expect(LINE_TRANSITIONS.map(describeRow).sort()).toEqual(
      [
        'confirm_payment 1→2',
        'order_to_maker 2→3',
        'order_to_maker 1→3 (payment_not_required_or_postpaid)',
        'maker_receive 3→4',
        'maker_receive 10→11',
        'maker_ship 4→5',
        'maker_ship 11→12',
        'data_patch 4→5',
        'change_status 5→6',
        'change_status 12→6',
        'change_status 9→10',
        'change_status 2→1',
        'change_status 3→2',
        'change_status 4→3',
        'change_status 5→4',
        'change_status 3→1 (payment_not_required_or_postpaid)',
        'change_status 6→5',
        'change_status 6→12',
        'change_status 10→9',
        'change_status 11→10',
        'change_status 12→11',
        'return 5→9',
        'return 6→9',
        'return 12→9',
        'refund 2→7',
        'refund 3→7',
        'refund 4→7',
        'refund 9→7',
        'cancel 1→8',
        'cancel 2→8',
        'cancel 3→8',
        'cancel 4→8',
        'change_revenue 5→=',
        'change_revenue 6→=',
        'change_revenue 12→=',
      ].sort(),
    );
  });

  it('gives every command at least one row and uses only known statuses', () => {
    for (const command of ORDER_COMMANDS) expect(LINE_TRANSITIONS.some((t) => t.command === command)).toBe(true);
    for (const t of LINE_TRANSITIONS) {
      expect(isLineStatus(t.from)).toBe(true);
      if (t.to !== null) expect(isLineStatus(t.to)).toBe(true);
      expect(t.to).not.toBe(t.from);
    }
  });

  // The aggregate takes the first allowed row: a second row for the same step would be silently ignored.
  it('has one row per command and status, except the targets of change_status', () => {
    for (const command of ORDER_COMMANDS.filter((c) => c !== 'change_status')) {
      for (const from of LINE_STATUSES) expect(transitionsFrom(command, from).length).toBeLessThanOrEqual(1);
    }
    const keys = LINE_TRANSITIONS.map((t) => `${t.command}:${t.from}:${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('steps change_status back only along the reverse of another command\'s step', () => {
    const forward = new Set(['5→6', '12→6', '9→10']);
    const otherSteps = new Set(LINE_TRANSITIONS.filter((t) => t.command !== 'change_status' && t.to !== null).map((t) => `${t.from}→${t.to}`));
    for (const t of LINE_TRANSITIONS.filter((row) => row.command === 'change_status')) {
      if (forward.has(`${t.from}→${t.to}`)) continue;
      expect(otherSteps.has(`${t.to}→${t.from}`) || forward.has(`${t.to}→${t.from}`)).toBe(true);
    }
  });

  it('answers the rows of one command from one status', () => {
    expect(transitionsFrom('change_status', S.shipped).map((t) => t.to).sort((a, b) => a! - b!)).toEqual([S.orderReceived, S.delivered]);
    expect(transitionsFrom('order_to_maker', S.unpaid)).toEqual([{ command: 'order_to_maker', from: S.unpaid, to: S.ordered, when: 'payment_not_required_or_postpaid' }]);
    expect(transitionsFrom('order_to_maker', S.paid)).toEqual([{ command: 'order_to_maker', from: S.paid, to: S.ordered }]);
    expect(transitionsFrom('cancel', S.shipped)).toEqual([]);
  });
});

describe('summary status', () => {
  it.each(LINE_STATUSES.map((s) => [s]))('is the status every line shares (%i)', (status) => {
    expect(summaryStatus([status, status, status])).toBe(status);
  });

  it.each<[LineStatus[], LineStatus]>([
    [[S.paid, S.unpaid], S.unpaid],
    [[S.ordered, S.paid, S.orderReceived], S.paid],
    [[S.shipped, S.orderReceived], S.orderReceived],
    [[S.delivered, S.shipped], S.shipped],
    [[S.reordered, S.orderReceived], S.reordered],
    [[S.reshipped, S.reorderReceived], S.reorderReceived],
    [[S.delivered, S.reshipped], S.reshipped],
  ])('is the least advanced live line otherwise: %j → %i', (statuses, expected) => {
    expect(summaryStatus(statuses)).toBe(expected);
    expect(summaryStatus([...statuses].reverse())).toBe(expected);
  });

  it('ignores cancelled and refunded lines while a line is live', () => {
    expect(summaryStatus([S.cancel, S.delivered])).toBe(S.delivered);
    expect(summaryStatus([S.refunded, S.shipped, S.cancel])).toBe(S.shipped);
    expect(summaryStatus([S.cancel, S.unpaid])).toBe(S.unpaid);
  });

  it('is a closed status when every line is closed', () => {
    expect(summaryStatus([S.cancel, S.cancel])).toBe(S.cancel);
    expect(summaryStatus([S.refunded])).toBe(S.refunded);
    expect([S.cancel, S.refunded]).toContain(summaryStatus([S.cancel, S.refunded]));
  });
});

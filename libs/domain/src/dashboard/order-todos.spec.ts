import { isReminderDue } from '../maker-side/reminders';
import { LINE_STATUS as S, LineStatus } from '../orders/line-status';
import { ANSWER_DAYS_WHEN_UNSET, answerOverdueOnOrBefore, MakerPartFacts, needsAction } from './order-todos';

const TODAY = '2026-11-20';
const part = (over: Partial<MakerPartFacts>): MakerPartFacts => ({
  makerOrderDate: null,
  makerReceiveDate: null,
  confirmStatus: null,
  estimatedShipDate: null,
  shipDate: null,
  lineStatuses: [],
  ...over,
});

describe('what waits on staff', () => {
  it('counts an answer as overdue from the day the shop’s reminder goes out', () => {
    expect(answerOverdueOnOrBefore(TODAY, 2)).toBe('2026-11-18');
    expect(answerOverdueOnOrBefore(TODAY, null)).toBe('2026-11-13');
    expect(ANSWER_DAYS_WHEN_UNSET).toBe(7);
    const ordered = (makerOrderDate: string) => part({ makerOrderDate, lineStatuses: [S.ordered] });
    expect(needsAction('answer_overdue', ordered('2026-11-18'), TODAY, 2)).toBe(true);
    expect(needsAction('answer_overdue', ordered('2026-11-19'), TODAY, 2)).toBe(false);
    expect(needsAction('answer_overdue', ordered('2026-11-14'), TODAY, null)).toBe(false);
    expect(needsAction('answer_overdue', ordered('2026-11-13'), TODAY, null)).toBe(true);
  });

  it('is not overdue once the maker answered, or when the lines left the maker', () => {
    expect(needsAction('answer_overdue', part({ makerOrderDate: '2026-11-01', makerReceiveDate: '2026-11-02', lineStatuses: [S.ordered] }), TODAY, 2)).toBe(false);
    expect(needsAction('answer_overdue', part({ makerOrderDate: '2026-11-01', lineStatuses: [S.cancel] }), TODAY, 2)).toBe(false);
    // A refusal is an answer without a receive date: refused, not overdue.
    const refusedLongAgo = part({ makerOrderDate: '2026-01-01', confirmStatus: 3, lineStatuses: [S.ordered] });
    expect(needsAction('answer_overdue', refusedLongAgo, TODAY, 2)).toBe(false);
    expect(needsAction('refused', refusedLongAgo, TODAY, 2)).toBe(true);
  });

  it('keeps a refusal on the list while its lines are still ordered', () => {
    expect(needsAction('refused', part({ confirmStatus: 3, makerReceiveDate: '2026-11-19', lineStatuses: [S.ordered] }), TODAY, 2)).toBe(true);
    expect(needsAction('refused', part({ confirmStatus: 3, lineStatuses: [S.cancel] }), TODAY, 2)).toBe(false);
    expect(needsAction('refused', part({ confirmStatus: 1, lineStatuses: [S.orderReceived] }), TODAY, 2)).toBe(false);
  });

  it('asks to ship what was accepted for today or earlier and has not shipped', () => {
    const accepted = (estimatedShipDate: string | null, lineStatuses: LineStatus[] = [S.orderReceived]) => part({ confirmStatus: 1, makerReceiveDate: '2026-11-10', estimatedShipDate, lineStatuses });
    expect(needsAction('ship_due', accepted('2026-11-20'), TODAY, 2)).toBe(true);
    expect(needsAction('ship_due', accepted('2026-11-19', [S.reorderReceived]), TODAY, 2)).toBe(true);
    expect(needsAction('ship_due', accepted('2026-11-21'), TODAY, 2)).toBe(false);
    expect(needsAction('ship_due', accepted(null), TODAY, 2)).toBe(false);
    expect(needsAction('ship_due', accepted('2026-11-19', [S.shipped]), TODAY, 2)).toBe(false);
    expect(needsAction('ship_due', { ...accepted('2026-11-19'), confirmStatus: 3 }, TODAY, 2)).toBe(false);
  });

  it('goes by the maker part’s shipment, as the ship reminder does: a part that shipped is not due again', () => {
    const partly = part({ confirmStatus: 1, makerReceiveDate: '2026-11-10', estimatedShipDate: '2026-11-15', shipDate: '2026-11-16', lineStatuses: [S.shipped, S.orderReceived] });
    expect(needsAction('ship_due', partly, TODAY, 2)).toBe(false);
    expect(isReminderDue('ship', { ...partly, firstSheetSentOn: '2026-11-09' }, 2, TODAY)).toBe(false);
  });
});

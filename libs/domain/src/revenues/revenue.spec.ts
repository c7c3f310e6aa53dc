import { DomainError } from '../errors';
import { LINE_STATUS as S } from '../orders/line-status';
import { checkSalesMonth, marginOf, RevenueLine, revenueFigures, salesMonthOf, SOLD_STATUSES } from './revenue';

const TIMELINE = [
  { month: '2026-10', startDate: '2026-09-26', finishDate: '2026-10-25' },
  { month: '2026-11', startDate: '2026-10-26', finishDate: '2026-11-25' },
];

const line = (status: RevenueLine['status'], extra: Partial<RevenueLine> = {}): RevenueLine => ({ status, amount: 2, wholesalePrice: 1000, makerShippingFee: 500, reorders: 0, ...extra });

describe('revenue (issue 14)', () => {
  describe('the sales month of a ship date, from the monthly timeline', () => {
    it.each([
      ['the first day of a month', '2026-10-26', '2026-11'],
      ['the last day of a month', '2026-11-25', '2026-11'],
      ['the day before a month starts', '2026-10-25', '2026-10'],
      ['the first day of the timeline', '2026-09-26', '2026-10'],
      ['a day before the timeline', '2026-09-25', null],
      ['a day after it', '2026-11-26', null],
    ])('%s (%s) → %s', (_name, shipDate, month) => {
      expect(salesMonthOf(shipDate, TIMELINE)).toBe(month);
    });

    it('is the calendar month when there is no timeline', () => {
      expect(salesMonthOf('2026-11-30', [])).toBe('2026-11');
      expect(salesMonthOf('2026-12-01', [])).toBe('2026-12');
    });

    it('moves only to a month of the timeline (NAL-REVENUE-001), any month without one', () => {
      expect(() => checkSalesMonth('2026-11', TIMELINE)).not.toThrow();
      expect(() => checkSalesMonth('2026-12', TIMELINE)).toThrow(new DomainError('NAL-REVENUE-001', { month: '2026-12' }));
      expect(() => checkSalesMonth('2030-01', [])).not.toThrow();
    });
  });

  describe('figures', () => {
    it('counts what the makers are paid for the lines the total counts: not cancelled or refunded ones', () => {
      const figures = revenueFigures([line(S.shipped), line(S.delivered, { amount: 1, wholesalePrice: null, makerShippingFee: 0 }), line(S.paid), line(S.cancel), line(S.refunded)]);
      expect(figures).toEqual({ wholesaleTotal: 2 * 2500, reshipCost: 0 });
    });

    it('counts a line again for each time it was re-ordered: the maker is paid again for sending it again', () => {
      const figures = revenueFigures([line(S.reshipped, { reorders: 1 }), line(S.delivered, { reorders: 2, amount: 1 }), line(S.shipped)]);
      expect(figures.wholesaleTotal).toBe(2500 + 1500 + 2500);
      expect(figures.reshipCost).toBe(2500 + 2 * 1500);
    });

    it('knows which statuses were sold', () => {
      expect([...SOLD_STATUSES].sort((a, b) => a - b)).toEqual([S.shipped, S.delivered, S.returned, S.reordered, S.reorderReceived, S.reshipped]);
    });

    it('takes the makers, a re-ship and the shop\'s own costs from the total as margin', () => {
      const figures = { wholesaleTotal: 6000, reshipCost: 2500 };
      expect(marginOf(12000, figures, { actualShipCost: 800, transferFee: 330, otherCost: 100 })).toBe(12000 - 6000 - 2500 - 800 - 330 - 100);
      expect(marginOf(1000, figures, { actualShipCost: 0, transferFee: 0, otherCost: 0 })).toBe(-7500);
    });
  });
});

import { DomainError } from '../errors';
import { MONEY_LIMITS } from '../money';
import { CLOSED_STATUSES, LINE_STATUS, LineStatus } from '../orders/line-status';

/**
 * Revenue (issue 14, SPEC.md §3 "Revenue record"): one record per order branch once a line of it has
 * shipped, kept in step with the order by the workers (`order.revenue_changed`). Figures come from
 * the order; the shop's own costs (actual shipping, transfer fee, other costs) and the memo are
 * entered by staff on the record. docs/decisions.md "Revenue (issue 14)".
 */

/**
 * Lines that were sold: shipped, delivered, and those returned or sent again since. A line refunded
 * after its return (9 → 7) keeps its order's record too (revenue_sync reads that from the history):
 * the fees the shop kept are still revenue of the month.
 */
export const SOLD_STATUSES: readonly LineStatus[] = [
  LINE_STATUS.shipped,
  LINE_STATUS.delivered,
  LINE_STATUS.returned,
  LINE_STATUS.reordered,
  LINE_STATUS.reorderReceived,
  LINE_STATUS.reshipped,
];

export const isSold = (status: LineStatus) => SOLD_STATUSES.includes(status);

/** A monthly timeline entry (settings' time_shipments): the ship dates of its sales month. */
export interface SalesMonthPeriod {
  readonly month: string;
  readonly startDate: string;
  readonly finishDate: string;
}

/**
 * The sales month of a ship date: the timeline month whose start–finish range holds it. Without a
 * timeline the calendar month is the sales month; with one, a date outside every range has no month
 * (null: the ship date is refused, NAL_ORD-191).
 */
export function salesMonthOf(shipDate: string, timeline: readonly SalesMonthPeriod[]): string | null {
  if (timeline.length === 0) return shipDate.slice(0, 7);
  return timeline.find((p) => p.startDate <= shipDate && shipDate <= p.finishDate)?.month ?? null;
}

/** ChangeRevenue: with a timeline, the month must be one of its months (NAL-REVENUE-001). */
export function checkSalesMonth(month: string, timeline: readonly SalesMonthPeriod[]): void {
  if (timeline.length > 0 && !timeline.some((p) => p.month === month)) throw new DomainError('NAL-REVENUE-001', { month });
}

/** A line as revenue reads it. */
export interface RevenueLine {
  readonly status: LineStatus;
  readonly amount: number;
  readonly wholesalePrice: number | null;
  /** What the maker charges to ship the line. */
  readonly makerShippingFee: number;
  /**
   * How many times the line was re-ordered and not stepped back (9 → 10 in its history, less 10 → 9):
   * each time it went to the buyer again, its maker paid again.
   */
  readonly reorders: number;
}

/** The shop's own costs of an order, entered on its revenue record. */
export interface RevenueCosts {
  readonly actualShipCost: number;
  readonly transferFee: number;
  readonly otherCost: number;
}

export interface RevenueFigures {
  /** What the makers are paid for the lines the total counts (wholesale × amount + their shipping fee). */
  readonly wholesaleTotal: number;
  /** What sending lines again cost: the same again for each re-order of a line. */
  readonly reshipCost: number;
}

const makerCost = (l: RevenueLine) => (l.wholesalePrice ?? 0) * l.amount + l.makerShippingFee;

/**
 * The makers' cost of an order's revenue: the lines its total counts (all but cancelled and refunded,
 * as the order's total: the record is the order's sale, booked at its first shipment), and each
 * re-order again.
 */
export function revenueFigures(lines: readonly RevenueLine[]): RevenueFigures {
  const counted = lines.filter((l) => !CLOSED_STATUSES.includes(l.status));
  return {
    wholesaleTotal: counted.reduce((sum, l) => sum + makerCost(l), 0),
    reshipCost: counted.reduce((sum, l) => sum + makerCost(l) * l.reorders, 0),
  };
}

/** Margin = the order's total − what the makers were paid (a re-ship included) − the shop's costs. */
export function marginOf(total: number, figures: RevenueFigures, costs: RevenueCosts): number {
  return total - figures.wholesaleTotal - figures.reshipCost - costs.actualShipCost - costs.transferFee - costs.otherCost;
}

export const REVENUE_LIMITS = {
  memoMax: 1000,
  /** Each cost is a fee (MONEY_LIMITS.feeMax). */
  costMax: MONEY_LIMITS.feeMax,
} as const;

import { AWAITING_ANSWER_STATUSES, AWAITING_SHIPMENT_STATUSES } from '../maker-side/order-sheet';
import { addDays } from '../calendar/business-days';
import { MAKER_CONFIRM_STATUS } from '../orders/order';
import type { LineStatus } from '../orders/line-status';
import { SHOP_LIMITS } from '../settings/settings';

/**
 * The makers' parts that wait on staff, as the dashboard counts them and the order list filters them
 * (`GET /orders?todo=`): one rule here, one SQL over the partial indexes in infra (order-list.query.ts).
 * - answer_overdue: ordered from the maker on or before today − the shop's reminder days (the day its
 *   reminder goes out), still unanswered;
 * - refused: the maker answered "not accepted" and its lines are still ordered: staff cancel them or
 *   order elsewhere;
 * - ship_due: accepted, not shipped, and the estimated ship date is today or past (Japan date).
 *   "Not shipped" is the maker part's, as the ship reminder has it (isReminderDue): a part that
 *   shipped some lines (or shipped before a re-order) has its ship date and is not counted again.
 */
export const ORDER_TODOS = ['answer_overdue', 'refused', 'ship_due'] as const;
export type OrderTodo = (typeof ORDER_TODOS)[number];

/** A shop without reminder days waits the longest a shop may set. */
export const ANSWER_DAYS_WHEN_UNSET = SHOP_LIMITS.reminderDaysMax;

/** The last maker order date that is overdue today for a shop's reminder days. */
export function answerOverdueOnOrBefore(today: string, orderReminderDays: number | null): string {
  return addDays(today, -(orderReminderDays ?? ANSWER_DAYS_WHEN_UNSET));
}

export interface MakerPartFacts {
  makerOrderDate: string | null;
  makerReceiveDate: string | null;
  confirmStatus: number | null;
  estimatedShipDate: string | null;
  shipDate: string | null;
  /** The statuses of the maker's lines on the order. */
  lineStatuses: readonly LineStatus[];
}

export function needsAction(todo: OrderTodo, part: MakerPartFacts, today: string, orderReminderDays: number | null): boolean {
  const awaitingAnswer = part.lineStatuses.some((s) => AWAITING_ANSWER_STATUSES.includes(s));
  switch (todo) {
    case 'answer_overdue':
      // A refusal is an answer (it records no receive date): it is counted as refused, not overdue.
      return (
        awaitingAnswer &&
        !!part.makerOrderDate &&
        !part.makerReceiveDate &&
        part.confirmStatus !== MAKER_CONFIRM_STATUS.notAccepted &&
        part.makerOrderDate <= answerOverdueOnOrBefore(today, orderReminderDays)
      );
    case 'refused':
      return awaitingAnswer && part.confirmStatus === MAKER_CONFIRM_STATUS.notAccepted;
    case 'ship_due':
      return (
        !!part.makerReceiveDate &&
        !part.shipDate &&
        part.confirmStatus !== MAKER_CONFIRM_STATUS.notAccepted &&
        !!part.estimatedShipDate &&
        part.estimatedShipDate <= today &&
        part.lineStatuses.some((s) => AWAITING_SHIPMENT_STATUSES.includes(s))
      );
  }
}

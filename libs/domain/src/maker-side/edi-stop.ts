import { DEFERRED_PAYMENT_CAP, PAYMENT_METHOD } from '../orders/payment-rules';

/** The shop settings that hold an order back from going to makers by itself. */
export interface EdiStopSettings {
  /** In units of 10,000 yen (1–30); null or 0: no EDI stop. */
  readonly ediStopAmount: number | null;
  /** The shop's own deferred-payment limit (np_limit_amount) in yen; null: the standard cap. */
  readonly npLimitAmount: number | null;
}

export const EDI_STOP_UNIT_YEN = 10_000;

export const EDI_HOLD_CODES = ['NAL_ORD-123', 'NAL_ORD-126'] as const;
export type EdiHoldCode = (typeof EDI_HOLD_CODES)[number];

export interface EdiHold {
  readonly code: EdiHoldCode;
  /** The bound the order reached, in yen. */
  readonly limit: number;
  readonly total: number;
}

/**
 * DESIGN.md §5: an order whose total reaches the EDI stop amount, or whose deferred payment is
 * over the shop's limit, is not sent to makers automatically; staff look at it and send it
 * themselves. Null when the order may go.
 */
export function ediHold(order: { total: number; paymentMethodId: number }, shop: EdiStopSettings): EdiHold | null {
  if (shop.ediStopAmount && shop.ediStopAmount > 0) {
    const limit = shop.ediStopAmount * EDI_STOP_UNIT_YEN;
    if (order.total >= limit) return { code: 'NAL_ORD-123', limit, total: order.total };
  }
  if (order.paymentMethodId === PAYMENT_METHOD.deferred) {
    const limit = shop.npLimitAmount && shop.npLimitAmount > 0 ? shop.npLimitAmount : DEFERRED_PAYMENT_CAP;
    if (order.total > limit) return { code: 'NAL_ORD-126', limit, total: order.total };
  }
  return null;
}

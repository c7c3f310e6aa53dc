import { DomainError } from '../errors';

/** Payment methods with a rule of their own (ids fixed by the payment_methods reference data). */
export const PAYMENT_METHOD = {
  notRequired: 0,
  creditCard: 1,
  bankTransfer: 2,
  cashOnDelivery: 3,
  deferred: 4,
  monthlyInvoice: 5,
} as const;

/** SPEC.md §9. */
export const DEFERRED_PAYMENT_FEE = 390;
export const DEFERRED_PAYMENT_CAP = 55_000;
export const MONTHLY_INVOICE_CAP = 300_000;
export const BANK_TRANSFER_REFUND_FEE = 330;

export interface PaymentMethodRule {
  readonly id: number;
  readonly isPostpaid: boolean;
  readonly businessOnly: boolean;
}

/** Order to maker may skip payment when it is not required (id 0) or comes after delivery. */
export function paymentCanFollowShipment(method: PaymentMethodRule): boolean {
  return method.id === PAYMENT_METHOD.notRequired || method.isPostpaid;
}

/** The settlement fee a method adds to an order (deferred payment: 390 yen incl. tax). */
export function settlementFeeFor(methodId: number): number {
  return methodId === PAYMENT_METHOD.deferred ? DEFERRED_PAYMENT_FEE : 0;
}

/** The refund fee a refund of this method costs (bank transfer: 330 yen). */
export function refundFeeFor(methodId: number): number {
  return methodId === PAYMENT_METHOD.bankTransfer ? BANK_TRANSFER_REFUND_FEE : 0;
}

export interface PaymentCheck {
  readonly methodId: number;
  readonly orderTotal: number;
  /** The shop's own deferred-payment limit (np_limit_amount), when it sets one. */
  readonly shopDeferredLimit?: number | null;
  /** Whether the customer is a business (has a company name). */
  readonly customerIsBusiness: boolean;
  /** Monthly-invoice totals of the customer's other orders in the same month. */
  readonly customerMonthTotalElsewhere: number;
}

/** Refuses an order its payment method does not allow (DESIGN.md §5). */
export function checkPayment(check: PaymentCheck): void {
  if (check.methodId === PAYMENT_METHOD.deferred) {
    const cap = check.shopDeferredLimit && check.shopDeferredLimit > 0 ? check.shopDeferredLimit : DEFERRED_PAYMENT_CAP;
    if (check.orderTotal > cap) throw new DomainError('NAL_ORD-120', { cap });
  }
  if (check.methodId === PAYMENT_METHOD.monthlyInvoice) {
    if (!check.customerIsBusiness) throw new DomainError('NAL_ORD-121');
    if (check.customerMonthTotalElsewhere + check.orderTotal > MONTHLY_INVOICE_CAP) throw new DomainError('NAL_ORD-122', { cap: MONTHLY_INVOICE_CAP });
  }
}

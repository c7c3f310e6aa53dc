import { DomainError } from '../errors';
import {
  BANK_TRANSFER_REFUND_FEE,
  checkPayment,
  DEFERRED_PAYMENT_CAP,
  DEFERRED_PAYMENT_FEE,
  MONTHLY_INVOICE_CAP,
  PAYMENT_METHOD,
  PaymentCheck,
  paymentCanFollowShipment,
  refundFeeFor,
  settlementFeeFor,
} from './payment-rules';

const M = PAYMENT_METHOD;
const METHOD_IDS = Object.values(M);

/** The catalogue code checkPayment refuses with, or null when it lets the order through. */
function refusal(check: Partial<PaymentCheck> & Pick<PaymentCheck, 'methodId' | 'orderTotal'>): string | null {
  try {
    checkPayment({ customerIsBusiness: false, customerMonthTotalElsewhere: 0, ...check });
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('payment rules', () => {
  it('keeps the amounts of SPEC.md §9', () => {
    expect([DEFERRED_PAYMENT_FEE, DEFERRED_PAYMENT_CAP, MONTHLY_INVOICE_CAP, BANK_TRANSFER_REFUND_FEE]).toEqual([390, 55_000, 300_000, 330]);
    expect(M).toEqual({ notRequired: 0, creditCard: 1, bankTransfer: 2, cashOnDelivery: 3, deferred: 4, monthlyInvoice: 5 });
  });

  describe('deferred payment (id 4)', () => {
    it.each([
      [0, null],
      [55_000, null],
      [55_001, 'NAL_ORD-120'],
      [1_000_000, 'NAL_ORD-120'],
    ])('total %i → %s', (orderTotal, expected) => {
      expect(refusal({ methodId: M.deferred, orderTotal })).toBe(expected);
    });

    it('reports the cap it applied', () => {
      expect(() => checkPayment({ methodId: M.deferred, orderTotal: 30_001, shopDeferredLimit: 30_000, customerIsBusiness: false, customerMonthTotalElsewhere: 0 })).toThrow(
        expect.objectContaining({ code: 'NAL_ORD-120', params: { cap: 30_000 } }),
      );
    });

    it.each([
      [30_000, 30_000, null],
      [30_000, 30_001, 'NAL_ORD-120'],
      // A shop limit replaces the default cap, also above it (DESIGN.md §5: "55,000 yen, or the shop's np_limit_amount").
      [80_000, 80_000, null],
      [80_000, 80_001, 'NAL_ORD-120'],
    ])('uses the shop\'s limit %i when set: total %i → %s', (shopDeferredLimit, orderTotal, expected) => {
      expect(refusal({ methodId: M.deferred, orderTotal, shopDeferredLimit })).toBe(expected);
    });

    it.each([null, undefined, 0])('falls back to 55,000 when the shop sets no limit (%p)', (shopDeferredLimit) => {
      expect(refusal({ methodId: M.deferred, orderTotal: 55_000, shopDeferredLimit })).toBeNull();
      expect(refusal({ methodId: M.deferred, orderTotal: 55_001, shopDeferredLimit })).toBe('NAL_ORD-120');
    });
  });

  describe('monthly invoice (id 5)', () => {
    it('is for business customers only', () => {
      expect(refusal({ methodId: M.monthlyInvoice, orderTotal: 1, customerIsBusiness: false })).toBe('NAL_ORD-121');
      expect(refusal({ methodId: M.monthlyInvoice, orderTotal: 1, customerIsBusiness: true })).toBeNull();
    });

    it.each([
      [0, 300_000, null],
      [0, 300_001, 'NAL_ORD-122'],
      [200_000, 100_000, null],
      [200_000, 100_001, 'NAL_ORD-122'],
      [300_000, 0, null],
      [300_000, 1, 'NAL_ORD-122'],
    ])('counts the customer\'s other orders of the month: %i elsewhere + %i → %s', (customerMonthTotalElsewhere, orderTotal, expected) => {
      expect(refusal({ methodId: M.monthlyInvoice, orderTotal, customerIsBusiness: true, customerMonthTotalElsewhere })).toBe(expected);
    });

    it('checks the business rule before the cap', () => {
      expect(refusal({ methodId: M.monthlyInvoice, orderTotal: 300_001, customerIsBusiness: false })).toBe('NAL_ORD-121');
    });
  });

  it.each(METHOD_IDS.filter((id) => id !== M.deferred && id !== M.monthlyInvoice))('leaves method %i unrestricted', (methodId) => {
    expect(refusal({ methodId, orderTotal: 99_999_999, shopDeferredLimit: 1, customerIsBusiness: false, customerMonthTotalElsewhere: 99_999_999 })).toBeNull();
  });

  it.each(METHOD_IDS.map((id) => [id, id === M.deferred ? 390 : 0]))('settlement fee of method %i is %i', (methodId, fee) => {
    expect(settlementFeeFor(methodId)).toBe(fee);
  });

  it.each(METHOD_IDS.map((id) => [id, id === M.bankTransfer ? 330 : 0]))('refund fee of method %i is %i', (methodId, fee) => {
    expect(refundFeeFor(methodId)).toBe(fee);
  });

  it.each([
    [{ id: M.notRequired, isPostpaid: false, businessOnly: false }, true],
    [{ id: M.deferred, isPostpaid: true, businessOnly: false }, true],
    [{ id: M.monthlyInvoice, isPostpaid: true, businessOnly: true }, true],
    [{ id: M.creditCard, isPostpaid: false, businessOnly: false }, false],
    [{ id: M.bankTransfer, isPostpaid: false, businessOnly: false }, false],
  ])('lets payment follow shipment for %j: %p', (method, expected) => {
    expect(paymentCanFollowShipment(method)).toBe(expected);
  });
});

import { DomainError } from '../errors/domain-error';
import { MONEY_LIMITS } from '../money/money-limits';

/**
 * Money of an order, in integer yen (DESIGN.md §4): lines keep their own price with tax for
 * display; the tax of the order is computed once per tax rate over the sum of that rate's lines
 * and rounded down, as Japan's qualified-invoice rules require.
 */
export interface PricedLine {
  readonly amount: number;
  readonly priceWithTax: number;
  readonly taxPercentage: number;
  /** Cancelled and refunded lines do not count towards the total. */
  readonly counts?: boolean;
}

export interface OrderFees {
  readonly settlementFee: number;
  readonly shippingFee: number;
  readonly otherFee: number;
  readonly fee: number;
  readonly refundFee: number;
}

export interface TaxByRate {
  readonly rate: number;
  readonly amountWithTax: number;
  readonly tax: number;
}

export interface OrderTotals {
  readonly productsTotal: number;
  readonly taxTotal: number;
  readonly total: number;
  readonly taxByRate: TaxByRate[];
}

/** Tax contained in a tax-inclusive amount at `rate` percent, rounded down. */
export function taxIncluded(amountWithTax: number, rate: number): number {
  return Math.floor((amountWithTax * rate) / (100 + rate));
}

export function orderTotals(lines: readonly PricedLine[], fees: OrderFees): OrderTotals {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    if (line.counts === false) continue;
    byRate.set(line.taxPercentage, (byRate.get(line.taxPercentage) ?? 0) + line.priceWithTax * line.amount);
  }
  const taxByRate = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amountWithTax]) => ({ rate, amountWithTax, tax: taxIncluded(amountWithTax, rate) }));
  const productsTotal = taxByRate.reduce((sum, r) => sum + r.amountWithTax, 0);
  const taxTotal = taxByRate.reduce((sum, r) => sum + r.tax, 0);
  const total = Math.max(0, productsTotal + fees.settlementFee + fees.shippingFee + fees.otherFee + fees.fee - fees.refundFee);
  return { productsTotal, taxTotal, total, taxByRate };
}

/**
 * Whether an order's totals pass MONEY_LIMITS.totalMax: its products total alone, or with its fees.
 * The orders' columns hold both, and no order of this business comes near a hundred million yen.
 */
export function orderTotalExceeds(totals: Pick<OrderTotals, 'productsTotal' | 'total'>): boolean {
  return totals.productsTotal > MONEY_LIMITS.totalMax || totals.total > MONEY_LIMITS.totalMax;
}

/** Refuses totals that pass MONEY_LIMITS.totalMax (NAL_ORD-106): create, edit, and the commands that set fees. */
export function checkOrderTotal(totals: Pick<OrderTotals, 'productsTotal' | 'total'>): void {
  if (orderTotalExceeds(totals)) throw new DomainError('NAL_ORD-106', { max: MONEY_LIMITS.totalMax });
}

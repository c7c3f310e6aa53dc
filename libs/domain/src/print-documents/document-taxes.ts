/**
 * The tax of one print document (an invoice, a receipt), per tax rate, as Japan's qualified-invoice
 * rules ask (DESIGN.md §4; 消費税法施行令 第70条の10): the lines of each rate are summed, adjustments
 * added, and the tax of that sum rounded down ONCE per rate per document, never per line.
 */

/** How the lines' prices are written: with tax (our order lines keep price_with_tax) or without. */
export type TaxBasis = 'inclusive' | 'exclusive';

/** The rates a document shows in this order: standard, reduced, none. */
export const DOCUMENT_TAX_RATES = [10, 8, 0] as const;
/** The standard rate: what fees (shipping, settlement, other) are taxed at. */
export const STANDARD_TAX_RATE = 10;
/** The reduced rate (軽減税率): its lines are marked ※ on a qualified invoice. */
export const REDUCED_TAX_RATE = 8;

export interface DocumentTaxLine {
  /** Quantity. */
  readonly amount: number;
  /** Unit price in yen, with or without tax as the basis says. */
  readonly unitPrice: number;
  /** Percent: 10, 8 or 0. */
  readonly taxRate: number;
}

/**
 * A signed amount added to the document after its lines, on the same basis. `taxRate` a number: the
 * amount belongs to that rate (fees: shipping, settlement, other at 10%; a refund fee subtracted is
 * negative). `taxRate: 'split'`: a discount or points (negative), shared between the rates in
 * proportion to each rate's line amount, the remainder yen to the largest rate (国税庁 Q&A on
 * 適格請求書 with discounts across rates).
 */
export interface DocumentAdjustment {
  readonly amount: number;
  readonly taxRate: number | 'split';
}

export interface DocumentTaxRow {
  readonly rate: number;
  /** What the rate covers, on the document's basis (lines + adjustments of the rate). */
  readonly base: number;
  /** The same with tax (inclusive: = base). */
  readonly amountWithTax: number;
  /** The same without tax (exclusive: = base). */
  readonly amountWithoutTax: number;
  /** The tax of the rate, rounded down once. */
  readonly tax: number;
}

export interface DocumentTaxes {
  readonly basis: TaxBasis;
  /** One row per rate the document uses, 10% first. */
  readonly rows: DocumentTaxRow[];
  /** What the customer pays: every rate with tax. */
  readonly total: number;
  readonly taxTotal: number;
}

/** Tax contained in (inclusive) or added to (exclusive) `base` at `rate` percent, rounded down. */
export function taxOf(base: number, rate: number, basis: TaxBasis): number {
  // Integers: the quotient is at least 1/110 away from the next whole yen, far more than a double's error.
  // A negative base (a document that only takes back) is cut towards zero, as a positive one is.
  const tax = Math.floor((Math.abs(base) * rate) / (basis === 'inclusive' ? 100 + rate : 100));
  return base < 0 ? -tax : tax;
}

/**
 * Shares a (negative) discount between the rates in proportion to their amounts: every rate but
 * the largest gets its share truncated towards zero, the largest the rest, so the parts add up to
 * the discount to the yen.
 */
export function splitAcrossRates(adjustment: number, amountsByRate: ReadonlyMap<number, number>): Map<number, number> {
  const rates = [...amountsByRate.entries()].filter(([, amount]) => amount !== 0);
  const shares = new Map<number, number>();
  if (rates.length === 0) {
    shares.set(STANDARD_TAX_RATE, adjustment);
    return shares;
  }
  const whole = rates.reduce((sum, [, amount]) => sum + amount, 0);
  // The largest rate by amount (the higher rate on a tie) takes the remainder.
  const [largest] = [...rates].sort(([rateA, a], [rateB, b]) => b - a || rateB - rateA)[0];
  let given = 0;
  for (const [rate, amount] of rates) {
    if (rate === largest) continue;
    const share = Math.trunc((adjustment * amount) / whole);
    shares.set(rate, share);
    given += share;
  }
  shares.set(largest, adjustment - given);
  return shares;
}

export function documentTaxes(lines: readonly DocumentTaxLine[], adjustments: readonly DocumentAdjustment[], basis: TaxBasis): DocumentTaxes {
  const lineAmounts = new Map<number, number>();
  for (const line of lines) lineAmounts.set(line.taxRate, (lineAmounts.get(line.taxRate) ?? 0) + line.unitPrice * line.amount);

  const bases = new Map(lineAmounts);
  const add = (rate: number, amount: number) => bases.set(rate, (bases.get(rate) ?? 0) + amount);
  for (const adjustment of adjustments) {
    if (adjustment.amount === 0) continue;
    if (adjustment.taxRate === 'split') {
      for (const [rate, share] of splitAcrossRates(adjustment.amount, lineAmounts)) add(rate, share);
    } else {
      add(adjustment.taxRate, adjustment.amount);
    }
  }

  const order = (rate: number) => {
    const known = (DOCUMENT_TAX_RATES as readonly number[]).indexOf(rate);
    return known === -1 ? DOCUMENT_TAX_RATES.length : known;
  };
  const rows = [...bases.entries()]
    .filter(([rate]) => lineAmounts.has(rate) || bases.get(rate) !== 0)
    .sort(([a], [b]) => order(a) - order(b) || b - a)
    .map(([rate, base]): DocumentTaxRow => {
      const tax = taxOf(base, rate, basis);
      return basis === 'inclusive'
        ? { rate, base, amountWithTax: base, amountWithoutTax: base - tax, tax }
        : { rate, base, amountWithTax: base + tax, amountWithoutTax: base, tax };
    });
  return {
    basis,
    rows,
    total: rows.reduce((sum, row) => sum + row.amountWithTax, 0),
    taxTotal: rows.reduce((sum, row) => sum + row.tax, 0),
  };
}

import { DomainError } from '../errors';
import { MONEY_LIMITS } from '../money/money-limits';
import { checkOrderTotal, OrderFees, orderTotalExceeds, orderTotals, PricedLine, taxIncluded } from './order-totals';

const NO_FEES: OrderFees = { settlementFee: 0, shippingFee: 0, otherFee: 0, fee: 0, refundFee: 0 };
const line = (priceWithTax: number, taxPercentage: number, amount = 1, counts?: boolean): PricedLine => ({ priceWithTax, taxPercentage, amount, ...(counts === undefined ? {} : { counts }) });

describe('tax included', () => {
  it.each([
    [11_000, 10, 1_000],
    [10_800, 8, 800],
    [1_001, 10, 91], // 91.0 exactly
    [1_000, 10, 90], // 90.9… rounds down
    [2_002, 10, 182],
    [107, 8, 7], // 7.92… rounds down
    [0, 10, 0],
    [500, 0, 0],
  ])('of %i yen at %i%% is %i', (amountWithTax, rate, tax) => {
    expect(taxIncluded(amountWithTax, rate)).toBe(tax);
  });
});

describe('order totals', () => {
  it('rounds the tax down once per rate over the sum of its lines, not per line', () => {
    // Two 1,000-yen lines: floor(2000·10/110) = 181, where rounding each line would give 90 + 90 = 180.
    const totals = orderTotals([line(1_000, 10), line(1_000, 10)], NO_FEES);
    expect(totals.taxTotal).toBe(181);
    expect(taxIncluded(1_000, 10) * 2).toBe(180);
    // Two 1,001-yen lines: floor(2002·10/110) = 182 (here per line would happen to agree: 91 + 91).
    expect(orderTotals([line(1_001, 10), line(1_001, 10)], NO_FEES)).toEqual({
      productsTotal: 2_002,
      taxTotal: 182,
      total: 2_002,
      taxByRate: [{ rate: 10, amountWithTax: 2_002, tax: 182 }],
    });
  });

  it('multiplies the price by the amount', () => {
    expect(orderTotals([line(1_000, 10, 3)], NO_FEES)).toMatchObject({ productsTotal: 3_000, taxTotal: 272 });
  });

  it('keeps 8% and 10% apart, the higher rate first', () => {
    const totals = orderTotals([line(1_080, 8), line(1_100, 10, 2), line(107, 8)], NO_FEES);
    expect(totals.taxByRate).toEqual([
      { rate: 10, amountWithTax: 2_200, tax: 200 },
      { rate: 8, amountWithTax: 1_187, tax: 87 }, // floor(1187·8/108) = floor(87.93)
    ]);
    expect(totals.productsTotal).toBe(3_387);
    expect(totals.taxTotal).toBe(287);
  });

  it('leaves out lines that do not count (cancelled, refunded)', () => {
    const totals = orderTotals([line(1_100, 10), line(5_000, 10, 1, false), line(1_080, 8, 1, false), line(550, 10, 1, true)], NO_FEES);
    expect(totals.taxByRate).toEqual([{ rate: 10, amountWithTax: 1_650, tax: 150 }]);
    expect(totals.productsTotal).toBe(1_650);
    expect(totals.total).toBe(1_650);
  });

  it('is zero for an order whose lines all stopped counting', () => {
    expect(orderTotals([line(1_100, 10, 1, false)], NO_FEES)).toEqual({ productsTotal: 0, taxTotal: 0, total: 0, taxByRate: [] });
  });

  it('adds every fee and subtracts the refund fee', () => {
    const fees: OrderFees = { settlementFee: 390, shippingFee: 800, otherFee: 50, fee: 7, refundFee: 330 };
    const totals = orderTotals([line(11_000, 10)], fees);
    expect(totals.total).toBe(11_000 + 390 + 800 + 50 + 7 - 330);
    // Fees are not products: the product total and its tax stay the same.
    expect(totals.productsTotal).toBe(11_000);
    expect(totals.taxTotal).toBe(1_000);
  });

  it.each<[keyof OrderFees, number]>([
    ['settlementFee', 390],
    ['shippingFee', 800],
    ['otherFee', 50],
    ['fee', 7],
    ['refundFee', -330],
  ])('counts %s once', (name, effect) => {
    expect(orderTotals([line(1_100, 10)], { ...NO_FEES, [name]: Math.abs(effect) }).total).toBe(1_100 + effect);
  });

  it('never goes below 0', () => {
    expect(orderTotals([], { ...NO_FEES, refundFee: 330 }).total).toBe(0);
    expect(orderTotals([line(300, 10)], { ...NO_FEES, refundFee: 330 }).total).toBe(0);
    expect(orderTotals([line(330, 10)], { ...NO_FEES, refundFee: 330 }).total).toBe(0);
    expect(orderTotals([line(331, 10)], { ...NO_FEES, refundFee: 330 }).total).toBe(1);
  });
});

describe('the order total bound (NAL_ORD-106)', () => {
  const MAX = MONEY_LIMITS.totalMax;
  const codeOf = (run: () => void) => {
    try {
      run();
      return null;
    } catch (error) {
      return error instanceof DomainError ? { code: error.code, params: error.params } : error;
    }
  };

  it('takes a total of exactly 99,999,999 yen and refuses one yen more', () => {
    expect(MAX).toBe(99_999_999);
    expect(orderTotalExceeds(orderTotals([line(MAX, 10)], NO_FEES))).toBe(false);
    expect(orderTotalExceeds(orderTotals([line(MAX + 1, 10)], NO_FEES))).toBe(true);
    expect(codeOf(() => checkOrderTotal(orderTotals([line(MAX, 10)], NO_FEES)))).toBeNull();
    expect(codeOf(() => checkOrderTotal(orderTotals([line(MAX + 1, 10)], NO_FEES)))).toEqual({ code: 'NAL_ORD-106', params: { max: MAX } });
  });

  it('counts prices × amounts over every line', () => {
    // 3 × 33,333,333 = 99,999,999; with one line of 1 yen more it passes.
    expect(orderTotalExceeds(orderTotals([line(33_333_333, 10, 3)], NO_FEES))).toBe(false);
    expect(orderTotalExceeds(orderTotals([line(33_333_333, 10, 3), line(1, 8)], NO_FEES))).toBe(true);
    expect(orderTotalExceeds(orderTotals([line(50_000_000, 10, 2)], NO_FEES))).toBe(true);
  });

  it.each<keyof OrderFees>(['settlementFee', 'shippingFee', 'otherFee', 'fee'])('counts the %s with the lines', (name) => {
    const lines = [line(MAX - MONEY_LIMITS.feeMax, 10)];
    expect(orderTotalExceeds(orderTotals(lines, { ...NO_FEES, [name]: MONEY_LIMITS.feeMax }))).toBe(false);
    expect(orderTotalExceeds(orderTotals(lines, { ...NO_FEES, [name]: MONEY_LIMITS.feeMax + 1 }))).toBe(true);
  });

  it('takes the refund fee off the total, but the products alone may not pass the bound either', () => {
    expect(orderTotalExceeds(orderTotals([line(MAX, 10)], { ...NO_FEES, shippingFee: 330, refundFee: 330 }))).toBe(false);
    expect(orderTotalExceeds(orderTotals([line(MAX + 1, 10)], { ...NO_FEES, refundFee: 330 }))).toBe(true);
  });

  it('leaves out the lines that no longer count (cancelled, refunded)', () => {
    expect(orderTotalExceeds(orderTotals([line(MAX, 10), line(MAX, 10, 1, false)], NO_FEES))).toBe(false);
  });
});

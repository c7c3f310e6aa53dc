import { MONEY_LIMITS } from './money-limits';

describe('money limits (SPEC.md §5)', () => {
  it('bounds fees at 9,999,999 yen, prices and totals at 99,999,999 yen, all from 0', () => {
    expect(MONEY_LIMITS).toEqual({ min: 0, feeMax: 9_999_999, priceMax: 99_999_999, totalMax: 99_999_999 });
  });

  it('keeps a total within the orders table integer columns', () => {
    expect(MONEY_LIMITS.totalMax).toBeLessThanOrEqual(2_147_483_647);
  });
});

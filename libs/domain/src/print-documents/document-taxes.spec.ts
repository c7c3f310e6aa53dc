import { documentTaxes, splitAcrossRates, taxOf } from './document-taxes';

describe('documentTaxes: the tax of a document, per rate, rounded down once', () => {
  it('three lines of 105 yen without tax at 10%: 31 yen of tax on 315, not 3 × 10', () => {
    const lines = [1, 2, 3].map(() => ({ amount: 1, unitPrice: 105, taxRate: 10 }));
    const taxes = documentTaxes(lines, [], 'exclusive');
    expect(taxes.rows).toEqual([{ rate: 10, base: 315, amountWithoutTax: 315, amountWithTax: 346, tax: 31 }]);
    expect(taxes.taxTotal).toBe(31);
    expect(taxes.total).toBe(346);
    // Rounding each line would have given 30.
    expect(lines.reduce((sum, l) => sum + taxOf(l.unitPrice, 10, 'exclusive'), 0)).toBe(30);
  });

  it('with tax included: the tax inside each rate, rounded down once per rate', () => {
    // 10%: 1,100 × 2 + 550 = 2,750 → 250; 8%: 1,080 + 540 × 3 = 2,700 → 200.
    const taxes = documentTaxes(
      [
        { amount: 2, unitPrice: 1100, taxRate: 10 },
        { amount: 1, unitPrice: 1080, taxRate: 8 },
        { amount: 1, unitPrice: 550, taxRate: 10 },
        { amount: 3, unitPrice: 540, taxRate: 8 },
      ],
      [],
      'inclusive',
    );
    expect(taxes.rows).toEqual([
      { rate: 10, base: 2750, amountWithTax: 2750, amountWithoutTax: 2500, tax: 250 },
      { rate: 8, base: 2700, amountWithTax: 2700, amountWithoutTax: 2500, tax: 200 },
    ]);
    expect(taxes).toMatchObject({ total: 5450, taxTotal: 450 });
  });

  it('mixed 8% and 10% where per-line rounding would differ: 8% lines of 129 yen × 3 inclusive give 28, not 27', () => {
    // 129 × 8/108 = 9.55… per line (9 × 3 = 27); 387 × 8/108 = 28.66… → 28.
    const taxes = documentTaxes(
      [
        { amount: 1, unitPrice: 129, taxRate: 8 },
        { amount: 1, unitPrice: 129, taxRate: 8 },
        { amount: 1, unitPrice: 129, taxRate: 8 },
        { amount: 1, unitPrice: 1001, taxRate: 10 },
      ],
      [],
      'inclusive',
    );
    expect(taxes.rows.map((r) => [r.rate, r.base, r.tax])).toEqual([
      [10, 1001, 91],
      [8, 387, 28],
    ]);
  });

  it('a rate of 0 is listed after the taxed rates, with no tax', () => {
    const taxes = documentTaxes(
      [
        { amount: 1, unitPrice: 500, taxRate: 0 },
        { amount: 1, unitPrice: 1080, taxRate: 8 },
        { amount: 1, unitPrice: 1100, taxRate: 10 },
      ],
      [],
      'inclusive',
    );
    expect(taxes.rows.map((r) => [r.rate, r.tax])).toEqual([
      [10, 100],
      [8, 80],
      [0, 0],
    ]);
  });

  it('fees go to 10% (even on a document of 8% lines only); a refund fee is subtracted there', () => {
    const taxes = documentTaxes(
      [{ amount: 2, unitPrice: 1080, taxRate: 8 }],
      [
        { amount: 880, taxRate: 10 }, // shipping
        { amount: 390, taxRate: 10 }, // settlement fee
        { amount: 110, taxRate: 10 }, // other fee
        { amount: -330, taxRate: 10 }, // refund fee
      ],
      'inclusive',
    );
    expect(taxes.rows).toEqual([
      { rate: 10, base: 1050, amountWithTax: 1050, amountWithoutTax: 955, tax: 95 },
      { rate: 8, base: 2160, amountWithTax: 2160, amountWithoutTax: 2000, tax: 160 },
    ]);
    expect(taxes.total).toBe(3210);
  });

  it('a discount is shared between the rates in proportion to their amounts, before each rate is taxed', () => {
    // 6,600 at 10% and 4,320 at 8% (10,920); 1,000 off: 8% gets trunc(−395.6…) = −395, and 10%, the
    // largest, the rest: −605. Then 5,995 → 545 and 3,925 → 290.
    const taxes = documentTaxes(
      [
        { amount: 1, unitPrice: 6600, taxRate: 10 },
        { amount: 4, unitPrice: 1080, taxRate: 8 },
      ],
      [{ amount: -1000, taxRate: 'split' }],
      'inclusive',
    );
    expect(taxes.rows.map((r) => [r.rate, r.base, r.tax])).toEqual([
      [10, 5995, 545],
      [8, 3925, 290],
    ]);
    expect(taxes.total).toBe(9920);
  });

  it('points (a negative adjustment) on an exclusive document are split the same way, then taxed', () => {
    const taxes = documentTaxes(
      [
        { amount: 1, unitPrice: 3000, taxRate: 10 },
        { amount: 1, unitPrice: 1000, taxRate: 8 },
      ],
      [{ amount: -100, taxRate: 'split' }],
      'exclusive',
    );
    expect(taxes.rows.map((r) => [r.rate, r.base, r.tax, r.amountWithTax])).toEqual([
      [10, 2925, 292, 3217],
      [8, 975, 78, 1053],
    ]);
  });
});

describe('splitAcrossRates', () => {
  it('truncates the smaller rates towards zero and gives the remainder yen to the largest', () => {
    expect(Object.fromEntries(splitAcrossRates(-100, new Map([[10, 1], [8, 1], [0, 1]])))).toEqual({ 8: -33, 0: -33, 10: -34 });
    expect(Object.fromEntries(splitAcrossRates(-10, new Map([[10, 100], [8, 300]])))).toEqual({ 10: -2, 8: -8 });
  });

  it('the parts always add up to the adjustment', () => {
    for (const [adjustment, a, b] of [[-7, 3, 5], [-1, 1, 1], [-999, 12345, 678], [-50, 1, 99999]]) {
      const parts = splitAcrossRates(adjustment, new Map([[10, a], [8, b]]));
      expect([...parts.values()].reduce((s, v) => s + v, 0)).toBe(adjustment);
    }
  });

  it('with no lines, the adjustment stays at the standard rate', () => {
    expect(Object.fromEntries(splitAcrossRates(-500, new Map()))).toEqual({ 10: -500 });
  });
});

import { makerCodeOrProductId, priceWithTax, shopProductIdIssues, trackedChanges } from './product';

describe('price with tax', () => {
  it('adds the tax, rounded down to the yen', () => {
    expect(priceWithTax(1980, 10)).toEqual({ tax: 198, priceWithTax: 2178 });
    expect(priceWithTax(999, 8)).toEqual({ tax: 79, priceWithTax: 1078 }); // 79.92 → 79
    expect(priceWithTax(1, 10)).toEqual({ tax: 0, priceWithTax: 1 }); // 0.1 → 0
    expect(priceWithTax(19, 10)).toEqual({ tax: 1, priceWithTax: 20 }); // 1.9 → 1
  });

  it('is exact at the bounds', () => {
    expect(priceWithTax(0, 10)).toEqual({ tax: 0, priceWithTax: 0 });
    expect(priceWithTax(1000, 0)).toEqual({ tax: 0, priceWithTax: 1000 });
    expect(priceWithTax(99_999_999, 100)).toEqual({ tax: 99_999_999, priceWithTax: 199_999_998 });
    expect(priceWithTax(99_999_999, 8)).toEqual({ tax: 7_999_999, priceWithTax: 107_999_998 }); // 7,999,999.92
  });

  it('does not lose a yen to floating point', () => {
    // 0.07 * 100 and friends: an integer-only computation gives the exact floor.
    expect(priceWithTax(100, 7).tax).toBe(7);
    expect(priceWithTax(1100, 29).tax).toBe(319);
  });

  it('refuses what is not a yen amount', () => {
    expect(() => priceWithTax(-1, 10)).toThrow(RangeError);
    expect(() => priceWithTax(1.5, 10)).toThrow(RangeError);
  });
});

describe('shop product id', () => {
  it('has 12 digits on platform_1', () => {
    expect(shopProductIdIssues('123456789012', 'platform_1')).toEqual([]);
    expect(shopProductIdIssues('12345678901', 'platform_1')).toEqual([{ field: 'shop_product_id', errorCode: 'digits', params: { length: 12 } }]);
    expect(shopProductIdIssues('1234567890123', 'platform_1')).toEqual([{ field: 'shop_product_id', errorCode: 'digits', params: { length: 12 } }]);
  });

  it('has 9 digits on platform_2', () => {
    expect(shopProductIdIssues('123456789', 'platform_2')).toEqual([]);
    expect(shopProductIdIssues('123456789012', 'platform_2', 'x')).toEqual([{ field: 'x', errorCode: 'digits', params: { length: 9 } }]);
  });

  it('takes half-width digits only, and may be blank', () => {
    expect(shopProductIdIssues('12345678a', 'platform_2')).toHaveLength(1);
    expect(shopProductIdIssues('１２３４５６７８９', 'platform_2')).toHaveLength(1);
    expect(shopProductIdIssues('', 'platform_2')).toEqual([]);
    expect(shopProductIdIssues(null, 'platform_1')).toEqual([]);
  });
});

describe('tracked changes', () => {
  it('records availability and estimated ship date, nothing else', () => {
    expect(trackedChanges({ state: 'available', estimateShipDate: '3日' }, { state: 'available', estimateShipDate: '3日' })).toEqual([]);
    expect(trackedChanges({ state: 'available', estimateShipDate: null }, { state: 'unavailable', estimateShipDate: '5日' })).toEqual([
      { field: 'state', from: 'available', to: 'unavailable' },
      { field: 'estimate_ship_date', from: null, to: '5日' },
    ]);
  });
});

describe('maker code or product id', () => {
  it('prefers the maker product code', () => {
    expect(makerCodeOrProductId({ makerProductCode: 'MK-1', shopProductId: '123456789' })).toBe('MK-1');
    expect(makerCodeOrProductId({ makerProductCode: null, shopProductId: '123456789' })).toBe('123456789');
    expect(makerCodeOrProductId({ makerProductCode: null, shopProductId: null })).toBeNull();
  });
});

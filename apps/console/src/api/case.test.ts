import { toCamel, toCamelKeys, toSnake, toSnakeKeys } from './case';

describe('key case conversion', () => {
  it('converts single keys both ways, leaving digits alone', () => {
    expect(toCamel('per_page')).toBe('perPage');
    expect(toSnake('perPage')).toBe('per_page');
    expect(toSnake('option1')).toBe('option1');
    expect(toCamel('option1')).toBe('option1');
    expect(toCamel('s3_path')).toBe('s3Path');
    expect(toSnake('s3Path')).toBe('s3_path');
    // `_` before a digit is kept, so the key comes back unchanged.
    expect(toCamel('address_1')).toBe('address_1');
    expect(toSnake(toCamel('address_1'))).toBe('address_1');
  });

  it('walks nested objects and arrays', () => {
    const wire = { order_id: 1, line_items: [{ product_name: 'x', tax_rate: { rate_value: 10 } }], tags: ['a_b'] };
    const camel = toCamelKeys(wire);
    expect(camel).toEqual({ orderId: 1, lineItems: [{ productName: 'x', taxRate: { rateValue: 10 } }], tags: ['a_b'] });
    expect(toSnakeKeys(camel)).toEqual(wire);
  });

  it('leaves Date, File, Blob, FormData and URLSearchParams untouched', () => {
    const date = new Date('2025-01-02T03:04:05Z');
    const file = new File(['x'], 'a.csv');
    const blob = new Blob(['y']);
    const form = new FormData();
    const params = new URLSearchParams('a_b=1');
    const out = toSnakeKeys<Record<string, unknown>>({ shippedAt: date, csvFile: file, raw: blob, form, params, nothing: null });
    expect(out.shipped_at).toBe(date);
    expect(out.csv_file).toBe(file);
    expect(out.raw).toBe(blob);
    expect(out.form).toBe(form);
    expect(out.params).toBe(params);
    expect(out.nothing).toBeNull();
  });
});

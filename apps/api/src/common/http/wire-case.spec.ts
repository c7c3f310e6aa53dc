import { convertKeys, parseWireQuery, toCamel, toSnake, wireFieldPath } from './wire-case';

describe('wire case conversion', () => {
  it('converts keys both ways', () => {
    expect(toCamel('per_page')).toBe('perPage');
    expect(toCamel('option1_name')).toBe('option1Name');
    expect(toSnake('perPage')).toBe('per_page');
    expect(toSnake('lastLoginAt')).toBe('last_login_at');
    expect(toSnake('option1')).toBe('option1');
  });

  it('walks nested objects and arrays but leaves dates alone', () => {
    const at = new Date('2026-11-21T00:00:00Z');
    expect(convertKeys({ lineItems: [{ productName: 'x', shippedAt: at }] }, toSnake)).toEqual({
      line_items: [{ product_name: 'x', shipped_at: at }],
    });
  });

  it('turns nested field paths into wire paths', () => {
    expect(wireFieldPath('list.0.name')).toBe('list.0.name');
    expect(wireFieldPath('lineItems.12.productName')).toBe('line_items.12.product_name');
  });

  it('parses query strings with repeated keys', () => {
    expect(parseWireQuery('per_page=20&role=maker&role=operator&status[]=valid')).toEqual({
      perPage: '20',
      role: ['maker', 'operator'],
      status: ['valid'],
    });
  });
});

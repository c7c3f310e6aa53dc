import { toFieldErrors, toNamePath } from './field-errors';

describe('field errors', () => {
  it('turns a dotted snake path into an antd name path', () => {
    expect(toNamePath('list.0.product_name')).toEqual(['list', 0, 'productName']);
    expect(toNamePath('email')).toEqual(['email']);
  });

  it('nests errors by path, numeric segments making arrays', () => {
    const nested = toFieldErrors([
      { field: 'list.0.name', errorCode: 'max_length', params: { max: 10 } },
      { field: 'list.2.product_name', errorCode: 'required' },
      { field: 'shipping_fee', errorCode: 'integer' },
    ]);
    expect(nested).toEqual({
      list: [{ name: { code: 'max_length', params: { max: 10 } } }, undefined, { productName: { code: 'required', params: {} } }],
      shippingFee: { code: 'integer', params: {} },
    });
    expect(Array.isArray(nested.list)).toBe(true);
  });

  it('keeps the first error when a field has its own error and nested ones', () => {
    const nested = toFieldErrors([
      { field: 'lines', errorCode: 'required' },
      { field: 'lines.0.qty', errorCode: 'min', params: { min: 1 } },
    ]);
    expect(nested).toEqual({ lines: { code: 'required', params: {} } });
  });

  it('gives an empty object for no errors', () => {
    expect(toFieldErrors(undefined)).toEqual({});
    expect(toFieldErrors([])).toEqual({});
  });
});

import 'reflect-metadata';
import { instanceToPlain, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ProductBody } from '../../products/product.dto';
import { compileCheck } from './compiled-check';
import { transformOptionsFor } from './rules';

/**
 * The compiled check must agree with class-transformer + class-validator on every row: the same
 * verdict, and for a valid row the same body. Rows are valid ones with one field made hostile.
 */
describe('compiled check of a DTO', () => {
  const options = transformOptionsFor('text');
  const check = compileCheck(ProductBody, options);
  const valid = {
    productCode: 'P-1',
    productName: '木製チェア 髙島屋',
    shopId: 1,
    makerId: 2,
    price: '1980',
    taxPercentage: '10',
    shippingType: 'direct_delivery',
    isDisplay: '1',
    availableShipment: '0',
    option1: '赤',
    option2: null,
    categoryName: '家具',
    estimateShipDate: '3日',
    wholesalePrice: '1000',
    makerProductCode: 'M-1',
    ecProductCode: null,
    ownProductCode: undefined,
    deliveryCategory: 'A',
    shopProductId: null,
    postingSupportStatus: 'supported',
    state: 'available',
  };
  // Lone surrogates count one character each (PostgreSQL stores each as U+FFFD): `\uD800a` is two.
  const hostile = [null, undefined, '', ' ', 'x'.repeat(101), '\uD800a'.repeat(60), '\uD800'.repeat(101), '😀'.repeat(101), '😀', '\u0000', '-1', '0x10', '1.5', '99999999999', '1e3', 'true', '1', '0', 'maybe', 123, true, ' 7 '];

  const library = (plain: Record<string, unknown>) => {
    const body = plainToInstance(ProductBody, plain, options);
    return { body, valid: validateSync(body, { whitelist: true, forbidUnknownValues: true }).length === 0 };
  };

  it('agrees with the libraries on a valid row, with the same body', () => {
    const fast = check(valid);
    expect(fast).not.toBeNull();
    expect(instanceToPlain(fast)).toEqual(instanceToPlain(library(valid).body));
  });

  it.each(Object.keys(valid))('agrees on every hostile value of %s', (field) => {
    for (const value of hostile) {
      const plain = { ...valid, [field]: value };
      const fast = check(plain);
      const lib = library(plain);
      expect({ field, value, valid: fast !== null }).toEqual({ field, value, valid: lib.valid });
      if (fast) expect(instanceToPlain(fast)).toEqual(instanceToPlain(lib.body));
    }
  });

  it('drops unknown fields as the whitelist does', () => {
    expect(check({ ...valid, price_with_tax: '1' })).not.toHaveProperty('price_with_tax');
  });
});

import { applyDecision, canDiscard, columnChanges, isClear, isImportRunning, PRODUCT_IMPORT_STATUSES } from './product-import';

describe('product import statuses', () => {
  it('applies only a previewed import, and answers one already applying or applied as it is', () => {
    expect(Object.fromEntries(PRODUCT_IMPORT_STATUSES.map((s) => [s, applyDecision(s)]))).toEqual({
      validating: 'refuse',
      previewed: 'apply',
      invalid: 'refuse',
      applying: 'already',
      applied: 'already',
      failed: 'refuse',
      discarded: 'refuse',
    });
  });

  it('discards anything not being written or written', () => {
    expect(PRODUCT_IMPORT_STATUSES.filter(canDiscard)).toEqual(['validating', 'previewed', 'invalid', 'failed', 'discarded']);
  });

  it('is running while a job works on it', () => {
    expect(PRODUCT_IMPORT_STATUSES.filter(isImportRunning)).toEqual(['validating', 'applying']);
  });
});

describe('the columns a row changes', () => {
  const columns = [
    { key: 'code', header: '商品コード' },
    { key: 'name', header: '商品名' },
    { key: 'price', header: '税抜価格' },
    { key: 'withTax', header: '税込価格' },
    { key: 'memo', header: 'カテゴリ名' },
  ];

  it('lists each differing cell in column order, numbers and text compared as the CSV writes them', () => {
    const changes = columnChanges({ code: 'A', name: '椅子', price: 1000, withTax: 1100, memo: '家具' }, { code: 'A', name: '机', price: '1000', withTax: 1, memo: '家具' }, columns, ['withTax']);
    expect(changes).toEqual([{ column: '商品名', from: '椅子', to: '机' }]);
  });

  it('takes blank and null as the same, and marks a blank cell over a value as a clear', () => {
    const changes = columnChanges({ code: 'A', name: 'x', price: 5, memo: '家具' }, { code: 'A', name: 'x', price: 6, memo: '' }, columns);
    expect(changes).toEqual([
      { column: '税抜価格', from: '5', to: '6' },
      { column: 'カテゴリ名', from: '家具', to: null },
    ]);
    expect(changes.map(isClear)).toEqual([false, true]);
    expect(columnChanges({ memo: null }, { memo: '' }, columns)).toEqual([]);
    expect(isClear({ column: 'カテゴリ名', from: null, to: '家具' })).toBe(false);
  });
});

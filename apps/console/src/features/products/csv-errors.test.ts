import { describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '../../i18n';
import { displayPriceWithTax } from './api/product';
import { csvErrorLine } from './csv-errors';

describe('product CSV import errors', () => {
  it('says where and what, translated', () => {
    setLanguage('ja');
    const t = i18n.t.bind(i18n);
    expect(csvErrorLine({ field: 'rows.3.商品名', errorCode: 'max_length', params: { max: 100 } }, t)).toBe('3行目「商品名」: 100文字以内で入力してください。');
    expect(csvErrorLine({ field: 'rows.5.ショップ商品ID', errorCode: 'digits', params: { length: 12 } }, t)).toBe('5行目「ショップ商品ID」: 12桁の数字で入力してください。');
    expect(csvErrorLine({ field: 'rows.9', errorCode: 'invalid', params: { cells: 2, expected: 22 } }, t)).toBe('9行目: 列の数が2個です（見出しは22列）。');
    expect(csvErrorLine({ field: 'rows.7', errorCode: 'invalid' }, t)).toBe('7行目: 入力内容が正しくありません。');
    expect(csvErrorLine({ field: 'rows.4', errorCode: 'max_length', params: { max: 65536 } }, t)).toBe('4行目: 長すぎます（65536バイトまで）。');
    expect(csvErrorLine({ field: 'header', errorCode: 'max_length', params: { max: 8192 } }, t)).toBe('見出し行: 長すぎます（8192バイトまで）。');
    expect(csvErrorLine({ field: 'header', errorCode: 'invalid', params: { cells: 300, max: 256 } }, t)).toBe('見出し行: 列が多すぎます（300列、256列まで）。');
    expect(csvErrorLine({ field: 'header.商品名', errorCode: 'required' }, t)).toBe('見出し「商品名」: 必須項目です。');
    expect(csvErrorLine({ field: 'file', errorCode: 'file_format_invalid' }, t)).toBe('ファイル: ファイル形式が正しくありません。');
    setLanguage('en');
    expect(csvErrorLine({ field: 'rows.4.メーカーコード', errorCode: 'exists' }, i18n.t.bind(i18n))).toMatch(/^Row 4, "メーカーコード": /);
    setLanguage('ja');
  });
});

describe('price with tax shown in the form', () => {
  it('rounds the tax down, like the server', () => {
    expect(displayPriceWithTax(999, 8)).toBe(1078);
    expect(displayPriceWithTax(19, 10)).toBe(20);
    expect(displayPriceWithTax(null, 10)).toBeNull();
    expect(displayPriceWithTax(100, '')).toBeNull();
  });
});

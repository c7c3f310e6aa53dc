import { halfWidthNumber, isPhoneNumber, isPostcode, normalizePhoneNumber, normalizePostcode } from './contact';
import { DATE_MAX, DATE_MIN, isDateInRange } from './dates';
import { isPrintable, unprintableCharacters } from './printable';

describe('printable text (the order-sheet font)', () => {
  it.each(['山田 太郎', 'ヤマダ タロウ', '東京都千代田区丸の内1-2-3 髙島屋ビル４Ｆ', '①②③', '～〜', '¥1,000', '© ™ €', 'ABC-123_x', '　'])('prints %s', (text) => {
    expect(isPrintable(text)).toBe(true);
  });

  it.each([
    ['090-1234-😀', ['😀']],
    ['❤️ love', ['❤', '\uFE0F']],
    ['家族👨‍👩‍👧', ['👨', '\u200D', '👩', '👧']],
    ['tab\there', ['\t']],
    ['line\nbreak', ['\n']],
    ['\uE000 private use', ['\uE000']],
    ['bell\u0007', ['\u0007']],
  ])('refuses what %j cannot print', (text, chars) => {
    expect(unprintableCharacters(text)).toEqual(chars);
    expect(isPrintable(text)).toBe(false);
  });

  it('takes line breaks in several-line fields only', () => {
    expect(isPrintable('一行目\r\n二行目', { multiline: true })).toBe(true);
    expect(isPrintable('一行目\n😀', { multiline: true })).toBe(false);
  });

  it('names each character once, at most five', () => {
    expect(unprintableCharacters('😀😀😀')).toEqual(['😀']);
    expect(unprintableCharacters('😀😁😂🤣😃😄😅')).toHaveLength(5);
  });
});

describe('postcodes and phone numbers', () => {
  it.each(['1000001', '100-0001', '１００－０００１', '100ー0001'])('takes the postcode %s', (zip) => {
    expect(isPostcode(zip)).toBe(true);
    expect(normalizePostcode(zip)).toBe('100-0001');
  });

  it.each(['ABCDEFGH', '100-00011', '10-00001', '100--0001', '100 0001', '', '〒100-0001'])('refuses the postcode %j', (zip) => {
    expect(isPostcode(zip)).toBe(false);
  });

  it.each(['03-1234-5678', '0312345678', '090-1234-5678', '09012345678', '０９０－１２３４－５６７８', '0120-123-456'])('takes the phone %s', (tel) => {
    expect(isPhoneNumber(tel)).toBe(true);
  });

  it.each(['090-xxxx-😀', '03-1234-567', '090-1234-56789', '-0312345678', '03--1234-5678', '03-1234-5678-', '+81-3-1234-5678', '(03) 1234 5678', ''])(
    'refuses the phone %j',
    (tel) => {
      expect(isPhoneNumber(tel)).toBe(false);
    },
  );

  it('stores numbers half-width', () => {
    expect(normalizePhoneNumber('０３－１２３４－５６７８')).toBe('03-1234-5678');
    expect(halfWidthNumber('１２３ー４')).toBe('123-4');
  });
});

describe('date range', () => {
  it('takes 2000 to 2100 and nothing outside', () => {
    expect(isDateInRange(DATE_MIN)).toBe(true);
    expect(isDateInRange(DATE_MAX)).toBe(true);
    expect(isDateInRange('1999-12-31')).toBe(false);
    expect(isDateInRange('2101-01-01')).toBe(false);
  });
});

import { emailTakenError, isKatakana, needsEmailCheck, normalizeEmail, normalizePhone, samePersonGroups } from './customer';

describe('customer name kana', () => {
  it('accepts full-width katakana with ー, ・ and spaces', () => {
    expect(isKatakana('ヤマダ タロウ')).toBe(true);
    expect(isKatakana('ヤマダ　タロウ')).toBe(true);
    expect(isKatakana('スーパーマーケット')).toBe(true);
    expect(isKatakana('ジョン・スミス')).toBe(true);
    expect(isKatakana('ヴァイオリン')).toBe(true);
    expect(isKatakana('')).toBe(true);
  });

  it('refuses hiragana, kanji, half-width katakana and Latin letters', () => {
    expect(isKatakana('やまだ')).toBe(false);
    expect(isKatakana('山田')).toBe(false);
    expect(isKatakana('ﾔﾏﾀﾞ')).toBe(false);
    expect(isKatakana('Yamada')).toBe(false);
    expect(isKatakana('ヤマダ1')).toBe(false);
  });
});

describe('duplicate keys', () => {
  it('normalises phone numbers: full-width digits, hyphens and other dashes, spaces, parentheses', () => {
    expect(normalizePhone('03-1234-5678')).toBe('0312345678');
    expect(normalizePhone('０３－１２３４－５６７８')).toBe('0312345678');
    expect(normalizePhone('03ー1234ー5678')).toBe('0312345678');
    expect(normalizePhone('03‐1234−5678')).toBe('0312345678');
    expect(normalizePhone('03–1234—5678')).toBe('0312345678');
    expect(normalizePhone('(03) 1234　5678')).toBe('0312345678');
    expect(normalizePhone('＋81-3-1234-5678')).toBe('+81312345678');
    expect(normalizePhone(' - ')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });

  it('normalises e-mail addresses: trimmed, lower-cased', () => {
    expect(normalizeEmail('  Taro.Yamada@Example.JP ')).toBe('taro.yamada@example.jp');
    expect(normalizeEmail('   ')).toBeNull();
    expect(normalizeEmail(undefined)).toBeNull();
  });
});

describe('same-person groups', () => {
  const c = (id: string, email: string | null, phone: string | null) => ({ id, emailNormalized: email, phoneNormalized: phone });

  it('keeps a customer with nothing shared alone', () => {
    expect(samePersonGroups([c('5', 'a@x.jp', '1'), c('6', null, null), c('7', null, null)])).toEqual(
      new Map([['5', '5'], ['6', '6'], ['7', '7']]),
    );
  });

  it('groups by e-mail and by phone, under the smallest id', () => {
    expect(samePersonGroups([c('9', 'a@x.jp', null), c('3', 'a@x.jp', null), c('4', null, '01'), c('12', 'b@x.jp', '01')])).toEqual(
      new Map([['9', '3'], ['3', '3'], ['4', '4'], ['12', '4']]),
    );
  });

  it('joins groups transitively: e-mail with one, phone with another', () => {
    const groups = samePersonGroups([c('10', 'a@x.jp', '01'), c('2', 'a@x.jp', '02'), c('30', 'c@x.jp', '02'), c('40', 'c@x.jp', null), c('5', 'z@x.jp', '09')]);
    expect([...groups.entries()]).toEqual([['10', '2'], ['2', '2'], ['30', '2'], ['40', '2'], ['5', '5']]);
  });

  it('compares ids as numbers, not text', () => {
    expect(samePersonGroups([c('10', 'a@x.jp', null), c('9', 'a@x.jp', null)]).get('10')).toBe('9');
  });
});

describe('one customer per e-mail and shop', () => {
  const keys = (shopId: string | null, emailNormalized: string | null) => ({ shopId, emailNormalized });

  it('checks a new customer with an e-mail, and an edit that changes the e-mail or the shop', () => {
    expect(needsEmailCheck(null, keys('1', 'a@example.jp'))).toBe(true);
    expect(needsEmailCheck(null, keys(null, 'a@example.jp'))).toBe(true);
    expect(needsEmailCheck(keys('1', 'a@example.jp'), keys('1', 'b@example.jp'))).toBe(true);
    expect(needsEmailCheck(keys('1', 'a@example.jp'), keys('2', 'a@example.jp'))).toBe(true);
    expect(needsEmailCheck(keys(null, 'a@example.jp'), keys('2', 'a@example.jp'))).toBe(true);
    expect(needsEmailCheck(keys('1', null), keys('1', 'a@example.jp'))).toBe(true);
  });

  it('leaves alone a customer without an e-mail, and an edit that keeps both as they were', () => {
    expect(needsEmailCheck(null, keys('1', null))).toBe(false);
    expect(needsEmailCheck(keys('1', 'a@example.jp'), keys('1', null))).toBe(false);
    expect(needsEmailCheck(keys('1', 'a@example.jp'), keys('1', 'a@example.jp'))).toBe(false);
    expect(needsEmailCheck(keys(null, 'a@example.jp'), keys(null, 'a@example.jp'))).toBe(false);
  });

  it('refuses on the e-mail field with the id and name of the customer who has it', () => {
    const error = emailTakenError({ id: '42', name: '山田 太郎' });
    expect(error.status).toBe(422);
    expect(error.issues).toEqual([{ field: 'email', errorCode: 'unique', params: { customer_id: 42, customer_name: '山田 太郎' } }]);
  });
});

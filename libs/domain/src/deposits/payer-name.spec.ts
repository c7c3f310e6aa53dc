import { LEGAL_FORMS, orderNumbersIn, PAYER_KEY_STEPS, payerNameKey, splitLegalForm, payerOf } from './payer-name';
import { PAYER_NAME_PAIRS } from './payer-names.fixture';

describe('payer names (振込依頼人名) against buyer kana', () => {
  it('the table holds at least 40 pairs, every abbreviation position, and pairs that must not match', () => {
    expect(PAYER_NAME_PAIRS.length).toBeGreaterThanOrEqual(40);
    expect(PAYER_NAME_PAIRS.filter((p) => !p.same).length).toBeGreaterThanOrEqual(10);
    const banks = PAYER_NAME_PAIRS.map((p) => p.bank);
    expect(banks.some((b) => /^ｶ\)/.test(b))).toBe(true);
    expect(banks.some((b) => /\(ｶ$/.test(b))).toBe(true);
    expect(banks.some((b) => /.\(ｶ\)./.test(b))).toBe(true);
  });

  it.each(PAYER_NAME_PAIRS)('$bank against $customer: same $same', ({ bank, customer, same }) => {
    expect(payerNameKey(bank) === payerNameKey(customer)).toBe(same);
  });

  it.each([
    ['ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ', 'ヤマダシヨウジ'],
    ['ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ', 'ヤマダシヨウジ'],
    ['ﾔﾏﾀﾞ(ｶ)ﾄｳｷﾖｳｼﾃﾝ', 'ヤマダトウキヨウシテン'],
    ['カブシキガイシャ　ヤマダショウジ', 'ヤマダシヨウジ'],
    ['(株)ヤマダショウジ', 'ヤマダシヨウジ'],
    ['ﾔﾏﾀﾞ ﾀﾛｳ', 'ヤマダタロウ'],
    ['ｺｰﾋｰ', 'コーヒー'],
    ['ｺ-ﾋ-', 'コーヒー'],
    ['コ－ヒ—', 'コーヒー'],
    ['ｺｰｰﾋｰ', 'コーヒー'],
    ['ABC-12', 'ABC12'],
    ['-ｱｲ', 'アイ'],
    ['ｳﾞｨｯﾄ', 'ヴイツト'],
    ['ゔぃっと', 'ヴイツト'],
    ['ヱビス', 'エビス'],
    ['abc ﾃﾞﾝｷ', 'ABCデンキ'],
    ['ｶ ﾞ', 'カ'],
    ['ﾔﾏﾀﾞ(ﾀﾛｳ)', 'ヤマダタロウ'],
    ['', ''],
  ])('%j has the key %j', (name, key) => {
    expect(payerNameKey(name)).toBe(key);
  });

  it('keeps a name that only looks like an abbreviation where 全銀 puts none', () => {
    expect(payerNameKey('ｶﾜｶﾐ')).toBe('カワカミ');
    expect(payerNameKey('ﾕｳｷ(ｶ)')).toBe('ユウキ');
    expect(payerNameKey('ｶﾅｶﾞﾜｶ)')).toBe('カナガワカ');
    expect(payerNameKey('ｶ(ﾔﾏﾀﾞ')).toBe('カヤマダ');
  });

  it('tells the legal form apart from the key', () => {
    expect(splitLegalForm('ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ')).toEqual({ core: 'ヤマダシヨウジ', legalForm: 'kabushiki' });
    expect(splitLegalForm('ﾔﾏﾀﾞｼﾖｳｼﾞ(ﾕ')).toEqual({ core: 'ヤマダシヨウジ', legalForm: 'yugen' });
    expect(splitLegalForm('ﾔﾏﾀﾞ(ｶ)ﾄｳｷﾖｳｼﾃﾝ')).toEqual({ core: 'ヤマダトウキヨウシテン', legalForm: 'kabushiki' });
    expect(splitLegalForm('ゴウドウガイシャ グリーンリーフ')).toEqual({ core: 'グリーンリーフ', legalForm: 'godo' });
    expect(splitLegalForm('ｲﾘﾖｳﾎｳｼﾞﾝｼﾔﾀﾞﾝ ｻｸﾗｶｲ')).toEqual({ core: 'サクラカイ', legalForm: 'iryo' });
    expect(splitLegalForm('ｼﾔ)ﾆﾎﾝｷﾖｳｶｲ').legalForm).toBe('shadan');
    expect(splitLegalForm('ヤマダショウジ㈲').legalForm).toBe('yugen');
    expect(splitLegalForm('ﾔﾏﾀﾞ ﾀﾛｳ')).toEqual({ core: 'ヤマダタロウ', legalForm: null });
  });

  it('recognises every kana abbreviation of the list in each of its three places', () => {
    for (const form of LEGAL_FORMS) {
      for (const kana of form.kana) {
        for (const written of [`${kana})ﾐﾄﾞﾘ`, `ﾐﾄﾞﾘ(${kana}`, `ﾐﾄﾞﾘ(${kana})ﾄｳｷﾖｳ`]) {
          expect(splitLegalForm(written).legalForm).toBe(form.code);
        }
      }
    }
  });

  it('translates one character to one, as PostgreSQL translate() does, each character by one step at most', () => {
    const translated = PAYER_KEY_STEPS.flatMap((step) => (step.kind === 'translate' ? [...step.from] : []));
    expect(new Set(translated).size).toBe(translated.length);
    for (const step of PAYER_KEY_STEPS) {
      if (step.kind === 'translate') expect([...step.to].length).toBe([...step.from].length);
    }
  });
});

describe('order numbers in payer names and EDI text', () => {
  it.each([
    ['20261124-0000123ﾔﾏﾀﾞﾀﾛｳ', ['20261124-0000123']],
    ['ﾔﾏﾀﾞﾀﾛｳ 20261124-0000123', ['20261124-0000123']],
    ['２０２６１１２４－００００１２３', ['20261124-0000123']],
    ['202611240000123ﾔﾏﾀﾞ', ['20261124-0000123']],
    ['20261124ｰ0000123', ['20261124-0000123']],
    ['20261124ー0000123', ['20261124-0000123']],
    ['20261124‐0000123', ['20261124-0000123']],
    ['20261124-12345678', ['20261124-12345678']],
    ['NO.20261124-0000123,20261201-0000456', ['20261124-0000123', '20261201-0000456']],
    ['20261124-0000123 20261124-0000123 ２０２６１１２４０００００１２３', ['20261124-0000123']],
    ['20261124-0000123-2', ['20261124-0000123']],
    ['20261124-00000123 (a zero too many)', ['20261124-0000123']],
    ['20261124-0012345678', ['20261124-12345678']],
  ])('%j holds %j', (text, numbers) => {
    expect(orderNumbersIn(text)).toEqual(numbers);
  });

  it.each([
    ['a phone number', '09012345678'],
    ['a phone number with hyphens', '090-1234-5678'],
    ['a fixed-line number', 'TEL0312345678'],
    ['no 13th month', '20261324-0000123'],
    ['no 32nd day', '20261132-0000123'],
    ['no 31 February', '20260231-0000123'],
    ['no 29 February in 2026', '20260229-0000123'],
    ['no year before 2000', '19991231-0000123'],
    ['a running number too short', '20261124-000012'],
    ['a running number longer than order_no holds', '20261124-000012345678'],
    ['a longer run of digits before', '120261124-0000123'],
    ['a longer run of digits', '2026112400001234567890'],
    ['two hyphens', '20261124--0000123'],
    ['a space for the hyphen', '20261124 0000123'],
    ['a date alone', '2026-11-24'],
    ['nothing', ''],
  ])('finds none in %s', (_, text) => {
    expect(orderNumbersIn(text)).toEqual([]);
  });

  it('takes 29 February of a leap year', () => {
    expect(orderNumbersIn('20280229-0000001')).toEqual(['20280229-0000001']);
  });
});

describe('payerOf', () => {
  it.each([
    ['振込 ﾔﾏﾀﾞ ﾀﾛｳ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['ﾌﾘｺﾐ＊ﾔﾏﾀﾞ ﾀﾛｳ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['振込入金　ヤマダ タロウ', 'ヤマダ タロウ'],
    ['ﾔﾏﾀﾞ ﾀﾛｳ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    // Only a whole word before a separator: a name that starts with the same kana stays whole.
    ['ﾌﾘｺﾐﾔ ｼﾖｳﾃﾝ', 'ﾌﾘｺﾐﾔ ｼﾖｳﾃﾝ'],
  ])('%s → %s', (name, payer) => {
    expect(payerOf(name)).toBe(payer);
    expect(payerNameKey(payerOf(name))).toBe(payerNameKey(payer));
  });
});

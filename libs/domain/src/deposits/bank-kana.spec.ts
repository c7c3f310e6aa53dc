import { bankKana } from './bank-kana';
import { payerNameKey } from './payer-name';

describe('bankKana', () => {
  it.each([
    ['ヤマダ タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['カブシキガイシャヤマダショウジ', 'ｶﾌﾞｼｷｶﾞｲｼﾔﾔﾏﾀﾞｼﾖｳｼﾞ'],
    ['ポーラ　ヴィラ', 'ﾎﾟｰﾗ ｳﾞｲﾗ'],
    ['きっさてん', 'ｷﾂｻﾃﾝ'],
  ])('%s → %s, read back to the same key', (name, written) => {
    expect(bankKana(name)).toBe(written);
    expect(payerNameKey(written)).toBe(payerNameKey(name));
  });
});

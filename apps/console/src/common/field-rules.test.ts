import type { FormInstance, FormRule } from 'antd';
import { setLanguage } from '../i18n';
import { accountHolderKana } from './field-rules';

/** What a rule answers for `value`: its message, or null when it takes it. */
async function judge(rule: FormRule, value: unknown): Promise<string | null> {
  const object = typeof rule === 'function' ? rule({} as FormInstance) : rule;
  try {
    await object.validator!({}, value, () => undefined);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('accountHolderKana', () => {
  beforeEach(() => setLanguage('ja'));

  it('takes a holder as banks write it, a company’s marks included, as the API does', async () => {
    for (const name of ['カ）ヤマダショウジ', 'ヤマダ（カ', 'ヤマダ タロウ', 'ユ）エービーシー．ＡＢＣ', '']) expect(await judge(accountHolderKana(), name)).toBeNull();
  });

  it('refuses hiragana and kanji with the katakana message', async () => {
    for (const name of ['やまだ', '山田 太郎']) expect(await judge(accountHolderKana(), name)).toBe('全角カタカナで入力してください。');
  });
});

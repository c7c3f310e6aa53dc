import { ERROR_CODES, FIELD_RULES } from '@oms/domain';
import { ORDER_ACTIONS } from '../features/orders/order-actions';
import i18n, { errorMessage, formatDate, resources, setLanguage } from './index';

describe('error_message translations', () => {
  const codes = [...ERROR_CODES, ...FIELD_RULES, 'ERR-ANOTHER'];

  it.each(['ja', 'en'] as const)('has a %s message for every code the server can answer with', (language) => {
    const messages = resources[language].error_message as Record<string, string>;
    const missing = codes.filter((code) => !messages[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('translates codes with their params, and network codes', () => {
    setLanguage('ja');
    expect(errorMessage('max_length', { max: 100 })).toBe('100文字以内で入力してください。');
    expect(errorMessage('ERR-0502')).toBe('通信エラーが発生しました（ERR-0502）。');
    setLanguage('en');
    expect(errorMessage('NAL-LO-01')).toBe('This e-mail address is not registered.');
    expect(errorMessage('SOMETHING-NEW', {}, 'server says so')).toBe('server says so');
  });

  it('shows dates as yyyy年MM月dd日 in Japanese', () => {
    setLanguage('ja');
    expect(formatDate('2026-11-21T03:00:00Z')).toBe('2026年11月21日');
    setLanguage('en');
    expect(formatDate('2026-11-21T03:00:00Z')).toBe('2026-11-21');
    setLanguage('ja');
  });

  /** Every text of a catalogue with its dotted key. */
  const entries = (o: object, prefix = ''): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));

  it('has the same UI keys in both languages', () => {
    const keys = (o: object) => entries(o).map(([key]) => key);
    expect(keys(resources.en.common).sort()).toEqual(keys(resources.ja.common).sort());
  });

  it('writes Japanese as a Japanese user does: no space between a value and the Japanese around it (3件, not 3 件)', () => {
    const ja = [...entries(resources.ja.common), ...entries(resources.ja.error_message)];
    // A space with a placeholder on one side and a non-ASCII (Japanese) character on the other.
    expect(ja.filter(([, text]) => /[^ -~] \{\{|\}\} [^ -~]/.test(text))).toEqual([]);
  });

  it('toasts a done order action as a person writes it (入金済みにしました。)', () => {
    setLanguage('ja');
    const done = entries(resources.ja.common).filter(([key]) => key.startsWith('orders.done.'));
    expect(done.map(([key]) => key.slice('orders.done.'.length)).sort()).toEqual([...ORDER_ACTIONS].sort());
    expect(done.filter(([, text]) => !text.endsWith('しました。'))).toEqual([]);
    expect(i18n.t('orders.done.paid')).toBe('入金済みにしました。');
  });
});

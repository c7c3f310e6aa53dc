import type { FormRule } from 'antd';
import { DATE_MAX, DATE_MIN, isAccountHolderKana, isDateInRange, isKatakana, isPhoneNumber, isPostcode, MONEY_LIMITS, parseDate, unprintableCharacters } from '@oms/domain';
import { errorMessage } from '../i18n';

/**
 * Form rules that refuse a value with the server's message instead of changing it: inputs carry no
 * `maxLength` (the browser would cut a pasted text) and InputNumber no `min`/`max`/`precision` (it
 * would clamp or round on blur), so what the user typed stays there, with the reason beside it.
 */

/** The bounds of money (SPEC.md §5), the domain's own table: fees, prices, an order's total. */
export { MONEY_LIMITS };

/** A field that must be filled: blank, or spaces only, is refused with the API's `required`. */
export const required = (): FormRule => ({ required: true, whitespace: true, message: errorMessage('required') });

/** A choice that must be made (a radio group, a select), with the API's `required`. */
export const chosen = (): FormRule => ({ required: true, message: errorMessage('required') });

/** An e-mail address, as the API's Email rule (`email_invalid`); blank is left to `required`. */
export const email = (): FormRule => ({ type: 'email', message: errorMessage('email_invalid') });

/** At most `max` characters, counted in code points as the API counts them. */
export function maxLength(max: number): FormRule {
  return { type: 'string', max, message: errorMessage('max_length', { max }) };
}

/** A whole number from `min` to `max`; empty is left to `required`. */
export function wholeNumber(min: number, max: number): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      const n = Number(value);
      if (!Number.isInteger(n)) throw new Error(errorMessage('integer'));
      if (n < min) throw new Error(errorMessage('min', { min: min.toLocaleString('ja-JP') }));
      if (n > max) throw new Error(errorMessage('max', { max: max.toLocaleString('ja-JP') }));
    },
  };
}

/** Money in integer yen from 0 to `max` (a MONEY_LIMITS bound), as the API's Money rule answers it. */
export const moneyWithin = (max: number): FormRule => wholeNumber(MONEY_LIMITS.min, max);

/** The character count beside a text field, red past `max` (antd's `count` without a formatter does not cut the text). */
export const countOf = (max: number) => ({ show: true, max, strategy: (value: string) => [...value].length });

/**
 * The server's own format rules, from the domain (pure TypeScript, like the line-status table): the
 * form refuses what the API would, before sending, with the same messages.
 */

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const shown = (character: string) => (/\p{Extended_Pictographic}/u.test(character) ? character : `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);

/** A Japanese postcode (`1234567` or `123-4567`, full-width accepted); blank is left to `required`. */
export const postcode = (): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (!blank(value) && !isPostcode(String(value).trim())) throw new Error(errorMessage('zip_format'));
  },
});

/** A Japanese phone or fax number: digits and hyphens, 10 or 11 digits. */
export const phoneNumber = (): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (!blank(value) && !isPhoneNumber(String(value).trim())) throw new Error(errorMessage('phone_format'));
  },
});

/** Text printed on a sheet or label: only characters the documents' font can draw (no emoji). */
export const printable = (multiline = false): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string') return;
    // The API trims a text before its rules (a trailing tab is no character of the value).
    const chars = unprintableCharacters(value.trim(), { multiline });
    if (chars.length) throw new Error(errorMessage('unprintable', { chars: chars.map(shown).join(' ') }));
  },
});

/** A date typed `Y-m-d` or `Y/m/d`, from 2000 to 2100. */
export const dateText = (): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (blank(value)) return;
    const date = parseDate(String(value));
    if (!date) throw new Error(errorMessage('date_format'));
    if (!isDateInRange(date)) throw new Error(errorMessage('date_out_of_range', { min: DATE_MIN, max: DATE_MAX }));
  },
});

/** Full-width katakana (a name's reading, フリガナ), as the API's Katakana rule; blank is left to `required`. */
export const katakana = (): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (!blank(value) && !isKatakana(String(value).trim())) throw new Error(errorMessage('katakana'));
  },
});

/**
 * A bank account holder's name as banks write it (口座名義), as the API's rule: katakana with a company's
 * marks (`カ）ヤマダショウジ`), Latin capitals and digits; hiragana and kanji are refused with `katakana`.
 */
export const accountHolderKana = (): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (!blank(value) && !isAccountHolderKana(String(value).trim())) throw new Error(errorMessage('katakana'));
  },
});

/**
 * The same text as the field `other` (an e-mail typed twice), compared as the API's SameAs does: trimmed,
 * case aside. Give the item `dependencies={[other]}` so that it is checked again as the other changes.
 */
export const sameAs =
  (other: string, errorCode: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const first: unknown = getFieldValue(other);
      if (blank(value) || typeof first !== 'string' || blank(first)) return;
      if (String(value).trim().toLowerCase() !== first.trim().toLowerCase()) throw new Error(errorMessage(errorCode));
    },
  });

import type { FormRule } from 'antd';
import { errorMessage } from '../i18n';

/**
 * Form rules that refuse a value with the server's message instead of changing it: inputs carry no
 * `maxLength` (the browser would cut a pasted text) and InputNumber no `min`/`max`/`precision` (it
 * would clamp or round on blur), so what the user typed stays there, with the reason beside it.
 */

/** The upper bound of money fields (SPEC.md §5). */
export const MONEY_MAX = 99_999_999;

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

/** The character count beside a text field, red past `max` (antd's `count` without a formatter does not cut the text). */
export const countOf = (max: number) => ({ show: true, max, strategy: (value: string) => [...value].length });

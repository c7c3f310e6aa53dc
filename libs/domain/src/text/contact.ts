/**
 * Postcodes and phone numbers as Japanese carriers and makers take them (SPEC.md §5 gives only their
 * lengths; a probe found `ABCDEFGH` and `090-xxxx-😀` printed on order sheets). Full-width digits and
 * hyphens, as people type them with a Japanese input method, are accepted and made half-width.
 */

/** Full-width digits (０-９) and the dashes people type for a hyphen become `0-9` and `-`. */
export function halfWidthNumber(text: string): string {
  return text.replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[\u2010-\u2015\u2212\u30FC\uFF0D\uFF70]/g, '-');
}

/** `1234567` or `123-4567` (seven digits, a hyphen after the third allowed). */
const POSTCODE = /^\d{3}-?\d{4}$/;

export function isPostcode(text: string): boolean {
  return POSTCODE.test(halfWidthNumber(text));
}

/** `123-4567` whatever the input's width or hyphen: how a postcode is stored and printed. */
export function normalizePostcode(text: string): string {
  const digits = halfWidthNumber(text).replace(/-/g, '');
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/**
 * A Japanese phone or fax number: digits and hyphens only, 10 digits (landlines, `03-1234-5678`) or
 * 11 (mobiles and IP phones, `090-1234-5678`), not starting or ending with a hyphen nor with two together.
 */
export function isPhoneNumber(text: string): boolean {
  const half = halfWidthNumber(text);
  if (!/^\d+(-\d+)*$/.test(half)) return false;
  const digits = half.replace(/-/g, '').length;
  return digits === 10 || digits === 11;
}

/** Digits and hyphens, half-width: how a phone number is stored and printed. */
export function normalizePhoneNumber(text: string): string {
  return halfWidthNumber(text);
}

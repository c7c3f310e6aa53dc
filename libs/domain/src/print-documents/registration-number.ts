import { INVOICE_REGISTRATION_NUMBER } from '../settings/settings';

/**
 * The qualified-invoice issuer registration number (適格請求書発行事業者登録番号): `T` and 13
 * digits, the first of which is a check digit by the rule of the 法人番号 (法人番号の指定等に関する
 * 省令 第2条): 9 − (Σ_{n=1..12} Pn × Qn mod 9), Pn the n-th of the 12 base digits counted from the
 * last, Qn 1 for odd n and 2 for even n. Individuals' numbers are made the same way.
 */

/** The check digit of 12 base digits (the number's 2nd to 13th digits). */
export function registrationCheckDigit(baseDigits: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(baseDigits[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export function isValidInvoiceRegistrationNumber(value: string): boolean {
  if (!INVOICE_REGISTRATION_NUMBER.test(value)) return false;
  return Number(value[1]) === registrationCheckDigit(value.slice(2));
}

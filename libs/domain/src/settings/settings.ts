import { FieldIssue } from '../errors/field-rule';
import type { DateText } from '../text/dates';

/** SPEC.md §3, §5 and §9: what a shop is made of, and its limits. */
export const SHOP_LIMITS = {
  nameMax: 100,
  codeMax: 30,
  ecShopIdMax: 50,
  /** Not in the SPEC: long enough for any platform password or API key. */
  secretMax: 255,
  adminUrlMax: 255,
  /** EDI stop amount, in units of 10,000 yen (SPEC.md §9: 10,000 to 300,000 yen). */
  ediStopAmountMin: 1,
  ediStopAmountMax: 30,
  reminderDaysMin: 1,
  reminderDaysMax: 7,
  reminderHourMin: 0,
  reminderHourMax: 23,
  /** The shop's contact for makers (order sheets, Reply-To): the maker's own limits (SPEC.md §5). */
  contactCompanyMax: 100,
  contactPersonMax: 100,
  contactPhoneMax: 15,
  contactEmailMax: 100,
} as const;

/** The two supported online-shop platforms; the SPEC does not name them (labels live in the console's texts). */
export const SHOP_TYPES = ['platform_1', 'platform_2'] as const;
export type ShopType = (typeof SHOP_TYPES)[number];

/** The shop fields kept sealed (SecretBox) and never answered in clear. */
export const SHOP_SECRETS = ['ecPassword', 'productAuthCode', 'orderAuthCode', 'memberAuthCode'] as const;
export type ShopSecret = (typeof SHOP_SECRETS)[number];

export const DELIVERY_LIMITS = { nameMax: 100, trackingUrlMax: 255 } as const;

/** The order setting (option): the operator's details printed on invoices, receipts and delivery notes. */
export const OPTION_LIMITS = {
  companyNameMax: 100,
  zipMax: 8,
  addressMax: 100,
  phoneMax: 15,
  bankAccountMax: 200,
  /** `T` and 13 digits (INVOICE_REGISTRATION_NUMBER). */
  invoiceRegistrationNumberMax: 14,
  taxPercentMin: 0,
  taxPercentMax: 100,
} as const;

/** A qualified-invoice issuer registration number: `T` and 13 digits. */
export const INVOICE_REGISTRATION_NUMBER = /^T\d{13}$/;

/** An absolute http(s) address. */
export const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** `YYYY-MM` of a real month. */
export function isMonth(text: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(text);
  return !!m && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/**
 * A date written `Y-m-d` or `Y/m/d` (DESIGN.md §4; month and day may have one digit) as
 * `YYYY-MM-DD`, or null when it is not a real calendar date.
 */
export function parseDate(text: DateText): DateText | null {
  const m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[3]), Number(m[4])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A monthly timeline entry: its finish date is not before its start date (both `YYYY-MM-DD`). */
export function timelineIssues(startDate: string, finishDate: string): FieldIssue[] {
  return finishDate < startDate ? [{ field: 'finish_date', errorCode: 'date_after', params: { other: 'start_date' } }] : [];
}

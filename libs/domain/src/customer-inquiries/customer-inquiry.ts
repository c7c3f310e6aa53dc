import { addBusinessDays, addDays, daysBetween, isBusinessDay, nextBusinessDay, YearEndClosing } from '../calendar/business-days';
import { CUSTOMER_LIMITS } from '../customers/customer';
import type { FieldIssue } from '../errors/field-rule';
import type { DateText } from '../text/dates';

/**
 * Customer inquiries (SPEC.md §2, §3 "Customer inquiry", §4, §5, §9; issue 16): what customers send
 * through the public forms (a general inquiry, a return or exchange request) or tell staff by phone or
 * fax, tracked from waiting to replied to completed.
 */

/** How the inquiry came in: the shop's web forms are 'shop'; staff record the others. */
export const CUSTOMER_INQUIRY_METHOD = { shop: 1, phone: 2, fax: 3, system: 4, other: 5 } as const;
export type CustomerInquiryMethod = (typeof CUSTOMER_INQUIRY_METHOD)[keyof typeof CUSTOMER_INQUIRY_METHOD];
export const CUSTOMER_INQUIRY_METHODS: readonly CustomerInquiryMethod[] = Object.values(CUSTOMER_INQUIRY_METHOD);

export const CUSTOMER_INQUIRY_STATE = { waiting: 1, replied: 2, completed: 3 } as const;
export type CustomerInquiryState = (typeof CUSTOMER_INQUIRY_STATE)[keyof typeof CUSTOMER_INQUIRY_STATE];
export const CUSTOMER_INQUIRY_STATES: readonly CustomerInquiryState[] = Object.values(CUSTOMER_INQUIRY_STATE);

/** What the inquiry is about (the form's "type"). A return form is always 'returnExchange'. */
export const CUSTOMER_INQUIRY_TYPE = { product: 1, orderDelivery: 2, returnExchange: 3, other: 4 } as const;
export type CustomerInquiryType = (typeof CUSTOMER_INQUIRY_TYPE)[keyof typeof CUSTOMER_INQUIRY_TYPE];
export const CUSTOMER_INQUIRY_TYPES: readonly CustomerInquiryType[] = Object.values(CUSTOMER_INQUIRY_TYPE);

/** Which form an inquiry came from: a general one, or a return/exchange request with its details. */
export const CUSTOMER_INQUIRY_KINDS = ['inquiry', 'return'] as const;
export type CustomerInquiryKind = (typeof CUSTOMER_INQUIRY_KINDS)[number];

export const RETURN_REQUEST = { exchange: 1, return: 2 } as const;
export const RETURN_REQUESTS: readonly number[] = Object.values(RETURN_REQUEST);
/** How the goods come back: a carrier picks them up on a date and slot, or the customer sends them. */
export const RETURN_METHOD = { pickup: 1, customerSends: 2 } as const;
export const RETURN_METHODS: readonly number[] = Object.values(RETURN_METHOD);
export const BANK_ACCOUNT_TYPE = { ordinary: 1, checking: 2 } as const;
export const BANK_ACCOUNT_TYPES: readonly number[] = Object.values(BANK_ACCOUNT_TYPE);

/**
 * A bank account holder's name as banks write it (口座名義): full-width katakana and spaces, with the
 * marks of a company's name (`カ）ヤマダショウジ`, `ヤマダ（カ`: parentheses, `．`, `／`, `－`), and
 * Latin capitals or digits (full- or half-width). Hiragana and kanji are refused (`katakana`).
 */
const ACCOUNT_HOLDER = /^[\u30A1-\u30FE\u3000 （）()．.／/－\-\uFF10-\uFF19\uFF21-\uFF3AA-Z0-9]+$/;
export function isAccountHolderKana(text: string): boolean {
  return ACCOUNT_HOLDER.test(text) && /[\u30A1-\u30FA]/.test(text);
}

/** Pickup time slots (SPEC.md §9), by number: 1 9–13, 2 14–16, 3 16–18, 4 17–18:30. */
export const PICKUP_SLOTS = { 1: '9:00-13:00', 2: '14:00-16:00', 3: '16:00-18:00', 4: '17:00-18:30' } as const;
export const PICKUP_SLOT_NUMBERS: readonly number[] = Object.keys(PICKUP_SLOTS).map(Number);

/** The languages a form is filled in, and its acknowledgement mailed in. */
export const FORM_LANGUAGES = ['ja', 'en'] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

export const CUSTOMER_INQUIRY_LIMITS = {
  companyMax: CUSTOMER_LIMITS.companyNameMax,
  positionMax: 50,
  nameMax: CUSTOMER_LIMITS.nameMax,
  phoneMax: CUSTOMER_LIMITS.phoneMax,
  emailMax: CUSTOMER_LIMITS.emailMax,
  titleMax: 100,
  contentMax: 2000,
  productMax: 100,
  orderNoMax: 20,
  desiredDatesMax: 200,
  zipMax: CUSTOMER_LIMITS.zipMax,
  addressMax: CUSTOMER_LIMITS.addressMax,
  bankNameMax: 50,
  branchNameMax: 50,
  /** Japanese bank account numbers are 7 digits (ゆうちょ's 8 digits are given as its 7-digit transfer number). */
  accountNumberDigits: 7,
  accountHolderMax: 50,
  csMemoMax: 1000,
  keywordMax: 100,
  /** SPEC.md §9: a return is asked for within this many days of delivery; 8 or more are refused. */
  returnWindowDays: 7,
  /** SPEC.md §5, §9: a pickup at least this many business days ahead. */
  pickupLeadBusinessDays: 4,
  /** A pickup at most this many days ahead (NAL-INQ-006). */
  pickupHorizonDays: 60,
} as const;

/**
 * The return window (SPEC.md §9): the request comes at most 7 days after the goods arrived (the day of
 * arrival is day 0); 8 days or more is refused (NAL-INQ-004). An arrival date after today is a typing
 * mistake (`date_before_today`).
 */
export function returnWindowIssues(deliveredOn: DateText, today: DateText): FieldIssue[] {
  const days = daysBetween(deliveredOn, today);
  if (days < 0) return [{ field: 'delivery_date', errorCode: 'date_before_today' }];
  if (days > CUSTOMER_INQUIRY_LIMITS.returnWindowDays) {
    return [{ field: 'delivery_date', errorCode: 'NAL-INQ-004', params: { days: CUSTOMER_INQUIRY_LIMITS.returnWindowDays } }];
  }
  return [];
}

/** The first day a pickup can be asked for: the 4th business day after today. */
export function earliestPickupDate(today: DateText, closing: YearEndClosing): DateText {
  return addBusinessDays(today, CUSTOMER_INQUIRY_LIMITS.pickupLeadBusinessDays, closing);
}

/** A pickup at least 4 business days ahead (NAL-INQ-005, with the first date allowed), at most 60 days ahead (NAL-INQ-006). */
export function pickupDateIssues(pickupOn: DateText, today: DateText, closing: YearEndClosing): FieldIssue[] {
  const earliest = earliestPickupDate(today, closing);
  if (pickupOn < earliest) return [{ field: 'pickup_date', errorCode: 'NAL-INQ-005', params: { min: earliest, days: CUSTOMER_INQUIRY_LIMITS.pickupLeadBusinessDays } }];
  const latest = addDays(today, CUSTOMER_INQUIRY_LIMITS.pickupHorizonDays);
  if (pickupOn > latest) return [{ field: 'pickup_date', errorCode: 'NAL-INQ-006', params: { max: latest } }];
  return [];
}

/** Business hours for the reply rule (SPEC.md §9), in Japan time: 10:00 to 17:00. */
const OPEN_MINUTE = 10 * 60;
const CLOSE_MINUTE = 17 * 60;
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A Japan date and minute of the day as the moment it is. */
function japanMoment(date: DateText, minute: number): Date {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() - JAPAN_OFFSET_MS + minute * 60_000);
}

/**
 * When a reply is due (SPEC.md §9): an inquiry received on a business day from 10:00 to before 17:00
 * (Japan time) is answered within 24 hours, counted on business days: by the same time on the next
 * business day (Monday 11:00 → Tuesday 11:00; Friday 16:59 → Monday 16:59). One received at any other
 * time is answered on the next business day to open, by its close at 17:00: before 10:00 on a business
 * day that is the same day (Tuesday 00:01 or 09:59 → Tuesday 17:00); from 17:00, or on a weekend, holiday
 * or closing day, the following business day (Friday 17:01 or Saturday → Monday 17:00). A later inquiry
 * is never due earlier than one before it.
 */
export function replyDueAt(receivedAt: Date, closing: YearEndClosing): Date {
  const japan = new Date(receivedAt.getTime() + JAPAN_OFFSET_MS);
  const date = japan.toISOString().slice(0, 10);
  const minute = japan.getUTCHours() * 60 + japan.getUTCMinutes();
  const businessDay = isBusinessDay(date, closing);
  if (businessDay && minute >= OPEN_MINUTE && minute < CLOSE_MINUTE) {
    return new Date(japanMoment(nextBusinessDay(date, closing), 0).getTime() + (japan.getTime() % 86_400_000));
  }
  return japanMoment(businessDay && minute < OPEN_MINUTE ? date : nextBusinessDay(date, closing), CLOSE_MINUTE);
}

/** Waiting past its due time: the list flags it. Replied and completed inquiries are never overdue. */
export function isOverdue(state: CustomerInquiryState, dueAt: Date, now: Date): boolean {
  return state === CUSTOMER_INQUIRY_STATE.waiting && now.getTime() > dueAt.getTime();
}

/** What the return form's rules read (its other fields have their own checks). */
export interface ReturnRequestFacts {
  readonly deliveryDate: DateText;
  readonly returnRequest: number;
  readonly returnMethod: number;
  readonly pickupDate: DateText | null;
  readonly pickupSlot: number | null;
  readonly bankName: string | null;
  readonly bankBranch: string | null;
  readonly bankAccountType: number | null;
  readonly bankAccountNumber: string | null;
  readonly bankAccountHolder: string | null;
  readonly agreement: boolean;
}

const REFUND_ACCOUNT_FIELDS = [
  ['bankName', 'bank_name'],
  ['bankBranch', 'bank_branch'],
  ['bankAccountType', 'bank_account_type'],
  ['bankAccountNumber', 'bank_account_number'],
  ['bankAccountHolder', 'bank_account_holder'],
] as const;

/**
 * The return form's rules (SPEC.md §5, §9), every failing field at once: the conditions agreed to, the
 * return window, a pickup's date (4 business days ahead) and slot, and for a return (a refund) the bank
 * account the money goes to.
 */
export function returnRequestIssues(r: ReturnRequestFacts, today: DateText, closing: YearEndClosing): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (r.agreement !== true) issues.push({ field: 'agreement', errorCode: 'required' });
  issues.push(...returnWindowIssues(r.deliveryDate, today));
  if (r.returnMethod === RETURN_METHOD.pickup) {
    if (!r.pickupDate) issues.push({ field: 'pickup_date', errorCode: 'required' });
    else issues.push(...pickupDateIssues(r.pickupDate, today, closing));
    if (r.pickupSlot == null) issues.push({ field: 'pickup_slot', errorCode: 'required' });
  }
  if (r.returnRequest === RETURN_REQUEST.return) {
    for (const [key, field] of REFUND_ACCOUNT_FIELDS) if (r[key] == null || r[key] === '') issues.push({ field, errorCode: 'required' });
  }
  return issues;
}

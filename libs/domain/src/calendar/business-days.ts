import holidayJp from '@holiday-jp/holiday_jp';
import type { FieldIssue } from '../errors/field-rule';
import type { DateText } from '../text/dates';

/**
 * Business days (DESIGN.md §11): not a Saturday or Sunday, not one of Japan's national holidays
 * (substitute and citizens' holidays included) and not one of the year-end days the shop closes.
 * The holidays come from @holiday-jp/holiday_jp (the Cabinet Office's list, kept up to date by its
 * maintainers, through 2050), never from a list in our code. Dates are Japan's calendar dates
 * (`japanToday`): a date here is already a day in Asia/Tokyo.
 */

/** `MM-DD`, a day of the year. */
export type MonthDay = string;

/**
 * The days around the new year the shop closes (年末年始休業), from `from` to `to` inclusive; the range
 * may cross the year end (12-29 to 01-03). Null ends: no closing.
 */
export interface YearEndClosing {
  readonly from: MonthDay | null;
  readonly to: MonthDay | null;
}

export const NO_CLOSING: YearEndClosing = { from: null, to: null };
/** What a new installation closes: 29 December to 3 January, the usual 年末年始. */
export const DEFAULT_YEAR_END_CLOSING: YearEndClosing = { from: '12-29', to: '01-03' };

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real `MM-DD` (29 February counts: it exists in some years). */
export function isMonthDay(text: string): boolean {
  const m = MONTH_DAY.exec(text);
  if (!m) return false;
  return Number(m[2]) <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Number(m[1]) - 1];
}

/** The longest closing the settings take: longer would leave a pickup or a reply weeks away. */
export const YEAR_END_CLOSING_MAX_DAYS = 31;

/** How many days the closing lasts (0: none); counted in a leap year, so 02-28 to 03-01 is 3. */
export function closingDays(closing: YearEndClosing): number {
  if (!closing.from || !closing.to) return 0;
  const at = (monthDay: MonthDay) => Date.UTC(2024, Number(monthDay.slice(0, 2)) - 1, Number(monthDay.slice(3)));
  const days = Math.round((at(closing.to) - at(closing.from)) / 86_400_000);
  return (days < 0 ? days + 366 : days) + 1;
}

/**
 * A closing the settings can hold: both ends or neither (`required` on the missing one), at most 31 days
 * long (`max`), so that business days never run out (a year-long closing would have none).
 */
export function yearEndClosingIssues(closing: YearEndClosing): FieldIssue[] {
  if (!closing.from !== !closing.to) return [{ field: closing.from ? 'year_end_closed_to' : 'year_end_closed_from', errorCode: 'required' }];
  if (closingDays(closing) > YEAR_END_CLOSING_MAX_DAYS) return [{ field: 'year_end_closed_to', errorCode: 'max', params: { max: YEAR_END_CLOSING_MAX_DAYS } }];
  return [];
}

/** Whether the date is one of Japan's national holidays. */
export function isJapaneseHoliday(date: DateText): boolean {
  return Object.prototype.hasOwnProperty.call(holidayJp.holidays, date);
}

/** Whether the date falls in the year-end closing. */
export function isClosedForYearEnd(date: DateText, closing: YearEndClosing): boolean {
  if (!closing.from || !closing.to) return false;
  const day = date.slice(5);
  return closing.from <= closing.to ? day >= closing.from && day <= closing.to : day >= closing.from || day <= closing.to;
}

function utc(date: DateText): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The calendar date `days` after (or before, when negative) `date`. */
export function addDays(date: DateText, days: number): DateText {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DateText, to: DateText): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

export function isBusinessDay(date: DateText, closing: YearEndClosing = NO_CLOSING): boolean {
  const weekday = utc(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isJapaneseHoliday(date) && !isClosedForYearEnd(date, closing);
}

/** The `count`-th business day after `date` (`date` itself never counts); count ≥ 1. */
export function addBusinessDays(date: DateText, count: number, closing: YearEndClosing = NO_CLOSING): DateText {
  let day = date;
  // A closing is at most 31 days (yearEndClosingIssues); the bound only keeps a bad row from hanging the process.
  for (let found = 0, walked = 0; found < count; walked++) {
    if (walked > 366 * count) throw new Error(`no business day within a year of ${date}: check the year-end closing`);
    day = addDays(day, 1);
    if (isBusinessDay(day, closing)) found++;
  }
  return day;
}

/** The first business day after `date`. */
export function nextBusinessDay(date: DateText, closing: YearEndClosing = NO_CLOSING): DateText {
  return addBusinessDays(date, 1, closing);
}

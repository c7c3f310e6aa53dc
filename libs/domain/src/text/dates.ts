/**
 * The dates the system takes: a mistyped year (0202, 20250) is refused rather than stored as a real
 * date that sorts every list wrong. Wide enough for any order, estimate or deposit.
 */
/**
 * A calendar date as text, the one type for dates that travel as strings. Clients write it `Y-m-d`
 * or `Y/m/d` (month and day may have one digit); parseDate answers it normalised as `YYYY-MM-DD`,
 * the form stored, compared and answered.
 */
export type DateText = string;

export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

/** Whether a `YYYY-MM-DD` date lies in the range the system takes. */
export function isDateInRange(date: DateText): boolean {
  return date >= DATE_MIN && date <= DATE_MAX;
}

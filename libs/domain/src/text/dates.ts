/**
 * The dates the system takes: a mistyped year (0202, 20250) is refused rather than stored as a real
 * date that sorts every list wrong. Wide enough for any order, estimate or deposit.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

/** Whether a `YYYY-MM-DD` date lies in the range the system takes. */
export function isDateInRange(date: string): boolean {
  return date >= DATE_MIN && date <= DATE_MAX;
}

import { parseDate } from '../settings/settings';
import type { DateText } from '../text/dates';
import { parseWarekiDate } from './wareki';

/**
 * What a deposit file's cells may hold (issue 13, docs/deposit-files.md): the dates, amounts and
 * order numbers of a bank's CSV and of the order-number CSV staff make, read the same way everywhere.
 */
export const DEPOSIT_FILE_LIMITS = {
  /**
   * The problems listed for one file: the first ones, then one saying the list was cut. A broken
   * 10 MB file can have a million; nobody reads past the first few hundred.
   */
  issuesMax: 500,
  /** The largest amount of one deposit, in yen: the 12 digits of 全銀's largest amount field. */
  amountMax: 999_999_999_999,
} as const;

/** An order number as this system makes them: `YYYYMMDD-NNNNNNN` (a running number of at least seven digits; 20 characters at most). */
export const ORDER_NO = /^\d{8}-\d{7,11}$/;

/** NFKC, skipped for ASCII text (most cells): it costs more than the rest of reading a cell. */
const nfkc = (text: string) => (/[^\x20-\x7e]/.test(text) ? text.normalize('NFKC') : text);

const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?`;
const COMPACT = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})${TIME}$`);
const SEPARATED = new RegExp(`^(\\d{4})\\s*[-/.年]\\s*(\\d{1,2})\\s*[-/.月]\\s*(\\d{1,2})\\s*日?${TIME}$`);

/**
 * A date of a deposit CSV as `YYYY-MM-DD`, or null when it is none. Banks write `2026-11-24`,
 * `2026/11/24` (one-digit month and day too), `2026.11.24`, `20261124`, `2026年11月24日`, some with
 * the time after it (`2026/11/24 10:15`, dropped), and a few the era (`R8.11.24`, `令和8年11月24日`);
 * full-width digits are read as digits.
 */
export function parseDepositDate(text: string): DateText | null {
  const value = nfkc(text).trim();
  const m = COMPACT.exec(value) ?? SEPARATED.exec(value);
  if (m) return parseDate(`${m[1]}-${m[2]}-${m[3]}`);
  return parseWarekiDate(value);
}

/**
 * An amount in yen as a bank CSV or a person writes it: `12,345`, `¥12,345`, `￥12,345`, `12345円`,
 * `+12,345`, `-1,100` (a statement's signed column), full-width digits, `12345.00` (Excel); null when
 * it is not a whole number of yen. An empty cell is null too: the caller tells empty from wrong.
 */
export function parseYen(text: string): number | null {
  // NFKC turns ￥ into ¥; a backslash is ¥ in a Japanese font, and CP932 files may carry it.
  const value = nfkc(text).replace(/[\s,¥\\円]/g, '');
  const m = /^([+-]?)(\d{1,15})(?:\.0+)?$/.exec(value);
  if (!m) return null;
  const yen = Number(m[2]);
  return m[1] === '-' && yen !== 0 ? -yen : yen;
}

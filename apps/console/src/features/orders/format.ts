/** Integer yen as the console shows money: ¥11,000 (— when unknown). */
export const yen = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `¥${value.toLocaleString('ja-JP')}`);

/** A wire date (`YYYY-MM-DD`) for a Dayjs-valued form field, and back. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';

/**
 * A preferred delivery date as the console shows dates (yyyy年MM月dd日); an order stored before the
 * date rule may hold free text ("12月5日"), shown as written.
 */
export const preferredDateLabel = (value: string | null | undefined, formatDate: (value: string) => string) =>
  !value ? '—' : /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value;

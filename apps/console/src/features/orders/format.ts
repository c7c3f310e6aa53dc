/** Integer yen as the console shows money: ¥11,000 (— when unknown). */
export const yen = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `¥${value.toLocaleString('ja-JP')}`);

/** A wire date (`YYYY-MM-DD`) for a Dayjs-valued form field, and back. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';

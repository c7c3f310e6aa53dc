import { yen } from '../orders/format';

export { yen };

/** A difference as staff read it: +¥300 over, −¥800 short, ¥0 (— when there is none). */
export const signedYen = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value > 0 ? `+${yen(value)}` : value < 0 ? `−${yen(-value)}` : yen(0));

/** Tag colours of SPEC.md §4's deposit statuses: not paid, exact, over, under. */
export const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'green', 3: 'gold', 4: 'volcano' };

/** Tag colours of a record's state: what waits for staff stands out. */
export const RECORD_STATE_COLORS: Record<string, string> = { pending: 'processing', matched: 'green', review: 'orange', duplicate: 'default', reverted: 'default' };

/** Tag colours of an upload's state. */
export const DEPOSIT_STATE_COLORS: Record<string, string> = { matching: 'processing', done: 'green', reverted: 'default' };

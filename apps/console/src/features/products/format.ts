/** Tag colours of the availability states, in the list and on the product's page. */
export const STATE_COLORS: Record<string, string> = { available: 'green', unavailable: 'default', available_long_term: 'orange' };

/** A yen amount as the products screens show it; a dash when there is none. */
export const yen = (v: number | null) => (v === null ? '—' : `¥${v.toLocaleString('ja-JP')}`);

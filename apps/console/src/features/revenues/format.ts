import { yen } from '../orders/format';

/** Money that may be below zero (a margin): −¥300, as the deposits' differences are written. */
export const signedMoney = (value: number) => (value < 0 ? `−${yen(-value)}` : yen(value));

import type { Query } from '../../../api/client';
import { readCookie, setCookie } from '../../../api/session';

/** SPEC.md §7: the order list's params are kept in this cookie, and the list reloads from them. */
export const ORDER_LIST_COOKIE = 'orderListParams';
const KEEP_SECONDS = 30 * 24 * 60 * 60;

export function saveOrderListQuery(query: Query): void {
  setCookie(ORDER_LIST_COOKIE, JSON.stringify(query), KEEP_SECONDS);
}

/** The saved list query, or null when none (or unreadable). */
export function savedOrderListQuery(): Query | null {
  const raw = readCookie(ORDER_LIST_COOKIE);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Query) : null;
  } catch {
    return null;
  }
}

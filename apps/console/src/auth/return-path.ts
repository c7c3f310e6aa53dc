/**
 * Where a user was going when the console sent them to sign in (an e-mailed `/orders/123`): kept in
 * sessionStorage across the provider's round trip (same tab), taken once after the callback.
 * Only a path of this console is kept, never another site (no open redirect).
 */
const RETURN_PATH_KEY = 'oms.returnPath';
const AFTER_SIGN_IN = '/dashboard';

/** Pages that are no place to return to: sign-in itself and its callback. */
const NOT_A_DESTINATION = /^\/(login|auth)(\/|$)/;

/** `path` when it is a same-origin path of the console (`/…`, not `//host` or `/\host`); otherwise null. */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null;
  // Control characters and backslashes are ways browsers are talked into another host.
  if ([...path].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://console.invalid';
  const url = new URL(path, base);
  if (url.origin !== base || NOT_A_DESTINATION.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Remembers `path` (the page asked for) to return to after signing in; sign-in pages and other sites are not kept. */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) sessionStorage.setItem(RETURN_PATH_KEY, safe);
}

/** Where to go now that the user signed in: the remembered path (once), else the Dashboard. */
export function takeReturnPath(): string {
  const path = safeReturnPath(sessionStorage.getItem(RETURN_PATH_KEY));
  sessionStorage.removeItem(RETURN_PATH_KEY);
  return path ?? AFTER_SIGN_IN;
}

export function forgetReturnPath(): void {
  sessionStorage.removeItem(RETURN_PATH_KEY);
}

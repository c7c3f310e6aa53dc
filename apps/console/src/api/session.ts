/**
 * The stored sign-in: the access token in localStorage, its expiry in a cookie (SPEC.md: "the login
 * expiry is stored in a cookie"). The refresh token is an httpOnly cookie the console never sees.
 */

export const ACCESS_TOKEN_KEY = 'oms.accessToken';
export const TOKEN_EXPIRY_COOKIE = 'oms_token_expiry';
/** Preferences that survive logout. */
const KEPT_ON_CLEAR = new Set(['oms.language']);

export function setCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function deleteCookie(name: string): void {
  setCookie(name, '', 0);
}

export function saveSession(accessToken: string, expiresInSeconds: number): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
  setCookie(TOKEN_EXPIRY_COOKIE, String(Date.now() + expiresInSeconds * 1000), expiresInSeconds);
}

export function accessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

/** When the access token expires, in epoch milliseconds; null when unknown or already gone. */
export function tokenExpiry(): number | null {
  const value = Number(readCookie(TOKEN_EXPIRY_COOKIE));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function hasSession(): boolean {
  return accessToken() !== null;
}

/** Clears the token, its expiry and every `oms.*` localStorage key except the kept preferences. */
export function clearSession(): void {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith('oms.') && !KEPT_ON_CLEAR.has(key)) keys.push(key);
  }
  // Removed after the walk: removing while indexing would skip keys.
  keys.forEach((key) => localStorage.removeItem(key));
  deleteCookie(TOKEN_EXPIRY_COOKIE);
}

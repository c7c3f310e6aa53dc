import { accessToken, clearSession, hasSession, readCookie, saveSession, tokenExpiry } from './session';

describe('session', () => {
  beforeEach(() => {
    localStorage.clear();
    clearSession();
  });

  it('stores the token in localStorage and its expiry in a cookie', () => {
    const before = Date.now();
    saveSession('tok-1', 900);
    expect(localStorage.getItem('oms.accessToken')).toBe('tok-1');
    expect(accessToken()).toBe('tok-1');
    expect(hasSession()).toBe(true);
    const expiry = Number(readCookie('oms_token_expiry'));
    expect(expiry).toBeGreaterThanOrEqual(before + 900_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 900_000);
    expect(tokenExpiry()).toBe(expiry);
  });

  it('clears the token, the expiry cookie and oms.* keys, but keeps the language and foreign keys', () => {
    saveSession('tok-1', 900);
    localStorage.setItem('oms.orderListColumns', '["a"]');
    localStorage.setItem('oms.language', 'en');
    localStorage.setItem('other.app', 'x');
    clearSession();
    expect(hasSession()).toBe(false);
    expect(accessToken()).toBeNull();
    expect(tokenExpiry()).toBeNull();
    expect(readCookie('oms_token_expiry')).toBeNull();
    expect(localStorage.getItem('oms.orderListColumns')).toBeNull();
    expect(localStorage.getItem('oms.language')).toBe('en');
    expect(localStorage.getItem('other.app')).toBe('x');
  });
});

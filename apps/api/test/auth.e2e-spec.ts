import { signInThroughOidc } from './support/oidc-browserless-login';
import { expectErrorEnvelope, signInThroughProvider, useTestApi } from './support/test-app';

/** DESIGN.md §9 through the real passport strategies against the local OIDC server. */
describe('sign-in', () => {
  const ctx = useTestApi();

  const signIn = (provider: 'google' | 'microsoft', email: string) => signInThroughProvider(ctx.api, provider, email);

  function refreshCookieOf(res: { headers: Record<string, unknown> }): string {
    const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
    const cookie = cookies.find((c) => c.startsWith('oms_refresh='));
    if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(cookies)}`);
    return cookie.split(';')[0];
  }

  it('answers the provider login URLs without sign-in', async () => {
    for (const provider of ['google', 'microsoft']) {
      const res = await ctx.api.http.get(`/api/v1/auth/${provider}/login-url`).expect(200);
      const url = new URL(res.body.data.url);
      expect(url.origin).toBe(ctx.env.oidc.issuer);
      expect(url.searchParams.get('redirect_uri')).toBe(`${ctx.env.config.CONSOLE_URL}/auth/${provider}/callback`);
      expect(url.searchParams.get('state')).toBeTruthy();
    }
    await ctx.api.http.get('/api/v1/auth/yahoo/login-url').expect(404);
  });

  it.each(['google', 'microsoft'] as const)('signs a registered user in with %s and serves /me', async (provider) => {
    const user = await ctx.api.user('operator', { email: `${provider}.user@example.com` });
    const { callback } = await signIn(provider, `${provider.toUpperCase()}.User@Example.com`);
    expect(callback.status).toBe(200);
    expect(callback.body).toEqual({ data: { access_token: expect.any(String), expires_in: ctx.env.config.ACCESS_TOKEN_TTL } });
    const cookie = (callback.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('oms_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);

    const me = await ctx.api.http.get('/api/v1/me').set('Authorization', `Bearer ${callback.body.data.access_token}`).expect(200);
    expect(me.body.data).toMatchObject({ id: Number(user.id), email: `${provider}.user@example.com`, role: 'operator', status: 'valid' });
    expect(me.body.data.last_login).not.toBeNull();
    expect(me.body.data.permissions).toEqual(expect.arrayContaining(['orders.read', 'orders.process', 'customers.write']));
    expect(me.body.data.permissions).not.toContain('accounts.read');
  });

  it('refuses an unregistered e-mail with NAL-LO-01', async () => {
    const { callback } = await signIn('google', 'stranger@example.com');
    expect(callback.status).toBe(400);
    expectErrorEnvelope(callback.body, 'NAL-LO-01');
    expect(callback.headers['set-cookie']?.toString() ?? '').not.toMatch(/oms_refresh=[^;]+;/);
  });

  it('refuses an invalid account and one not allowed social sign-in with NAL-LO-02', async () => {
    await ctx.api.user('operator', { email: 'invalid.user@example.com', status: 'invalid' });
    await ctx.api.user('operator', { email: 'no.social@example.com', allowSocialLogin: false });
    for (const [provider, email] of [['microsoft', 'invalid.user@example.com'], ['google', 'no.social@example.com']] as const) {
      const { callback } = await signIn(provider, email);
      expect(callback.status).toBe(400);
      expectErrorEnvelope(callback.body, 'NAL-LO-02');
    }
  });

  it('refuses a callback whose state was not issued to this browser (NAL-LO-03)', async () => {
    await ctx.api.user('operator', { email: 'csrf.victim@example.com' });
    const urlResponse = await ctx.api.http.get('/api/v1/auth/google/login-url').expect(200);
    const back = await signInThroughOidc(urlResponse.body.data.url, 'csrf.victim@example.com');
    // Same code and state, but without the browser's state cookie.
    const res = await ctx.api.http.get(`/api/v1/auth/google/callback${back.search}`);
    expect(res.status).toBe(400);
    expectErrorEnvelope(res.body, 'NAL-LO-03');
  });

  it('refuses a callback without a code or with a provider error', async () => {
    const res = await ctx.api.http.get('/api/v1/auth/microsoft/callback?error=access_denied&state=x');
    expectErrorEnvelope(res.body, 'NAL-LO-04');
    expect(res.status).toBe(400);
  });

  it('rotates the refresh token and revokes the family when a used token comes back', async () => {
    await ctx.api.user('accountant', { email: 'rotate@example.com' });
    const { callback } = await signIn('google', 'rotate@example.com');
    const first = refreshCookieOf(callback);

    const second = await ctx.api.http.post('/api/v1/auth/refresh').set('Cookie', first).expect(200);
    expect(second.body.data.access_token).toEqual(expect.any(String));
    const secondCookie = refreshCookieOf(second);
    expect(secondCookie).not.toBe(first);

    const third = await ctx.api.http.post('/api/v1/auth/refresh').set('Cookie', secondCookie).expect(200);
    const thirdCookie = refreshCookieOf(third);

    // The first token again: theft assumed, the whole family is revoked…
    const reuse = await ctx.api.http.post('/api/v1/auth/refresh').set('Cookie', first);
    expect(reuse.status).toBe(401);
    expectErrorEnvelope(reuse.body, 'NAL-LO-06');
    // …including the newest token, which was never used.
    const after = await ctx.api.http.post('/api/v1/auth/refresh').set('Cookie', thirdCookie);
    expect(after.status).toBe(401);
    expectErrorEnvelope(after.body, 'NAL-LO-06');
  });

  it('refuses refresh without a cookie, and after logout', async () => {
    expectErrorEnvelope((await ctx.api.http.post('/api/v1/auth/refresh').expect(401)).body, 'NAL-LO-06');
    await ctx.api.user('operator', { email: 'logout@example.com' });
    const { callback } = await signIn('microsoft', 'logout@example.com');
    const cookie = refreshCookieOf(callback);
    await ctx.api.http.post('/api/v1/auth/logout').set('Cookie', cookie).expect(204);
    expectErrorEnvelope((await ctx.api.http.post('/api/v1/auth/refresh').set('Cookie', cookie).expect(401)).body, 'NAL-LO-06');
  });

  it('stops refreshing once the account is set invalid', async () => {
    const user = await ctx.api.user('operator', { email: 'turned.invalid@example.com' });
    const { callback } = await signIn('google', 'turned.invalid@example.com');
    await ctx.api.dataSource.query(`UPDATE users SET status = 'invalid' WHERE id = $1`, [user.id]);
    expectErrorEnvelope((await ctx.api.http.post('/api/v1/auth/refresh').set('Cookie', refreshCookieOf(callback)).expect(401)).body, 'NAL-LO-06');
  });

  it('exchanges a one-time sign-in token once', async () => {
    const { SessionRepository } = await import('@oms/infra');
    const user = await ctx.api.user('call_center', { email: 'token.login@example.com', allowSocialLogin: false });
    const token = await ctx.api.app.get(SessionRepository).createSignInToken(user.id, 60);
    const res = await ctx.api.http.post('/api/v1/auth/login-with-token').send({ token }).expect(200);
    expect(res.body.data).toEqual({ access_token: expect.any(String), expires_in: ctx.env.config.ACCESS_TOKEN_TTL });
    refreshCookieOf(res);
    expectErrorEnvelope((await ctx.api.http.post('/api/v1/auth/login-with-token').send({ token }).expect(400)).body, 'NAL-LO-05');
    const missing = await ctx.api.http.post('/api/v1/auth/login-with-token').send({}).expect(422);
    expect(missing.body.error.errors).toEqual([{ field: 'token', error_code: 'required' }]);
  });

  it('gives a one-minute media token to a signed-in user', async () => {
    const user = await ctx.api.signedIn('maker');
    const res = await ctx.api.http.get('/api/v1/medias/token').set('Authorization', user.auth).expect(200);
    expect(res.body.data).toEqual({ token: expect.any(String), expires_in: 60 });
    const claims = JSON.parse(Buffer.from(res.body.data.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(60);
    expect(claims.aud).toBe('oms-media');
    // A media token is not an access token.
    await ctx.api.http.get('/api/v1/me').set('Authorization', `Bearer ${res.body.data.token}`).expect(401);
  });

  it('rejects a forged or expired access token with 401', async () => {
    await ctx.api.http.get('/api/v1/me').set('Authorization', 'Bearer not.a.jwt').expect(401);
    await ctx.api.http.get('/api/v1/me').expect(401);
  });
});

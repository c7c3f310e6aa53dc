// Self-check of the local development OIDC provider (apps/devstack/src/oidc-server.mjs)
// and of the browserless sign-in helper the API e2e tests rely on.
import { signInThroughOidc } from './support/oidc-browserless-login';
import { OidcClient, OidcServerProcess, startOidcServerProcess } from './support/oidc-server-process';

const client: OidcClient = {
  client_id: 'oidc-self-check',
  client_secret: 'oidc-self-check-secret',
  redirect_uris: ['http://127.0.0.1:5999/cb'],
};

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
}

describe('local OIDC provider', () => {
  let oidc: OidcServerProcess;

  beforeAll(async () => {
    oidc = await startOidcServerProcess([client]);
  });

  afterAll(async () => {
    await oidc?.stop();
  });

  it('signs in by e-mail and issues code, id_token and userinfo like Google/Microsoft would', async () => {
    const discovery = (await (await fetch(`${oidc.issuer}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      authorization_endpoint: string;
      token_endpoint: string;
      userinfo_endpoint: string;
    };
    expect(discovery.issuer).toBe(oidc.issuer);

    const authorize = new URL(discovery.authorization_endpoint);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      scope: 'openid email profile',
      state: 'abc',
      nonce: 'n1',
    }).toString();

    const callback = await signInThroughOidc(authorize.toString(), 'Someone@Example.com');
    expect(callback.origin + callback.pathname).toBe(client.redirect_uris[0]);
    expect(callback.searchParams.get('state')).toBe('abc');
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    // client_secret_post, no PKCE: what both passport strategies send.
    const tokenResponse = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: client.redirect_uris[0],
        client_id: client.client_id,
        client_secret: client.client_secret,
      }).toString(),
    });
    const tokens = (await tokenResponse.json()) as { access_token: string; id_token: string; token_type: string };
    expect(tokenResponse.status).toBe(200);

    const idToken = decodeJwtPayload(tokens.id_token);
    expect(idToken).toMatchObject({ iss: oidc.issuer, aud: client.client_id, nonce: 'n1', sub: 'someone@example.com' });
    expect(idToken.exp).toEqual(expect.any(Number));

    // passport-openidconnect sends a Bearer header...
    const userinfoResponse = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfoResponse.status).toBe(200);
    const userinfo = (await userinfoResponse.json()) as Record<string, unknown>;
    expect(userinfo).toMatchObject({
      sub: 'someone@example.com',
      email: 'someone@example.com',
      email_verified: true,
      name: 'someone',
      given_name: 'Someone',
    });

    // ...while passport-google-oauth20 sends ?access_token= to a URL ending in /userinfo.
    expect(new URL(discovery.userinfo_endpoint).pathname).toBe('/userinfo');
    const viaQuery = await fetch(`${discovery.userinfo_endpoint}?access_token=${encodeURIComponent(tokens.access_token)}`);
    expect(viaQuery.status).toBe(200);
    expect(await viaQuery.json()).toMatchObject({ sub: 'someone@example.com', email: 'someone@example.com' });
  });

  it('prefills the e-mail from login_hint', async () => {
    const authorize = new URL(`${oidc.issuer}/auth`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      scope: 'openid email profile',
      state: 's',
      login_hint: 'hint@example.com',
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const page = await fetch(new URL(redirect.headers.get('location')!, authorize), {
      headers: { cookie: redirect.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') },
    });
    const html = await page.text();
    expect(html).toContain('<title>Local sign-in (development OIDC)</title>');
    expect(html).toMatch(/<input name="email" type="email" id="email" value="hint@example.com"/);
  });
});

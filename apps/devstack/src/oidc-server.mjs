// Local OAuth2 / OpenID Connect provider for development and tests.
//
// It stands in for Google and Microsoft: the API's passport-google-oauth20 and
// passport-openidconnect strategies are pointed at this server instead. Anyone
// can sign in with any e-mail address; the account id (and `sub`) is the
// lower-cased e-mail. Never expose this outside a developer machine or CI.
//
// Usage as a module: `await startOidcServer({ port, host, clients })`.
// Usage as a process: OIDC_PORT, OIDC_HOST and OIDC_CLIENTS (JSON array of
// { client_id, client_secret, redirect_uris }) -> prints `OIDC_READY <issuer>`.

import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const MAX_BODY_BYTES = 16 * 1024;

// oidc-provider v9 prints "Unsupported runtime. Use Node.js v22.x LTS" when it is
// imported on Node 20. Our engines field allows Node >= 20.19 and the provider
// works there, so we drop only that one line to keep dev/test output quiet.
async function loadProvider() {
  const { warn } = console;
  console.warn = (...args) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

// A tiny in-process store. We pass our own adapter because the built-in one
// prints a "development-only adapter" warning, and state may be lost on restart
// anyway (a restart also regenerates the signing key).
function memoryAdapterFactory() {
  const store = new Map(); // `${model}:${id}` -> { payload, expiresAt }
  const now = () => Date.now();
  const live = (entry) => entry && (!entry.expiresAt || entry.expiresAt > now());
  const sweep = () => {
    for (const [key, entry] of store) if (!live(entry)) store.delete(key);
  };

  return (model) => {
    const key = (id) => `${model}:${id}`;
    const get = (id) => {
      const entry = store.get(key(id));
      return live(entry) ? entry.payload : undefined;
    };
    const findBy = (field, value) => {
      for (const [k, entry] of store) {
        if (k.startsWith(`${model}:`) && live(entry) && entry.payload[field] === value) {
          return entry.payload;
        }
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        sweep();
        store.set(key(id), { payload, expiresAt: expiresIn ? now() + expiresIn * 1000 : 0 });
      },
      async find(id) {
        return get(id);
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const payload = get(id);
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      // Called once per token model (AccessToken, AuthorizationCode, ...): only
      // touch this model, since e.g. an Interaction also carries a grantId.
      async revokeByGrantId(grantId) {
        for (const [k, entry] of store) {
          if (k.startsWith(`${model}:`) && entry.payload.grantId === grantId) store.delete(k);
        }
      },
    };
  };
}

function htmlEscape(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Claims for an account id (= lower-cased e-mail). Names are derived from the
// local part so the API gets something readable: "jane.doe@x" -> Jane / Doe.
function accountClaims(email) {
  const local = email.split('@')[0];
  const parts = local.split(/[._+-]+/).filter(Boolean).map((p) => p[0].toUpperCase() + p.slice(1));
  const claims = { sub: email, email, email_verified: true, name: local };
  if (parts.length > 0) claims.given_name = parts[0];
  if (parts.length > 1) claims.family_name = parts.slice(1).join(' ');
  return claims;
}

function loginPage({ uid, email = '', error }) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Local sign-in (development OIDC)</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>body{font-family:sans-serif;max-width:24rem;margin:4rem auto}input,button{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box;margin:.3rem 0}.error{color:#b00}</style>
</head>
<body>
  <h1>Local sign-in (development OIDC)</h1>
  <p>Development identity provider: any e-mail address signs in, no password.</p>
  ${error ? `<p class="error">${htmlEscape(error)}</p>` : ''}
  <form method="post" action="/interaction/${htmlEscape(uid)}/login">
    <label for="email">E-mail</label>
    <input name="email" type="email" id="email" value="${htmlEscape(email)}" required autofocus>
    <button type="submit" id="sign-in">Sign in</button>
  </form>
</body>
</html>`;
}

function readUrlencodedBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
      }
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function send(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

export async function startOidcServer({ port = 0, host = '127.0.0.1', clients }) {
  if (!Array.isArray(clients) || clients.length === 0) {
    throw new Error('startOidcServer: `clients` must be a non-empty array');
  }
  const { Provider, interactionPolicy } = await loadProvider();

  // Ask for the e-mail on every authorization request, even with a live session,
  // so a developer can switch users after signing out of the app (a real IdP
  // would offer an account chooser). The check passes once this very request
  // has completed its login interaction. Signing in as a *different* e-mail
  // over a live session makes oidc-provider log the old one out first via an
  // auto-submitted form to /session/end/confirm (always routed), then resume.
  const policy = interactionPolicy.base();
  policy.get('login').checks.push(
    new interactionPolicy.Check('always_ask', 'the development IdP always asks who you are', 'login_required',
      (ctx) => !ctx.oidc.result?.login),
  );

  // Listen first so that, with port 0, we know the real port before building
  // the issuer URL (the issuer must match what clients are configured with).
  let handler = (_req, res) => send(res, 503, 'starting');
  const server = createServer((req, res) => handler(req, res));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  const issuer = `http://${host}:${actualPort}`;

  // Fresh RS256 key per start: nothing secret lives in the repository.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    adapter: memoryAdapterFactory(),
    jwks: { keys: [signingKey] },
    clients: clients.map(({ client_id, client_secret, redirect_uris }) => ({
      client_id,
      client_secret,
      redirect_uris,
      // Both passport strategies send client_id/client_secret in the POST body.
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // Neither passport strategy does PKCE.
    pkce: { required: () => false },
    // passport-google-oauth20 (via the `oauth` package) sends the access token
    // to the userinfo URL as `?access_token=` rather than a Bearer header.
    acceptQueryParamAccessTokens: true,
    routes: {
      // passport-google-oauth20 only parses the OIDC-style profile when the
      // userProfileURL path ends in "/userinfo" (the default here is "/me").
      userinfo: '/userinfo',
    },
    features: {
      devInteractions: { enabled: false }, // we serve our own pages below
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: false }, // not used; its default page logs notices
    },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => accountClaims(id) };
    },
    // Never show a consent screen: every authorization request is granted the
    // OIDC scopes and claims it asks for, so the consent prompt never triggers.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const accountId = oidc.account.accountId;
      const clientId = oidc.client.clientId;
      const grantId = oidc.result?.consent?.grantId || oidc.session.grantIdFor(clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== accountId) {
        grant = new oidc.provider.Grant({ accountId, clientId });
      }
      grant.addOIDCScope(oidc.requestParamOIDCScopes);
      grant.addOIDCClaims(oidc.requestParamClaims);
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Short but long enough for a human to type an e-mail address.
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 15 * 60,
      Interaction: 15 * 60,
      Grant: 60 * 60,
      Session: 60 * 60,
    },
    // Setting these avoids oidc-provider's "you SHOULD change it" notices.
    clientBasedCORS: () => false,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign-in error (development OIDC)</title></head><body><h1>Sign-in error</h1>${Object.entries(out)
        .map(([k, v]) => `<p><strong>${htmlEscape(k)}</strong>: ${htmlEscape(v)}</p>`)
        .join('')}</body></html>`;
    },
  });
  provider.proxy = false;
  provider.on('server_error', (_ctx, err) => console.error('[oidc] server_error', err));

  const providerCallback = provider.callback();

  // Our own interaction pages: GET shows the form, POST .../login finishes it.
  async function handleInteraction(req, res, uid, isLoginPost) {
    // Reads the interaction from its (path-scoped, signed) cookie.
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, 'Interaction mismatch; start again from the application.');
    if (details.prompt.name !== 'login') {
      // Cannot happen while loadExistingGrant grants everything up front.
      return send(res, 500, `Unexpected prompt "${htmlEscape(details.prompt.name)}"`);
    }
    if (!isLoginPost) return send(res, 200, loginPage({ uid, email: details.params.login_hint }));

    const email = (await readUrlencodedBody(req)).get('email')?.trim().toLowerCase() ?? '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      return send(res, 400, loginPage({ uid, email, error: 'Enter an e-mail address.' }));
    }
    // Responds 303 to the provider's resume URL (/auth/<uid>), which issues the code.
    return provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
  }

  handler = async (req, res) => {
    const { pathname } = new URL(req.url, issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(pathname);
    if (!match) return providerCallback(req, res);

    const [, uid, login] = match;
    if (req.method !== (login ? 'POST' : 'GET')) return send(res, 405, 'Method not allowed');
    try {
      await handleInteraction(req, res, uid, Boolean(login));
    } catch (err) {
      if (err?.name === 'SessionNotFound') {
        send(res, 400, 'This sign-in attempt expired or its cookie is missing; start again from the application.');
      } else {
        console.error('[oidc] interaction error', err);
        if (!res.headersSent) send(res, 500, 'Internal error');
      }
    }
  };

  return {
    issuer,
    port: actualPort,
    close: async () => {
      server.closeAllConnections(); // drop keep-alive sockets so close() resolves
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// Run directly: `node apps/devstack/src/oidc-server.mjs`.
const isMain = process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) {
  let clients;
  try {
    clients = JSON.parse(process.env.OIDC_CLIENTS ?? '');
  } catch {
    console.error('OIDC_CLIENTS must be a JSON array of { client_id, client_secret, redirect_uris }');
    process.exit(1);
  }
  try {
    const oidc = await startOidcServer({
      port: Number(process.env.OIDC_PORT ?? 4400),
      host: process.env.OIDC_HOST || '127.0.0.1',
      clients,
    });
    process.stdout.write(`OIDC_READY ${oidc.issuer}\n`);
    const stop = () => oidc.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (err) {
    console.error('[oidc] failed to start:', err);
    process.exit(1);
  }
}

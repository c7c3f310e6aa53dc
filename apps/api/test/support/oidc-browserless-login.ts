/**
 * Drives the local OIDC provider's sign-in like a browser would, without one:
 * follows redirects from the authorize URL, submits the e-mail on the
 * interaction page and returns the redirect back to the client (the
 * redirect_uri with `code` and `state`), without requesting it.
 */

const MAX_HOPS = 15;

interface StoredCookie {
  name: string;
  value: string;
  origin: string;
  path: string;
}

/** Just enough of a cookie jar for oidc-provider: origin + Path prefix. */
class CookieJar {
  private cookies: StoredCookie[] = [];

  store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const pathAttr = attributes.map((a) => a.trim()).find((a) => /^path=/i.test(a));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = /(^|;)\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(header);
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.origin === url.origin && c.path === path));
      if (!expired && value !== '') this.cookies.push({ name, value, origin: url.origin, path });
    }
  }

  headerFor(url: URL): string {
    return this.cookies
      .filter((c) => c.origin === url.origin && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

async function summarize(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  return `HTTP ${response.status} from ${response.url || '(unknown url)'}: ${body.replace(/\s+/g, ' ').slice(0, 500)}`;
}

export async function signInThroughOidc(authorizeUrl: string, email: string): Promise<URL> {
  const jar = new CookieJar();
  const oidcOrigin = new URL(authorizeUrl).origin;
  let url = new URL(authorizeUrl);
  let init: RequestInit = { method: 'GET' };

  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const headers = new Headers(init.headers);
    const cookie = jar.headerFor(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(url, response);

    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      // The provider owns its whole origin (issuer has no path), so the first
      // redirect elsewhere is the client's redirect_uri: stop, do not follow.
      if (next.origin !== oidcOrigin) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }

    if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      const html = await response.text();
      const action = /<form[^>]*\saction="([^"]+)"/i.exec(html)?.[1];
      if (!action) throw new Error(`OIDC sign-in: no form on interaction page ${url}: ${html.slice(0, 500)}`);
      url = new URL(action.replace(/&amp;/g, '&'), url);
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      };
      continue;
    }

    throw new Error(`OIDC sign-in: unexpected response at ${init.method} ${url}: ${await summarize(response)}`);
  }
  throw new Error(`OIDC sign-in: more than ${MAX_HOPS} hops starting from ${authorizeUrl}`);
}

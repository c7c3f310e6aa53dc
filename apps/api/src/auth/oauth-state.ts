import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { CookieOptions, Request } from 'express';

/**
 * OAuth `state` without server sessions: a signed ten-minute token naming the provider and a
 * nonce, and the same nonce in an httpOnly cookie, so a callback is accepted only in the browser
 * that started the sign-in (login CSRF).
 */
export const STATE_COOKIE = 'oms_oauth';
const STATE_TTL_SECONDS = 600;

type Provider = 'google' | 'microsoft';

export class OAuthState {
  constructor(
    private readonly jwt: JwtService,
    private readonly cookie: CookieOptions,
  ) {}

  issue(req: Request, provider: Provider, context: object = {}): string {
    const nonce = randomBytes(16).toString('base64url');
    req.res?.cookie(STATE_COOKIE, nonce, { ...this.cookie, maxAge: STATE_TTL_SECONDS * 1000 });
    return this.jwt.sign({ p: provider, n: nonce, ctx: context }, { audience: 'oms-oauth-state', expiresIn: STATE_TTL_SECONDS });
  }

  /** The context stored at issue, or null when the state is forged, expired, for another provider or another browser. */
  check(req: Request, provider: Provider, state: unknown): object | null {
    if (typeof state !== 'string') return null;
    try {
      const claims = this.jwt.verify<{ p: string; n: string; ctx: object }>(state, { audience: 'oms-oauth-state' });
      if (claims.p !== provider || claims.n !== req.cookies?.[STATE_COOKIE]) return null;
      req.res?.clearCookie(STATE_COOKIE, this.cookie);
      return claims.ctx;
    } catch {
      return null;
    }
  }

  /** passport-oauth2's state-store interface. */
  forOAuth2(provider: Provider) {
    return {
      store: (req: Request, _state: unknown, _meta: unknown, cb: (err: Error | null, state?: string) => void) =>
        cb(null, this.issue(req, provider)),
      verify: (req: Request, state: string, _meta: unknown, cb: (err: Error | null, ok: boolean, info?: unknown) => void) =>
        this.check(req, provider, state) ? cb(null, true) : cb(null, false, { message: 'invalid state' }),
    };
  }

  /** passport-openidconnect's state-store interface (its context carries the id-token nonce). */
  forOpenIdConnect(provider: Provider) {
    return {
      store: (req: Request, ctx: object, _appState: unknown, _meta: unknown, cb: (err: Error | null, handle?: string) => void) =>
        cb(null, this.issue(req, provider, ctx)),
      verify: (req: Request, handle: string, cb: (err: Error | null, ctx?: object | false, state?: unknown) => void) => {
        const ctx = this.check(req, provider, handle);
        return ctx ? cb(null, ctx) : cb(null, false, { message: 'invalid state' });
      },
    };
  }
}

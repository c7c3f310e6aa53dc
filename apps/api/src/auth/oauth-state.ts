import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request a strategy runs on, with the reply that carries the state cookie (run-strategy.ts). */
export type StrategyRequest = FastifyRequest & { reply: FastifyReply };

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
    private readonly cookie: CookieSerializeOptions,
  ) {}

  issue(req: StrategyRequest, provider: Provider, context: object = {}): string {
    const nonce = randomBytes(16).toString('base64url');
    void req.reply.setCookie(STATE_COOKIE, nonce, { ...this.cookie, maxAge: STATE_TTL_SECONDS });
    return this.jwt.sign({ p: provider, n: nonce, ctx: context }, { audience: 'oms-oauth-state', expiresIn: STATE_TTL_SECONDS });
  }

  /** The context stored at issue, or null when the state is forged, expired, for another provider or another browser. */
  check(req: StrategyRequest, provider: Provider, state: unknown): object | null {
    if (typeof state !== 'string') return null;
    try {
      const claims = this.jwt.verify<{ p: string; n: string; ctx: object }>(state, { audience: 'oms-oauth-state' });
      if (claims.p !== provider || claims.n !== req.cookies?.[STATE_COOKIE]) return null;
      void req.reply.clearCookie(STATE_COOKIE, this.cookie);
      return claims.ctx;
    } catch {
      return null;
    }
  }

  /** passport-oauth2's state-store interface. */
  forOAuth2(provider: Provider) {
    return {
      store: (req: object, _state: unknown, _meta: unknown, cb: (err: Error | null, state?: string) => void) =>
        cb(null, this.issue(req as StrategyRequest, provider)),
      verify: (req: object, state: string, _meta: unknown, cb: (err: Error | null, ok: boolean, info?: unknown) => void) =>
        this.check(req as StrategyRequest, provider, state) ? cb(null, true) : cb(null, false, { message: 'invalid state' }),
    };
  }

  /** passport-openidconnect's state-store interface (its context carries the id-token nonce). */
  forOpenIdConnect(provider: Provider) {
    return {
      store: (req: object, ctx: object, _appState: unknown, _meta: unknown, cb: (err: Error | null, handle?: string) => void) =>
        cb(null, this.issue(req as StrategyRequest, provider, ctx)),
      verify: (req: object, handle: string, cb: (err: Error | null, ctx?: object | false, state?: unknown) => void) => {
        const ctx = this.check(req as StrategyRequest, provider, handle);
        return ctx ? cb(null, ctx) : cb(null, false, { message: 'invalid state' });
      },
    };
  }
}

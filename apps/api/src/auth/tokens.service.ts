import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtModuleOptions, JwtService } from '@nestjs/jwt';
import { DomainError } from '@oms/domain';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import type { SignedInUser } from './access.decorators';
import type { TokenClaims } from './account-access';

const ACCESS = 'oms-access';
const MEDIA = 'oms-media';
const QUEUES = 'oms-queues';
export const MEDIA_TOKEN_TTL_SECONDS = 60;
/** The queue dashboard's cookie session: long enough to look into a problem, short enough to forget. */
export const QUEUES_SESSION_TTL_SECONDS = 30 * 60;

/**
 * HS256 with the configured secret; every token we sign names us as issuer. The secret is handed over
 * as a key object: given a string, jsonwebtoken first tries to read it as a public key and throws,
 * which cost 13% of a signed-in request's CPU (docs/benchmarks.md "Where a request's time goes").
 */
export function jwtOptions(config: AppConfig): JwtModuleOptions {
  return { secret: createSecretKey(Buffer.from(config.JWT_SECRET)), signOptions: { issuer: 'oms' }, verifyOptions: { issuer: 'oms', algorithms: ['HS256'] } };
}

/** Short-lived JWTs: the bearer access token, the one-minute download (media) token and the queue dashboard's session. */
/** Tokens whose signature this process has checked, kept until they expire: a bound, not a cache size to tune. */
const VERIFIED_TOKENS_KEPT = 10_000;

@Injectable()
export class TokensService {
  /**
   * A token's signature, audience and claims checked once per process until it expires: checking them
   * again on every request was a tenth of a signed-in request's CPU (docs/benchmarks.md "The request
   * floor"). Whether the account may still act is AccountAccess's question, asked every time.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; until: number }>();

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  signAccess(user: SignedInUser, expiresIn = this.config.ACCESS_TOKEN_TTL): { accessToken: string; expiresIn: number } {
    const accessToken = this.jwt.sign(
      { role: user.role, mkr: user.makerId, stp: user.stamp },
      { subject: user.id, audience: ACCESS, expiresIn },
    );
    return { accessToken, expiresIn };
  }

  /** The token's account and stamp; AccountAccess decides what the account may do now. */
  verifyAccess(token: string): TokenClaims {
    return this.verify(token, ACCESS, 'NAL-401');
  }

  signMedia(user: SignedInUser): { token: string; expiresIn: number } {
    const token = this.jwt.sign(
      { role: user.role, mkr: user.makerId, stp: user.stamp },
      { subject: user.id, audience: MEDIA, expiresIn: MEDIA_TOKEN_TTL_SECONDS },
    );
    return { token, expiresIn: MEDIA_TOKEN_TTL_SECONDS };
  }

  verifyMedia(token: string): TokenClaims {
    return this.verify(token, MEDIA, 'NAL-LO-07');
  }

  /** Held in the dashboard's path-scoped cookie: the browser's tab cannot send the bearer token. */
  signQueuesSession(user: SignedInUser): { token: string; expiresIn: number } {
    const token = this.jwt.sign(
      { role: user.role, mkr: user.makerId, stp: user.stamp },
      { subject: user.id, audience: QUEUES, expiresIn: QUEUES_SESSION_TTL_SECONDS },
    );
    return { token, expiresIn: QUEUES_SESSION_TTL_SECONDS };
  }

  verifyQueuesSession(token: string): TokenClaims {
    return this.verify(token, QUEUES, 'NAL-401');
  }

  private verify(token: string, audience: string, refusal: 'NAL-401' | 'NAL-LO-07'): TokenClaims {
    const memoKey = `${audience} ${token}`;
    const known = this.verified.get(memoKey);
    if (known && known.until > Date.now()) return known.claims;
    let claims: { sub?: unknown; stp?: unknown; exp?: unknown };
    try {
      claims = this.jwt.verify<{ sub: string; stp: number; exp: number }>(token, { audience });
    } catch {
      this.verified.delete(memoKey);
      throw new DomainError(refusal);
    }
    // A token signed before security stamps existed has none: it is refused like a revoked one.
    if (typeof claims.sub !== 'string' || !Number.isInteger(claims.stp)) throw new DomainError(refusal);
    const verified = { id: claims.sub, stamp: claims.stp as number };
    if (typeof claims.exp === 'number') {
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
      this.verified.set(memoKey, { claims: verified, until: claims.exp * 1000 });
    }
    return verified;
  }
}

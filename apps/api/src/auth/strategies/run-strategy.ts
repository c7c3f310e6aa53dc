import { DomainError } from '@oms/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StrategyRequest } from '../oauth-state';
/** What the runner needs of a passport strategy. */
export interface AuthStrategy {
  authenticate(req: StrategyRequest, options?: object): void;
}

export interface ProviderIdentity {
  provider: 'google' | 'microsoft';
  email: string;
}

type Outcome = { redirect: string } | { user: ProviderIdentity };

/**
 * Runs a real passport strategy on this request, the way passport itself does (an object derived
 * from the strategy with the outcome callbacks attached), but answers JSON instead of redirecting:
 * the console opens the provider's URL itself and posts the callback's query string back.
 */
function run(strategy: AuthStrategy, req: StrategyRequest): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const attempt = Object.create(strategy) as AuthStrategy & Record<string, unknown>;
    attempt.redirect = (url: string) => resolve({ redirect: url });
    attempt.success = (user: ProviderIdentity) => resolve({ user });
    // Our state stores fail with 'invalid state'; anything else (issuer, audience, nonce…) is the provider's answer.
    attempt.fail = (info?: { message?: string }) => reject(new DomainError(info?.message === 'invalid state' ? 'NAL-LO-03' : 'NAL-LO-04'));
    attempt.error = (error: unknown) => reject(error instanceof DomainError ? error : new DomainError('NAL-LO-04'));
    attempt.pass = () => reject(new DomainError('NAL-LO-04'));
    attempt.authenticate(req, { session: false });
  });
}

/**
 * The request as passport sees it: Fastify's, with the reply the state store sets its cookie on
 * (passport-oauth2 reads `query`, `body` and `headers`, which Fastify's request has too).
 */
function strategyRequest(req: FastifyRequest, reply: FastifyReply, query: unknown = req.query): StrategyRequest {
  const attempt = Object.create(req) as StrategyRequest;
  Object.defineProperties(attempt, { query: { value: query }, reply: { value: reply } });
  return attempt;
}

export async function authorizationUrlOf(strategy: AuthStrategy, req: FastifyRequest, reply: FastifyReply): Promise<string> {
  // The strategy starts a sign-in only when the query carries no code; make sure of that.
  const outcome = await run(strategy, strategyRequest(req, reply, {}));
  if (!('redirect' in outcome)) throw new DomainError('NAL-LO-04');
  return outcome.redirect;
}

export async function identityFromCallback(strategy: AuthStrategy, req: FastifyRequest, reply: FastifyReply): Promise<ProviderIdentity> {
  const query = req.query as Record<string, unknown>;
  if (typeof query.code !== 'string') {
    // The provider sent the user back without a code (refused consent, an error): nothing to exchange.
    throw new DomainError(typeof query.error === 'string' ? 'NAL-LO-04' : 'NAL-LO-03');
  }
  const outcome = await run(strategy, strategyRequest(req, reply));
  if (!('user' in outcome)) throw new DomainError('NAL-LO-04');
  return outcome.user;
}

/** The first e-mail of a passport profile that the provider did not mark unverified. */
export function verifiedEmailOf(profile: { emails?: { value: string; verified?: boolean | string }[] }): string {
  const email = profile.emails?.find((e) => e.verified !== false && e.verified !== 'false')?.value;
  if (!email) throw new DomainError('NAL-LO-04');
  return email;
}

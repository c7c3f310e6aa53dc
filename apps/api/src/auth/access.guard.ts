import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, isAllowed } from '@oms/domain';
import type { FastifyRequest } from 'fastify';
import { ACCESS_RULE, AccessRule } from './access.decorators';
import { AccountAccess } from './account-access';
import { TokensService } from './tokens.service';

/**
 * The one guard of the role matrix: it reads the route's declared rule, verifies the token, looks
 * the account up as it stands now and checks its role against DESIGN.md §8 (libs/domain
 * ACCESS_POLICY). A route without a rule is refused.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly accounts: AccountAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (!rule) throw new DomainError('NAL-403');
    if (rule.kind === 'public') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: unknown }>();
    // Through a mailed link: no Authorization header and no media token, only the link's token, which the handler checks
    // (it acts through the link whenever `req.user` is unset).
    if (rule.kind !== 'signed-in' && rule.orLink && !req.headers.authorization && !(req.query as Record<string, unknown>)?.token && linkTokenOf(req)) return true;
    // The token says who; the account says what they may do now (revoked, disabled, demoted).
    const user =
      rule.kind === 'download'
        ? await this.accounts.caller(this.tokens.verifyMedia(String((req.query as Record<string, unknown>).token ?? '')), 'NAL-LO-07')
        : await this.accounts.caller(this.tokens.verifyAccess(bearerOf(req)));
    req.user = user;
    if (rule.kind === 'signed-in') return true;
    if (!isAllowed(user.role, rule.permission)) throw new DomainError('NAL-403');
    return true;
  }
}

/** An approval link's token, in the body (answers; camel-cased by the wire-case hook) or the query (the PDF, as sent). */
export function linkTokenOf(req: { body?: unknown; query?: unknown }): string | null {
  const from = (source: unknown) => (source && typeof source === 'object' ? ((source as Record<string, unknown>).linkToken ?? (source as Record<string, unknown>).link_token) : undefined);
  const token = from(req.body) ?? from(req.query);
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/** The bearer token of the Authorization header; NAL-401 without one. */
export function bearerOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const header = req.headers.authorization ?? '';
  const [scheme, token] = String(header).split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new DomainError('NAL-401');
  return token;
}

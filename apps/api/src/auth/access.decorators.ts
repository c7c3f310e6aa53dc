import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Permission, Role } from '@oms/domain';

/** How a route may be reached. Every route declares one; the app refuses to start otherwise. */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; permission: Permission; orLink?: true }
  | { kind: 'download'; permission: Permission; orLink?: true };

export const ACCESS_RULE = 'oms:access-rule';

/** No sign-in: login URLs, callbacks, health, public forms. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
/** Any signed-in user, whatever the role (their own profile, a media token). */
export const SignedIn = () => SetMetadata(ACCESS_RULE, { kind: 'signed-in' } satisfies AccessRule);
/** Roles the matrix of DESIGN.md §8 allows for this permission. */
export const Allow = (permission: Permission) => SetMetadata(ACCESS_RULE, { kind: 'permission', permission } satisfies AccessRule);
/** A download opened by the browser: a one-minute media token in `?token=` instead of the bearer token. */
export const Download = (permission: Permission) => SetMetadata(ACCESS_RULE, { kind: 'download', permission } satisfies AccessRule);

/**
 * As Allow / Download, or, without an Authorization header, through a mailed approval link: a
 * request carrying `link_token` passes here and its handler checks the link (who, which estimate,
 * whether still usable) and acts as the link's recipient with their role as it stands now.
 */
export const AllowOrLink = (permission: Permission) => SetMetadata(ACCESS_RULE, { kind: 'permission', permission, orLink: true } satisfies AccessRule);
export const DownloadOrLink = (permission: Permission) => SetMetadata(ACCESS_RULE, { kind: 'download', permission, orLink: true } satisfies AccessRule);

/** Who is calling: the verified token's account, with its role and maker as they stand now (AccountAccess). */
export interface SignedInUser {
  id: string;
  role: Role;
  makerId: string | null;
  /** The account's security stamp, signed into every token made for it. */
  stamp: number;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SignedInUser => {
  return ctx.switchToHttp().getRequest().user;
});

import { Role } from '../access/role';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-catalogue';
import { FieldIssue } from '../errors/field-rule';
import { DomainEvent, domainEvent } from '../events/domain-event';

/** SPEC.md §5 limits for user accounts. */
export const USER_LIMITS = {
  emailMax: 255,
  nameMin: 2,
  nameMax: 100,
  companyNameMax: 100,
  avatarUrlMax: 2048,
} as const;

export const USER_STATUSES = ['valid', 'invalid'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface Actor {
  readonly id: string;
  readonly role: Role;
}

/** What the rules need to know of an account. */
export interface AccountFacts {
  readonly id: string;
  readonly role: Role;
  readonly status: UserStatus;
  readonly allowSocialLogin: boolean;
  readonly makerId: string | null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Only a system administrator manages system administrators, or makes someone one. */
export function assertMayManage(actor: Actor, currentRole: Role | null, newRole: Role | null): void {
  if (actor.role === 'system_admin') return;
  if (currentRole === 'system_admin' || newRole === 'system_admin') throw new DomainError('NAL-USER-003');
}

/** A maker user belongs to exactly one maker; nobody else belongs to one. */
export function makerLinkIssues(role: Role, makerId: string | null | undefined): FieldIssue[] {
  if (role === 'maker' && !makerId) return [{ field: 'maker_id', errorCode: 'NAL-USER-001' }];
  if (role !== 'maker' && makerId) return [{ field: 'maker_id', errorCode: 'NAL-USER-002' }];
  return [];
}

/** Guards against locking yourself out. */
export function assertSelfChangeAllowed(
  actor: Actor,
  target: AccountFacts,
  change: { role?: Role; status?: UserStatus; delete?: boolean },
): void {
  if (actor.id !== target.id) return;
  if (change.delete) throw new DomainError('NAL-USER-004');
  if ((change.role && change.role !== target.role) || (change.status && change.status !== target.status)) {
    throw new DomainError('NAL-USER-005');
  }
}

/** Why a registered account may not sign in with a social provider, or null when it may. */
export function socialSignInRefusal(account: AccountFacts | null): ErrorCode | null {
  if (!account) return 'NAL-LO-01';
  if (account.status !== 'valid' || !account.allowSocialLogin) return 'NAL-LO-02';
  return null;
}

export type AccountCreated = DomainEvent<'account.created'>;

export function accountCreated(account: { id: string; email: string; name: string; role: Role }): AccountCreated {
  return domainEvent('account.created', account.id, { accountId: account.id, email: account.email, name: account.name, role: account.role });
}

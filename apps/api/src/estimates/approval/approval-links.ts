import { answersOfStep, ApprovalLinkState, approvalLinkState, DomainError, EstimateAnswer, isAllowed, isRole, permissionOfStep } from '@oms/domain';
import { ApprovalLinkRecord, EstimateRecord, EstimateRepository, readAccountAccess } from '@oms/infra';
import { EntityManager } from 'typeorm';
import { EstimateActor } from '../estimate-changes';

const LINK_REFUSAL: Record<Exclude<ApprovalLinkState, 'usable'>, 'NAL-CTM-104' | 'NAL-CTM-105'> = { answered: 'NAL-CTM-104', expired: 'NAL-CTM-105' };

/** The link a token opens, or 'not valid' (NAL-CTM-106). */
export async function linkOf(m: EntityManager, estimates: EstimateRepository, token: string, forUpdate = false): Promise<ApprovalLinkRecord> {
  const link = await estimates.findLink(m, token, forUpdate);
  if (!link) throw new DomainError('NAL-CTM-106');
  return link;
}

/**
 * Whether a link can still answer for this estimate, and as whom. Used or voided, or of a round the
 * estimate has left (answered, edited, asked again): 'someone else already answered' (NAL-CTM-104);
 * late: 'expired' (NAL-CTM-105). Its recipient acts with the role they hold now: an account since
 * disabled, or moved to a role without the step's permission, is refused (NAL-403) — reading the
 * estimate through the link included.
 */
export async function linkActor(m: EntityManager, link: ApprovalLinkRecord, estimate: EstimateRecord, answer?: EstimateAnswer): Promise<EstimateActor> {
  const state = approvalLinkState(link, new Date());
  if (state !== 'usable') throw new DomainError(LINK_REFUSAL[state]);
  if (estimate.currentRequestId !== link.requestId || estimate.revision !== link.revision) throw new DomainError('NAL-CTM-104');
  const account = await readAccountAccess(m.connection, link.recipientId);
  if (!account?.active || !isRole(account.role) || !isAllowed(account.role, permissionOfStep(link.step))) throw new DomainError('NAL-403');
  if (answer && !answersOfStep(link.step).includes(answer)) throw new DomainError('NAL-CTM-102', { action: answer });
  return { id: link.recipientId, role: account.role, viaLink: true };
}

import { ApprovalStep, approvalStepOf, domainEvent, DomainError, EstimateStatus, NotFoundError, Role } from '@oms/domain';
import { appendToOutbox, EstimateRecord, EstimateRepository } from '@oms/infra';
import { EntityManager } from 'typeorm';

/** Who acts: a signed-in user, or the recipient of a mailed link (their role as it stands now). */
export interface EstimateActor {
  id: string;
  role: Role;
  viaLink?: boolean;
}

/**
 * The estimate, locked for the change. Every write locks the estimate before any of its links (an
 * answer through a link included), so two writers never wait on each other in opposite orders.
 */
export async function lockedEstimate(m: EntityManager, estimates: EstimateRepository, id: string): Promise<EstimateRecord> {
  const record = await estimates.find(m, id, true);
  if (!record) throw new NotFoundError('estimate');
  return record;
}

/** The version the client read must be current (NAL-CTM-101 otherwise; nothing is written). */
export function atVersion(record: EstimateRecord, version: number): EstimateRecord {
  if (record.version !== version) throw new DomainError('NAL-CTM-101');
  return record;
}

/** The estimate, locked, at the version the client read. */
export async function estimateAtVersion(m: EntityManager, estimates: EstimateRepository, id: string, version: number): Promise<EstimateRecord> {
  return atVersion(await lockedEstimate(m, estimates, id), version);
}

/** A compare-and-set that found another version: someone saved in between (the row lock makes this rare). */
export function mustHaveWritten(written: boolean): void {
  if (!written) throw new DomainError('NAL-CTM-101');
}

/**
 * Ends the round that was open (its links used or voided: the first answer wins) and, when the
 * estimate now waits for a step, opens the next: the outbox asks the workers to mail its links
 * (one per person who may take the step).
 */
export async function askForStep(
  m: EntityManager,
  estimates: EstimateRepository,
  record: { id: string; revision: number },
  status: EstimateStatus,
  requestId: string,
  /** The link the answer came through: used, where the others are voided. */
  usedLinkId: string | null = null,
): Promise<ApprovalStep | null> {
  await estimates.closeLinks(m, record.id, usedLinkId);
  const step = approvalStepOf(status);
  await estimates.setCurrentRequest(m, record.id, step ? requestId : null);
  if (step) await appendToOutbox(m, [domainEvent('estimate.approval_requested', record.id, { estimateId: record.id, revision: record.revision, step, requestId })]);
  return step;
}

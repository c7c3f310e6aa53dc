import { DomainError } from '../errors';
import { LINE_STATUS, LineStatus } from '../order/line-status';
import { MAKER_CONFIRM_STATUS, MakerConfirmStatus } from '../order/order';

/** How long a confirmation link works unless configured otherwise. */
export const DEFAULT_CONFIRM_LINK_DAYS = 14;
/** 256 random bits: well over the 128 a guessable-link attack would need to be hopeless. */
export const CONFIRM_TOKEN_BYTES = 32;

export interface ConfirmLink {
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a link made now stops working. */
export const confirmLinkExpiry = (now: Date, days: number): Date => new Date(now.getTime() + days * DAY_MS);

/**
 * The lines an answer through the link applies to: the maker's lines still waiting for its answer,
 * those ordered first, else the re-ordered ones (MakerReceive takes lines of one status). Empty:
 * staff recorded the answer (or cancelled) already, and the link has nothing left to answer (131).
 */
export function linesAwaitingAnswer(lines: readonly { id: string; makerId: string; status: LineStatus }[], makerId: string): string[] {
  const waiting = lines.filter((l) => l.makerId === makerId && (l.status === LINE_STATUS.ordered || l.status === LINE_STATUS.reordered));
  const status = waiting.some((l) => l.status === LINE_STATUS.ordered) ? LINE_STATUS.ordered : LINE_STATUS.reordered;
  return waiting.filter((l) => l.status === status).map((l) => l.id);
}

/** A link answers once and until it expires: NAL_ORD-131 used up, NAL_ORD-132 expired. */
export function checkConfirmLink(link: ConfirmLink, now: Date): void {
  if (link.usedAt) throw new DomainError('NAL_ORD-131');
  if (link.expiresAt.getTime() <= now.getTime()) throw new DomainError('NAL_ORD-132');
}

export type MakerAnswer = 'accept' | 'undecided' | 'refuse';

export const MAKER_ANSWER_STATUS: Readonly<Record<MakerAnswer, MakerConfirmStatus>> = {
  accept: MAKER_CONFIRM_STATUS.accepted,
  undecided: MAKER_CONFIRM_STATUS.shipDateUndecided,
  refuse: MAKER_CONFIRM_STATUS.notAccepted,
};

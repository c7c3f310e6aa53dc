import { DomainError } from '../errors';
import { MAKER_CONFIRM_STATUS, MakerConfirmStatus } from '../order/order';

/** How long a confirmation link works unless configured otherwise. */
export const DEFAULT_CONFIRM_LINK_DAYS = 14;
/** 256 random bits: well over the 128 a guessable-link attack would need to be hopeless. */
export const CONFIRM_TOKEN_BYTES = 32;

export interface ConfirmLink {
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
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

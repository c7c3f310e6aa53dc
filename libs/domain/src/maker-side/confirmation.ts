import { DomainError, FieldIssue } from '../errors';
import { LINE_STATUS, LineStatus } from '../orders/line-status';
import { MAKER_CONFIRM_STATUS, MakerConfirmStatus } from '../orders/order';
import { AWAITING_SHIPMENT_STATUSES, SHEET_LINE_STATUSES } from './order-sheet';

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
 * The maker's lines in the first of two statuses that has any, else the second: a command takes
 * lines of one status, and a maker's ordered lines come before its re-ordered ones.
 */
function makerLinesIn(lines: readonly { id: string; makerId: string; status: LineStatus }[], makerId: string, first: LineStatus, second: LineStatus): string[] {
  const mine = lines.filter((l) => l.makerId === makerId && (l.status === first || l.status === second));
  const status = mine.some((l) => l.status === first) ? first : second;
  return mine.filter((l) => l.status === status).map((l) => l.id);
}

/**
 * The lines an answer through the link applies to: the maker's lines still waiting for its answer,
 * those ordered first, else the re-ordered ones. Empty: staff recorded the answer (or cancelled)
 * already, and the link has nothing left to answer (131).
 */
export function linesAwaitingAnswer(lines: readonly { id: string; makerId: string; status: LineStatus }[], makerId: string): string[] {
  return makerLinesIn(lines, makerId, LINE_STATUS.ordered, LINE_STATUS.reordered);
}

/** The lines a changed estimated ship date applies to: the maker's accepted lines not shipped yet (order received, else re-order received). */
export function linesAwaitingShipment(lines: readonly { id: string; makerId: string; status: LineStatus }[], makerId: string): string[] {
  return makerLinesIn(lines, makerId, LINE_STATUS.orderReceived, LINE_STATUS.reorderReceived);
}

/** A link answers once and until it expires: NAL_ORD-131 used up, NAL_ORD-132 expired. */
export function checkConfirmLink(link: ConfirmLink, now: Date): void {
  if (link.expiresAt.getTime() <= now.getTime()) throw new DomainError('NAL_ORD-132');
  if (link.usedAt) throw new DomainError('NAL_ORD-131');
}

/** Lines the maker has shipped: the answer they followed still stands. */
const SHIPPED_STATUSES: readonly LineStatus[] = [LINE_STATUS.shipped, LINE_STATUS.delivered, LINE_STATUS.reshipped];

/**
 * What a link shows until it expires (132): the answer form while the maker's lines wait for an
 * answer and the link has not been used; once answered (through the link or by staff in the
 * console, which marks the maker's links used), the answer given, with the estimated ship date open
 * to change while an accepted answer's lines are not shipped. A link whose lines staff moved
 * elsewhere (cancelled, refunded, back to paid) is used up (131).
 */
export function confirmLinkStage(
  link: ConfirmLink,
  now: Date,
  lines: readonly { status: LineStatus }[],
  confirmStatus: MakerConfirmStatus | null,
): { stage: 'awaiting_answer' | 'answered'; canChangeShipDate: boolean } {
  if (link.expiresAt.getTime() <= now.getTime()) throw new DomainError('NAL_ORD-132');
  const any = (statuses: readonly LineStatus[]) => lines.some((l) => statuses.includes(l.status));
  if (!link.usedAt && any([LINE_STATUS.ordered, LINE_STATUS.reordered])) return { stage: 'awaiting_answer', canChangeShipDate: false };
  if (confirmStatus === null || !any([...SHEET_LINE_STATUSES, ...SHIPPED_STATUSES])) throw new DomainError('NAL_ORD-131');
  return { stage: 'answered', canChangeShipDate: canChangeShipDate(confirmStatus, lines) };
}

/** An accepted (or ship-date-undecided) answer's date may change until its lines ship. */
export function canChangeShipDate(confirmStatus: MakerConfirmStatus | null, lines: readonly { status: LineStatus }[]): boolean {
  return (confirmStatus === MAKER_CONFIRM_STATUS.accepted || confirmStatus === MAKER_CONFIRM_STATUS.shipDateUndecided) && lines.some((l) => AWAITING_SHIPMENT_STATUSES.includes(l.status));
}

/**
 * A maker's own answer (the link, or a maker signed in): accepting needs the estimated ship date
 * ('ship date undecided' is the answer without one), and a date given is not before today. A refusal
 * gives no date.
 */
export function makerAnswerIssues(answer: { confirmStatus: MakerConfirmStatus; estimatedShipDate?: string | null }, today: string): FieldIssue[] {
  if (answer.confirmStatus === MAKER_CONFIRM_STATUS.notAccepted) return [];
  if (!answer.estimatedShipDate) return answer.confirmStatus === MAKER_CONFIRM_STATUS.accepted ? [{ field: 'estimated_ship_date', errorCode: 'required' }] : [];
  return answer.estimatedShipDate < today ? [{ field: 'estimated_ship_date', errorCode: 'date_not_before_today' }] : [];
}

export type MakerAnswer = 'accept' | 'undecided' | 'refuse';

export const MAKER_ANSWER_STATUS: Readonly<Record<MakerAnswer, MakerConfirmStatus>> = {
  accept: MAKER_CONFIRM_STATUS.accepted,
  undecided: MAKER_CONFIRM_STATUS.shipDateUndecided,
  refuse: MAKER_CONFIRM_STATUS.notAccepted,
};

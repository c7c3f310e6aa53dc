import { isAllowed, Permission } from '../access/access-policy';
import type { Role } from '../access/role';
import { DomainError } from '../errors/domain-error';
import { MONEY_LIMITS } from '../money/money-limits';
import { taxIncluded } from '../orders/order-totals';

/**
 * Estimates (見積, SPEC.md §3, §4; DESIGN.md §7): limits, the workflow as a table, the totals, the
 * revision rule and the validity date. Nothing here knows HTTP or SQL.
 */
export const ESTIMATE_LIMITS = {
  /** SPEC.md §5 names the field but not its bound: as the other codes (maker, shop) 30. */
  estimateNoMax: 30,
  /** A person's name, as user names. */
  personInChargeMax: 100,
  /** An address ("delivery location (floor)"). */
  deliveryLocationMax: 100,
  faxNumberMax: 15,
  zipMax: 8,
  ecProductCodeMax: 70,
  productNameMax: 100,
  /** As option1/option2. */
  optionDetailMax: 50,
  unitMax: 10,
  taxPercentMin: 0,
  taxPercentMax: 100,
  amountMin: 1,
  /** A quantity; nobody quotes ten thousand of one line. */
  amountMax: 9999,
  /** At least one line; a quotation longer than a hundred lines is a price list, not an estimate. */
  detailsMax: 100,
  estimateNotesMax: 8,
  /** SPEC.md §5 "note | max 100": each estimate note and the free note. */
  noteMax: 100,
  /** The reason given with a rejection or an edit request. */
  commentMax: 1000,
  originalFileNameMax: 255,
} as const;

/** DESIGN.md §7's codes. */
export const ESTIMATE_STATUS = {
  unprocessed: 1,
  waitingForApprove: 2,
  waitingForConfirm: 3,
  waitingApproveNConfirm: 4,
  requestEdit: 5,
  done: 6,
} as const;

export type EstimateStatus = (typeof ESTIMATE_STATUS)[keyof typeof ESTIMATE_STATUS];
export const ESTIMATE_STATUSES = Object.values(ESTIMATE_STATUS) as EstimateStatus[];
export const ESTIMATE_STATUS_NAMES: Readonly<Record<EstimateStatus, keyof typeof ESTIMATE_STATUS>> = Object.fromEntries(
  Object.entries(ESTIMATE_STATUS).map(([name, code]) => [code, name]),
) as Record<EstimateStatus, keyof typeof ESTIMATE_STATUS>;

export function isEstimateStatus(value: unknown): value is EstimateStatus {
  return typeof value === 'number' && (ESTIMATE_STATUSES as number[]).includes(value);
}

/** SPEC.md §3 fee kinds. A discount is subtracted; the others are added. */
export const FEE_KIND = { shipFee: 1, setupFee: 2, shipSetupFee: 3, discount: 4, settlementFee: 5 } as const;
export type FeeKind = (typeof FEE_KIND)[keyof typeof FEE_KIND];
export const FEE_KINDS = Object.values(FEE_KIND) as FeeKind[];
export const FEE_KIND_LABELS_JA: Readonly<Record<FeeKind, string>> = { 1: '送料', 2: '設置費', 3: '送料・設置費', 4: '値引き', 5: '決済手数料' };

/**
 * The commands of the workflow. `request_approve` takes the two flags; `approve`, `reject` and
 * `stamp`, `return_edit` are the answers an approver and a stamper give (in the console or through
 * a mailed link).
 */
export const ESTIMATE_ACTIONS = ['request_approve', 'approve', 'reject', 'stamp', 'return_edit'] as const;
export type EstimateAction = (typeof ESTIMATE_ACTIONS)[number];
/** The answers, the subset `PUT /customers/estimates/approve` takes. */
export const ESTIMATE_ANSWERS = ['approve', 'reject', 'stamp', 'return_edit'] as const;
export type EstimateAnswer = (typeof ESTIMATE_ANSWERS)[number];

/** Which step of the approval a waiting status asks for: an approver's answer, or a stamper's. */
export type ApprovalStep = 'approve' | 'stamp';

interface Transition {
  readonly from: readonly EstimateStatus[];
  /** The status after, from the status before (approve: waiting-approve-and-confirm still needs the stamp). */
  readonly to: (from: EstimateStatus, flags: ApprovalFlags) => EstimateStatus;
  readonly permission: Permission;
  /** A reason is required (reject, return_edit). */
  readonly needsComment: boolean;
  /** What the command sets on the estimate. */
  readonly sets?: 'approved_date' | 'seal_approved_date' | 'admin_note';
}

export interface ApprovalFlags {
  readonly approve: boolean;
  readonly stamp: boolean;
}

const S = ESTIMATE_STATUS;

/** SPEC.md §4: both flags → waiting approve-and-confirm, approve only → waiting for approve, otherwise waiting for confirm (stamp). */
export function requestedStatus(flags: ApprovalFlags): EstimateStatus {
  if (flags.approve && flags.stamp) return S.waitingApproveNConfirm;
  if (flags.approve) return S.waitingForApprove;
  return S.waitingForConfirm;
}

/**
 * The workflow (DESIGN.md §7, who: §8). An approval moves waiting-for-approve to done, and
 * waiting-approve-and-confirm on to waiting for the stamp; the stamp finishes it. A rejection (by
 * an approver) and an edit request (by a stamper) send it back to request-edit with the reason.
 */
export const ESTIMATE_TRANSITIONS: Readonly<Record<EstimateAction, Transition>> = {
  request_approve: {
    from: [S.unprocessed, S.requestEdit],
    to: (_from, flags) => requestedStatus(flags),
    permission: 'estimates.edit',
    needsComment: false,
  },
  approve: {
    from: [S.waitingForApprove, S.waitingApproveNConfirm],
    to: (from) => (from === S.waitingApproveNConfirm ? S.waitingForConfirm : S.done),
    permission: 'estimates.approve',
    needsComment: false,
    sets: 'approved_date',
  },
  reject: {
    from: [S.waitingForApprove, S.waitingApproveNConfirm],
    to: () => S.requestEdit,
    permission: 'estimates.approve',
    needsComment: true,
    sets: 'admin_note',
  },
  stamp: {
    from: [S.waitingForConfirm],
    to: () => S.done,
    permission: 'estimates.stamp',
    needsComment: false,
    sets: 'seal_approved_date',
  },
  return_edit: {
    from: [S.waitingForConfirm],
    to: () => S.requestEdit,
    permission: 'estimates.stamp',
    needsComment: true,
    sets: 'admin_note',
  },
};

/** The answers that need a reason (a rejection, an edit request), as the table says: the console asks for it first. */
export const ANSWERS_NEEDING_COMMENT: readonly EstimateAnswer[] = ESTIMATE_ANSWERS.filter((answer) => ESTIMATE_TRANSITIONS[answer].needsComment);

export interface EstimateTransitionResult {
  readonly from: EstimateStatus;
  readonly to: EstimateStatus;
  readonly sets?: Transition['sets'];
}

/**
 * Applies an action to a status for a role: the permission (NAL-403 as a DomainError the API
 * answers 403), the status (NAL-CTM-102) and the reason (NAL-CTM-103). Answers the new status.
 */
export function transitionEstimate(
  action: EstimateAction,
  from: EstimateStatus,
  role: Role,
  input: { flags?: ApprovalFlags; comment?: string | null } = {},
): EstimateTransitionResult {
  const transition = ESTIMATE_TRANSITIONS[action];
  if (!isAllowed(role, transition.permission)) throw new DomainError('NAL-403');
  if (!transition.from.includes(from)) throw new DomainError('NAL-CTM-102', { action, status: from });
  if (transition.needsComment && !input.comment?.trim()) throw new DomainError('NAL-CTM-103');
  return { from, to: transition.to(from, input.flags ?? { approve: false, stamp: false }), sets: transition.sets };
}

/** The actions a role may take on an estimate in this status (what the console offers). */
export function availableEstimateActions(status: EstimateStatus, role: Role): EstimateAction[] {
  return ESTIMATE_ACTIONS.filter((action) => {
    const transition = ESTIMATE_TRANSITIONS[action];
    return transition.from.includes(status) && isAllowed(role, transition.permission);
  });
}

/** The step a waiting status asks for, which decides who is mailed a link; null when nobody is asked. */
export function approvalStepOf(status: EstimateStatus): ApprovalStep | null {
  if (status === S.waitingForApprove || status === S.waitingApproveNConfirm) return 'approve';
  if (status === S.waitingForConfirm) return 'stamp';
  return null;
}

/** The answers a link of this step can give. */
export function answersOfStep(step: ApprovalStep): EstimateAnswer[] {
  return step === 'approve' ? ['approve', 'reject'] : ['stamp', 'return_edit'];
}

/** The permission whose holders are mailed a link for a step. */
export function permissionOfStep(step: ApprovalStep): Permission {
  return step === 'approve' ? 'estimates.approve' : 'estimates.stamp';
}

/**
 * The list row's button (SPEC.md §4 "buttonType"): what the row offers next. Derived from the status,
 * never stored apart from it, so it cannot disagree.
 */
export const BUTTON_TYPE = { none: 0, requestApprove: 1, approve: 2, stamp: 3 } as const;
export type ButtonType = (typeof BUTTON_TYPE)[keyof typeof BUTTON_TYPE];

export function buttonTypeOf(status: EstimateStatus): ButtonType {
  if (status === S.unprocessed || status === S.requestEdit) return BUTTON_TYPE.requestApprove;
  const step = approvalStepOf(status);
  if (step === 'approve') return BUTTON_TYPE.approve;
  if (step === 'stamp') return BUTTON_TYPE.stamp;
  return BUTTON_TYPE.none;
}

/** SPEC.md §4: a file uploaded sets specialFlow to 1. */
export const SPECIAL_FLOW = { none: 0, fileAttached: 1 } as const;

/**
 * An approved or stamped revision is locked: what was approved must stay what the PDF says. Editing
 * it makes the next revision (same estimate number, `-R2`…), with approval and stamp reset.
 */
export function isLocked(estimate: { approvedDate: Date | string | null; sealApprovedDate: Date | string | null }): boolean {
  return estimate.approvedDate !== null || estimate.sealApprovedDate !== null;
}

export interface EstimateEdit {
  /** The edit starts the next revision (the current one is locked). */
  revise: boolean;
  /** The status after: an edit of a revision waiting for an answer takes it back to unprocessed (what was asked about
   * has changed); an edit answering an edit request stays there until approval is asked again. */
  status: EstimateStatus;
  /** Once a revision was issued the number is the estimate's for good (`-R2` tells revisions apart); only a first
   * revision never approved may still be renumbered. */
  keepsNumber: boolean;
}

/** What an edit does to an estimate. */
export function estimateEdit(estimate: { status: EstimateStatus; revision: number; approvedDate: Date | string | null; sealApprovedDate: Date | string | null }): EstimateEdit {
  const revise = isLocked(estimate);
  return {
    revise,
    status: estimate.status === S.requestEdit && !revise ? S.requestEdit : S.unprocessed,
    keepsNumber: revise || estimate.revision > 1,
  };
}

/** `E-20261126-0001` for revision 1, `E-20261126-0001-R2` after. */
export function estimateNumberLabel(estimateNo: string, revision: number): string {
  return revision > 1 ? `${estimateNo}-R${revision}` : estimateNo;
}

// ---- Money ----

export interface EstimateLineMoney {
  readonly priceWithTax: number;
  readonly amount: number;
  readonly taxPercentage: number;
}

export interface EstimateFee {
  readonly kind: FeeKind;
  readonly value: number;
}

export interface EstimateTaxRow {
  readonly rate: number;
  readonly totalWithTax: number;
  readonly tax: number;
}

export interface EstimateTotals {
  /** The lines, tax included. */
  readonly subtotal: number;
  /** Fees added minus discounts, tax included. */
  readonly feesTotal: number;
  readonly taxes: EstimateTaxRow[];
  readonly taxTotal: number;
  readonly total: number;
}

/** The rate fees and discounts are taxed at: shipping, set-up and settlement are standard-rated services. */
export const FEE_TAX_RATE = 10;

export const signedFee = (fee: EstimateFee): number => (fee.kind === FEE_KIND.discount ? -fee.value : fee.value);

/**
 * The estimate's money (DESIGN.md §4): lines summed per tax rate, fees (tax included, standard rate)
 * added to the 10% amount and a discount taken from it, then the tax contained in each rate's amount
 * rounded down once. A discount larger than the 10% amount is refused (NAL-CTM-108): it would have to
 * be split across rates, which a quotation should state explicitly as a negative line instead. A
 * total over MONEY_LIMITS.totalMax is refused (NAL-CTM-107).
 */
export function estimateTotals(lines: readonly EstimateLineMoney[], fees: readonly EstimateFee[]): EstimateTotals {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.taxPercentage, (byRate.get(line.taxPercentage) ?? 0) + line.priceWithTax * line.amount);
  const subtotal = [...byRate.values()].reduce((sum, v) => sum + v, 0);
  const feesTotal = fees.reduce((sum, fee) => sum + signedFee(fee), 0);
  if (fees.length > 0) byRate.set(FEE_TAX_RATE, (byRate.get(FEE_TAX_RATE) ?? 0) + feesTotal);
  if ((byRate.get(FEE_TAX_RATE) ?? 0) < 0) throw new DomainError('NAL-CTM-108');
  const taxes = [...byRate.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, totalWithTax]) => ({ rate, totalWithTax, tax: taxIncluded(totalWithTax, rate) }));
  const total = subtotal + feesTotal;
  if (subtotal > MONEY_LIMITS.totalMax || total > MONEY_LIMITS.totalMax) throw new DomainError('NAL-CTM-107', { max: MONEY_LIMITS.totalMax });
  return { subtotal, feesTotal, taxes, taxTotal: taxes.reduce((sum, row) => sum + row.tax, 0), total };
}

// ---- Dates ----

/**
 * SPEC.md §9: a quotation is valid one month after issue. From a Japan date `YYYY-MM-DD`, the same
 * day of the next month, or that month's last day when it has no such day (01-31 → 02-28/29).
 */
export function validUntil(issuedOn: string): string {
  const [y, m, d] = issuedOn.split('-').map(Number);
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

// ---- Approval links ----

/** ≥ 128 random bits: 32 bytes, base64url (43 characters). */
export const APPROVAL_TOKEN_BYTES = 32;
/** ESTIMATE_LINK_HOURS' default: three days to answer. */
export const DEFAULT_APPROVAL_LINK_HOURS = 72;

export type ApprovalLinkState = 'usable' | 'answered' | 'expired';

/** A used or voided link answers 'someone else already answered' (first answer wins); a late one 'expired'. */
export function approvalLinkState(link: { usedAt: Date | null; voidedAt: Date | null; expiresAt: Date }, now: Date): ApprovalLinkState {
  if (link.usedAt || link.voidedAt) return 'answered';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

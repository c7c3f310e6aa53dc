import { DomainError } from '../errors/domain-error';
import {
  approvalLinkState,
  availableEstimateActions,
  buttonTypeOf,
  ANSWERS_NEEDING_COMMENT,
  estimateEdit,
  ESTIMATE_ACTIONS,
  ESTIMATE_STATUS as S,
  ESTIMATE_STATUSES,
  EstimateAction,
  EstimateStatus,
  estimateNumberLabel,
  estimateTotals,
  FEE_KIND,
  requestedStatus,
  transitionEstimate,
  validUntil,
} from './estimate';

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
};

describe('estimate workflow', () => {
  // Every (action, status) pair: the status after, or the refusal. A system_admin may do every action.
  const expected: Record<EstimateAction, Partial<Record<EstimateStatus, EstimateStatus>>> = {
    request_approve: { [S.unprocessed]: S.waitingApproveNConfirm, [S.requestEdit]: S.waitingApproveNConfirm },
    approve: { [S.waitingForApprove]: S.done, [S.waitingApproveNConfirm]: S.waitingForConfirm },
    reject: { [S.waitingForApprove]: S.requestEdit, [S.waitingApproveNConfirm]: S.requestEdit },
    stamp: { [S.waitingForConfirm]: S.done },
    return_edit: { [S.waitingForConfirm]: S.requestEdit },
  };
  const pairs = ESTIMATE_ACTIONS.flatMap((action) => ESTIMATE_STATUSES.map((status) => [action, status] as const));

  it.each(pairs)('%s from status %i', (action, status) => {
    const to = expected[action][status];
    const run = () => transitionEstimate(action, status, 'system_admin', { flags: { approve: true, stamp: true }, comment: 'reason' });
    if (to === undefined) expect(codeOf(run)).toBe('NAL-CTM-102');
    else expect(run().to).toBe(to);
  });

  it.each([
    [{ approve: true, stamp: true }, S.waitingApproveNConfirm],
    [{ approve: true, stamp: false }, S.waitingForApprove],
    [{ approve: false, stamp: true }, S.waitingForConfirm],
    [{ approve: false, stamp: false }, S.waitingForConfirm],
  ])('request-approve with %o → %i (SPEC.md §4)', (flags, status) => {
    expect(requestedStatus(flags)).toBe(status);
    expect(transitionEstimate('request_approve', S.unprocessed, 'operator', { flags }).to).toBe(status);
  });

  it.each([
    ['approve', S.waitingForApprove, 'operator', 'NAL-403'],
    ['approve', S.waitingForApprove, 'call_center', 'NAL-403'],
    ['approve', S.waitingForApprove, 'estimate_approver', null],
    ['stamp', S.waitingForConfirm, 'estimate_approver', 'NAL-403'],
    ['stamp', S.waitingForConfirm, 'approver', null],
    ['return_edit', S.waitingForConfirm, 'operator', 'NAL-403'],
    ['request_approve', S.unprocessed, 'call_center', null],
    ['request_approve', S.unprocessed, 'accountant', 'NAL-403'],
    ['request_approve', S.unprocessed, 'maker', 'NAL-403'],
  ] as const)('%s in %i by %s → %s (DESIGN.md §8)', (action, status, role, code) => {
    expect(codeOf(() => transitionEstimate(action, status, role, { comment: 'x' }))).toBe(code);
  });

  it('a rejection and an edit request need their reason', () => {
    expect(codeOf(() => transitionEstimate('reject', S.waitingForApprove, 'approver', { comment: '  ' }))).toBe('NAL-CTM-103');
    expect(codeOf(() => transitionEstimate('return_edit', S.waitingForConfirm, 'approver', {}))).toBe('NAL-CTM-103');
    expect(transitionEstimate('reject', S.waitingForApprove, 'approver', { comment: '単価を確認' }).sets).toBe('admin_note');
  });

  it('offers per role only what it may do', () => {
    expect(availableEstimateActions(S.waitingApproveNConfirm, 'estimate_approver')).toEqual(['approve', 'reject']);
    expect(availableEstimateActions(S.waitingForConfirm, 'estimate_approver')).toEqual([]);
    expect(availableEstimateActions(S.waitingForConfirm, 'approver')).toEqual(['stamp', 'return_edit']);
    expect(availableEstimateActions(S.done, 'system_admin')).toEqual([]);
  });

  it('derives the row button from the status', () => {
    expect(ESTIMATE_STATUSES.map(buttonTypeOf)).toEqual([1, 2, 3, 2, 1, 0]);
  });

  it('locks an approved or stamped revision: an edit makes the next one, back to unprocessed, keeping the number', () => {
    const unapproved = { approvedDate: null, sealApprovedDate: null, revision: 1 };
    expect(estimateEdit({ ...unapproved, status: S.unprocessed })).toEqual({ revise: false, status: S.unprocessed, keepsNumber: false });
    expect(estimateEdit({ ...unapproved, status: S.waitingApproveNConfirm })).toEqual({ revise: false, status: S.unprocessed, keepsNumber: false });
    expect(estimateEdit({ ...unapproved, status: S.requestEdit })).toEqual({ revise: false, status: S.requestEdit, keepsNumber: false });
    expect(estimateEdit({ ...unapproved, status: S.requestEdit, revision: 2 })).toEqual({ revise: false, status: S.requestEdit, keepsNumber: true });
    expect(estimateEdit({ status: S.waitingForConfirm, approvedDate: new Date(), sealApprovedDate: null, revision: 1 })).toEqual({ revise: true, status: S.unprocessed, keepsNumber: true });
    expect(estimateEdit({ status: S.done, approvedDate: null, sealApprovedDate: new Date(), revision: 3 })).toEqual({ revise: true, status: S.unprocessed, keepsNumber: true });
    expect(ANSWERS_NEEDING_COMMENT).toEqual(['reject', 'return_edit']);
    expect(estimateNumberLabel('E-1', 1)).toBe('E-1');
    expect(estimateNumberLabel('E-1', 2)).toBe('E-1-R2');
  });
});

describe('estimate totals', () => {
  it('sums per rate and rounds the tax down once per rate', () => {
    const totals = estimateTotals(
      [
        { priceWithTax: 1099, amount: 3, taxPercentage: 10 },
        { priceWithTax: 1099, amount: 1, taxPercentage: 10 },
        { priceWithTax: 540, amount: 3, taxPercentage: 8 },
      ],
      [],
    );
    expect(totals.taxes).toEqual([
      { rate: 10, totalWithTax: 4396, tax: 399 },
      { rate: 8, totalWithTax: 1620, tax: 120 },
    ]);
    expect(totals).toMatchObject({ subtotal: 6016, feesTotal: 0, taxTotal: 519, total: 6016 });
  });

  it('adds fees and takes a discount at the standard rate', () => {
    const totals = estimateTotals([{ priceWithTax: 10000, amount: 1, taxPercentage: 10 }], [
      { kind: FEE_KIND.shipFee, value: 1100 },
      { kind: FEE_KIND.discount, value: 2000 },
    ]);
    expect(totals).toMatchObject({ subtotal: 10000, feesTotal: -900, total: 9100, taxes: [{ rate: 10, totalWithTax: 9100, tax: 827 }] });
  });

  it('refuses a discount larger than the 10% amount, and a total past the limit', () => {
    expect(codeOf(() => estimateTotals([{ priceWithTax: 500, amount: 1, taxPercentage: 8 }], [{ kind: FEE_KIND.discount, value: 100 }]))).toBe('NAL-CTM-108');
    expect(codeOf(() => estimateTotals([{ priceWithTax: 99_999_999, amount: 1, taxPercentage: 10 }], [{ kind: FEE_KIND.shipFee, value: 1 }]))).toBe('NAL-CTM-107');
    expect(codeOf(() => estimateTotals([{ priceWithTax: 99_999_999, amount: 1, taxPercentage: 10 }], []))).toBeNull();
  });
});

describe('validity and links', () => {
  it.each([
    ['2026-11-26', '2026-12-26'],
    ['2026-12-15', '2027-01-15'],
    ['2027-01-31', '2027-02-28'],
    ['2028-01-31', '2028-02-29'],
    ['2026-03-31', '2026-04-30'],
  ])('issued %s is valid until %s', (issued, until) => expect(validUntil(issued)).toBe(until));

  it('a used or voided link is answered, a late one expired', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    const later = new Date('2026-11-27T00:00:00Z');
    expect(approvalLinkState({ usedAt: null, voidedAt: null, expiresAt: later }, now)).toBe('usable');
    expect(approvalLinkState({ usedAt: now, voidedAt: null, expiresAt: later }, now)).toBe('answered');
    expect(approvalLinkState({ usedAt: null, voidedAt: now, expiresAt: later }, now)).toBe('answered');
    expect(approvalLinkState({ usedAt: null, voidedAt: null, expiresAt: now }, now)).toBe('expired');
  });
});

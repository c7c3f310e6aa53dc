import {
  availableEstimateActions,
  ButtonType,
  buttonTypeOf,
  EstimateAction,
  estimateNumberLabel,
  EstimateStatus,
  estimateTotals,
  EstimateTaxRow,
  isLocked,
  japanToday,
  Role,
  validUntil,
} from '@oms/domain';
import { EstimateHistoryRecord, EstimateRecord, EstimateRevisionRecord } from '@oms/infra';

/** The estimate's own fields, as stored. */
type EstimateFieldsShown = Pick<
  EstimateRecord,
  | 'id'
  | 'customerId'
  | 'estimateNo'
  | 'revision'
  | 'personInCharge'
  | 'deliveryLocation'
  | 'faxNumber'
  | 'zip'
  | 'estimatePaymentId'
  | 'details'
  | 'fee1Id'
  | 'fee1Value'
  | 'fee2Id'
  | 'fee2Value'
  | 'estimateNotes'
  | 'note'
  | 'status'
  | 'specialFlow'
  | 'adminNote'
  | 'approvedDate'
  | 'sealApprovedDate'
  | 'originalFileName'
  | 's3Path'
  | 'issuedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'version'
>;

/** What the API answers for an estimate (GET/POST/PUT /customers/estimates…). */
export interface EstimateView extends EstimateFieldsShown {
  /** `E-…-R2` from the second revision on. */
  estimateNoLabel: string;
  /** Computed by the domain: the lines, fees, tax per rate (rounded down once per rate), total. */
  subtotal: number;
  feesTotal: number;
  taxes: EstimateTaxRow[];
  taxTotal: number;
  total: number;
  buttonType: ButtonType;
  approve: boolean;
  stamp: boolean;
  /** Approved or stamped: an edit makes the next revision. */
  locked: boolean;
  /** YYYY-MM-DD: one month after issue (SPEC.md §9). */
  validUntil: string;
  /** What the caller may do now (the workflow's actions their role holds in this status). */
  actions: EstimateAction[];
}

export interface EstimateRevisionView {
  revision: number;
  estimateNoLabel: string;
  status: EstimateStatus;
  issuedAt: Date;
  approvedDate: Date | null;
  sealApprovedDate: Date | null;
  total: number;
  /** The revision in force (the estimate itself) rather than a frozen earlier one. */
  current: boolean;
}

export interface EstimateStepView {
  revision: number;
  action: EstimateHistoryRecord['action'];
  fromStatus: EstimateStatus | null;
  toStatus: EstimateStatus;
  comment: string | null;
  actorName: string | null;
  viaLink: boolean;
  createdAt: Date;
}

/** GET /customers/estimates/{id}: the estimate, its revisions and its steps. */
export interface EstimateDetailView extends EstimateView {
  revisions: EstimateRevisionView[];
  steps: EstimateStepView[];
}

/** A row of a customer's estimate history: the estimate with every revision. */
export interface EstimateHistoryItemView extends EstimateView {
  revisions: EstimateRevisionView[];
}

export function totalsOf(record: Pick<EstimateRecord, 'details' | 'fee1Id' | 'fee1Value' | 'fee2Id' | 'fee2Value'>) {
  const fees = [
    ...(record.fee1Id !== null && record.fee1Value !== null ? [{ kind: record.fee1Id, value: record.fee1Value }] : []),
    ...(record.fee2Id !== null && record.fee2Value !== null ? [{ kind: record.fee2Id, value: record.fee2Value }] : []),
  ];
  return estimateTotals(record.details, fees);
}

export function estimateView(record: EstimateRecord, role: Role | null): EstimateView {
  const totals = totalsOf(record);
  return {
    id: record.id,
    customerId: record.customerId,
    estimateNo: record.estimateNo,
    revision: record.revision,
    estimateNoLabel: estimateNumberLabel(record.estimateNo, record.revision),
    personInCharge: record.personInCharge,
    deliveryLocation: record.deliveryLocation,
    faxNumber: record.faxNumber,
    zip: record.zip,
    estimatePaymentId: record.estimatePaymentId,
    details: record.details,
    fee1Id: record.fee1Id,
    fee1Value: record.fee1Value,
    fee2Id: record.fee2Id,
    fee2Value: record.fee2Value,
    estimateNotes: record.estimateNotes,
    note: record.note,
    subtotal: totals.subtotal,
    feesTotal: totals.feesTotal,
    taxes: totals.taxes,
    taxTotal: totals.taxTotal,
    total: totals.total,
    status: record.status,
    buttonType: buttonTypeOf(record.status),
    specialFlow: record.specialFlow,
    approve: record.approveRequired,
    stamp: record.stampRequired,
    approvedDate: record.approvedDate,
    sealApprovedDate: record.sealApprovedDate,
    adminNote: record.adminNote,
    originalFileName: record.originalFileName,
    s3Path: record.s3Path,
    locked: isLocked(record),
    issuedAt: record.issuedAt,
    validUntil: validUntil(japanToday(new Date(record.issuedAt))),
    actions: role ? availableEstimateActions(record.status, role) : [],
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
  };
}

/**
 * What a mailed link's page shows: the quotation itself (lines, fees, totals, notes, status), without
 * what only staff see (the attached file's path, the customer's id, the reason of an earlier refusal,
 * who-changed-when).
 */
export type LinkEstimateView = Omit<EstimateView, 'customerId' | 's3Path' | 'originalFileName' | 'specialFlow' | 'adminNote' | 'actions' | 'createdAt' | 'updatedAt'>;

export function linkEstimateView(record: EstimateRecord, role: Role): LinkEstimateView {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the fields left out are named to leave them out
  const { customerId, s3Path, originalFileName, specialFlow, adminNote, actions, createdAt, updatedAt, ...shown } = estimateView(record, role);
  return shown;
}

export function revisionViews(record: EstimateRecord, frozen: readonly EstimateRevisionRecord[]): EstimateRevisionView[] {
  const row = (r: EstimateRecord, current: boolean): EstimateRevisionView => ({
    revision: r.revision,
    estimateNoLabel: estimateNumberLabel(r.estimateNo, r.revision),
    status: r.status,
    issuedAt: r.issuedAt,
    approvedDate: r.approvedDate,
    sealApprovedDate: r.sealApprovedDate,
    total: r.total,
    current,
  });
  return [...frozen.map((f) => row(f.snapshot, false)), row(record, true)];
}

export function stepViews(steps: readonly EstimateHistoryRecord[]): EstimateStepView[] {
  return steps.map(({ revision, action, fromStatus, toStatus, comment, actorName, viaLink, createdAt }) => ({ revision, action, fromStatus, toStatus, comment, actorName, viaLink, createdAt }));
}

import { DEFAULT_TRANSFER_FEES, DEPOSIT_REVERT_REASON_MAX, DEPOSIT_STATUS, DEPOSIT_STATUSES, DEPOSIT_TYPE, DEPOSIT_TYPES, halfWidthNumber, paymentOutcome, ORDER_NO, REVIEW_REASONS } from '@oms/domain';
import type { BodyOf, QueryOf, Wire } from '../../../api/wire';

export { DEPOSIT_REVERT_REASON_MAX, DEPOSIT_STATUS, DEPOSIT_STATUSES, DEPOSIT_TYPE, DEPOSIT_TYPES, REVIEW_REASONS };

/** An upload of a bank file (GET /deposits/{id}, the history's rows): its state, progress and counts. */
export type Deposit = Wire<'DepositView'>;
/** A bank record of an upload, with its payments and, while it waits for staff, its candidates. */
export type DepositRecord = Wire<'DepositRecordView'>;
export type DepositCandidate = Wire<'DepositCandidateView'>;
/** A payment on an order (SPEC.md §3 Deposit): the order page's deposit history lists them. */
export type DepositPayment = Wire<'DepositPaymentView'>;

export type DepositState = Deposit['state'];
export type DepositFormat = Deposit['format'];
export type RecordState = DepositRecord['state'];
export type DepositStatus = DepositRecord['status'];
export type MatchedBy = NonNullable<DepositRecord['matchedBy']>;
export type FoundBy = DepositCandidate['foundBy'];
/** A candidate as the page lists it: one matching found, or an order staff found by its number (`search`). */
export type ShownCandidate = Omit<DepositCandidate, 'foundBy'> & { foundBy: FoundBy | 'search' };

export type DepositUpdateInput = BodyOf<'/deposits/{orderId}/update', 'put'>;
export type DepositRevertInput = BodyOf<'/deposits/{id}/revert', 'put'>;
export type RecordsQuery = QueryOf<'/deposits/{id}/records', 'get'>;
export type CsvEncoding = NonNullable<QueryOf<'/deposits/{id}/download-result', 'get'>['encoding']>;

/** The records' filter by state, the ones staff look for first. */
export const RECORD_STATES = ['review', 'matched', 'duplicate', 'reverted', 'pending'] as const satisfies readonly NonNullable<RecordsQuery['state']>[];
/** The CSV downloads' encodings: UTF-8 with BOM (the API's default) or Shift_JIS for Excel. */
export const CSV_ENCODINGS = ['utf8', 'sjis'] as const satisfies readonly CsvEncoding[];

export const DEPOSITS_PATH = '/deposits';
export const depositPath = (id: number | string) => `${DEPOSITS_PATH}/${id}`;
export const orderDepositsPath = (orderId: number | string) => `${DEPOSITS_PATH}/orders/${orderId}`;

/** The console's screens: under the revenue section (SPEC.md §1), beside the revenue list. */
export const DEPOSITS_SCREEN = '/revenue/deposits';
export const depositScreen = (id: number | string) => `${DEPOSITS_SCREEN}/${id}`;

/** The bank file's upload: .csv or .txt (全銀 files come as .txt), 10 MB at most (the API checks again). */
export const DEPOSIT_FILE_ACCEPT = '.csv,.txt,text/csv,text/plain';

/** An order number as staff read it: 20261120-0000001-1. */
export const orderLabel = (o: { orderNo: string; branchNo: number }) => `${o.orderNo}-${o.branchNo}`;

/**
 * An order number as staff type it, `20261101-0000021` with or without its branch (`-1`), full-width
 * digits and dashes too; null when it is none.
 */
export function readOrderNumber(text: string): { orderNo: string; branchNo: number | null } | null {
  const written = halfWidthNumber(text).trim();
  if (ORDER_NO.test(written)) return { orderNo: written, branchNo: null };
  const branched = /^(.+)-(\d{1,4})$/.exec(written);
  return branched && ORDER_NO.test(branched[1]) ? { orderNo: branched[1], branchNo: Number(branched[2]) } : null;
}

/**
 * What the apply dialog starts from for a record and one of its candidates: the whole transfer, and a
 * shortfall that is a bank's transfer fee (the settings' list, 110–880 yen by default) entered as the
 * transfer fee, so the payment counts as exact, as matching counts it.
 */
export function applyDefaults(
  record: Pick<DepositRecord, 'amount'>,
  candidate: Pick<DepositCandidate, 'total'>,
  transferFees: readonly number[] = DEFAULT_TRANSFER_FEES,
): { amount: number; transferFee: number } {
  // The domain's rule, as matching applies it: a shortfall in the list is the transfer fee.
  return { amount: record.amount, transferFee: paymentOutcome(record.amount, candidate.total, transferFees).transferFee };
}

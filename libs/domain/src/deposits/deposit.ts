import { BankRecord } from './bank-record';
import { orderNumbersIn, payerNameKey } from './payer-name';

/**
 * Deposits (SPEC.md §3 Deposit, §4 deposit status and types; issue 13): what a bank record pays and how
 * a run of matching decides it. Pure rules: the SQL that finds the candidates is infra's, the decisions
 * are made here and unit-tested without a database.
 */

/** SPEC.md §4: not paid 1, exact match 2, over 3, under 4. */
export const DEPOSIT_STATUS = { notPaid: 1, exact: 2, over: 3, under: 4 } as const;
export type DepositStatus = (typeof DEPOSIT_STATUS)[keyof typeof DEPOSIT_STATUS];
export const DEPOSIT_STATUSES: readonly DepositStatus[] = [1, 2, 3, 4];

/** SPEC.md §4 deposit types: payment (0), refund 1 … point use 10. A bank file's deposits are payments. */
export const DEPOSIT_TYPE = {
  payment: 0,
  refund: 1,
  replace: 2,
  transfer: 3,
  cash: 4,
  other: 5,
  postpaid: 6,
  virtualBank: 7,
  credit: 8,
  cashOnDelivery: 9,
  pointUse: 10,
} as const;
export type DepositType = (typeof DEPOSIT_TYPE)[keyof typeof DEPOSIT_TYPE];
export const DEPOSIT_TYPES: readonly DepositType[] = Object.values(DEPOSIT_TYPE);

/** The shortfalls a payer's bank transfer fee explains, until settings say otherwise (110–880 yen, the fees Japanese banks charge). */
export const DEFAULT_TRANSFER_FEES: readonly number[] = [110, 132, 145, 154, 165, 198, 220, 242, 275, 330, 385, 440, 495, 550, 605, 660, 715, 770, 880];
export const TRANSFER_FEES_MAX = 50;

/** How a record was matched: an order number it names, the payer's name (buyer or company), a name staff taught, or by hand. */
export type MatchedBy = 'order_no' | 'name' | 'alias' | 'manual';

/** Why a record is left for staff. */
export const REVIEW_REASONS = ['no_match', 'ambiguous', 'order_not_due', 'already_claimed', 'changed', 'too_little', 'reverted'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** What `amount` paid for orders due `due` in total: exact (also when short by a transfer fee), over or under. */
export function paymentOutcome(amount: number, due: number, transferFees: readonly number[]): { status: DepositStatus; difference: number; transferFee: number } {
  const difference = amount - due;
  if (difference === 0) return { status: DEPOSIT_STATUS.exact, difference, transferFee: 0 };
  if (difference < 0 && transferFees.includes(-difference)) return { status: DEPOSIT_STATUS.exact, difference: 0, transferFee: -difference };
  return { status: difference > 0 ? DEPOSIT_STATUS.over : DEPOSIT_STATUS.under, difference, transferFee: 0 };
}

/** An unpaid order a record may pay, as the candidate query read it (its version is checked again when paid). */
export interface DueOrder {
  readonly orderId: string;
  readonly version: number;
  /** What the order asks: its total. */
  readonly total: number;
  /** Whose it is: its customer, or else its buyer's name key (orders without a customer). */
  readonly payerGroup: string;
}

/** One record of a run with the unpaid orders each way of matching found for it. */
export interface RecordCandidates {
  readonly recordId: string;
  readonly amount: number;
  /** Order numbers the record names (payer name, EDI, CSV column). */
  readonly namedOrderNos: readonly string[];
  /** The unpaid orders of those numbers. */
  readonly byNumber: readonly DueOrder[];
  /** Unpaid orders whose buyer or customer's company has the payer's name. */
  readonly byName: readonly DueOrder[];
  /** Unpaid orders of the customer staff taught this payer name belongs to. */
  readonly byAlias: readonly DueOrder[];
}

export type MatchDecision =
  | {
      readonly recordId: string;
      readonly outcome: 'matched';
      readonly matchedBy: Exclude<MatchedBy, 'manual'>;
      readonly orders: readonly DueOrder[];
      readonly status: DepositStatus;
      readonly difference: number;
      readonly transferFee: number;
    }
  | { readonly recordId: string; readonly outcome: 'review'; readonly reason: ReviewReason };

/** A record matching decided to pay: the orders, the status and what the amount left over or short. */
export type RecordMatch = Extract<MatchDecision, { outcome: 'matched' }>;

/**
 * Decides every record of a run, in file order (the records' order in `records`). For each:
 * 1. the orders it names by number, all of them (an over or under payment is still theirs); a number
 *    named but not unpaid (paid already, or unknown) leaves the record for staff: a second payment of a
 *    paid order is not guessed onto another;
 * 2. else the unpaid orders of the payer's name (alias first, then buyer or company): the one order the
 *    amount pays exactly (or short by a transfer fee); else one payer's orders that the amount pays
 *    together; else the single order of that name, over or under; anything else is ambiguous.
 * An order is paid by one record only: a later record that would take an order an earlier one took
 * is left for staff (`already_claimed`), never paid twice.
 */
export function decideMatches(records: readonly RecordCandidates[], transferFees: readonly number[]): MatchDecision[] {
  const claimed = new Set<string>();
  return records.map((record) => {
    const decision = decideOne(record, transferFees);
    if (decision.outcome !== 'matched') return decision;
    if (decision.orders.some((o) => claimed.has(o.orderId))) return { recordId: record.recordId, outcome: 'review', reason: 'already_claimed' };
    for (const o of decision.orders) claimed.add(o.orderId);
    return decision;
  });
}

function decideOne(record: RecordCandidates, fees: readonly number[]): MatchDecision {
  const matched = (matchedBy: Exclude<MatchedBy, 'manual'>, orders: readonly DueOrder[]): MatchDecision => ({
    recordId: record.recordId,
    outcome: 'matched',
    matchedBy,
    orders,
    ...paymentOutcome(record.amount, sum(orders), fees),
  });
  const review = (reason: ReviewReason): MatchDecision => ({ recordId: record.recordId, outcome: 'review', reason });

  if (record.namedOrderNos.length > 0) return record.byNumber.length > 0 ? matched('order_no', record.byNumber) : review('order_not_due');

  for (const [matchedBy, candidates] of [['alias', record.byAlias], ['name', record.byName]] as const) {
    const orders = uniqueOrders(candidates);
    if (orders.length === 0) continue;
    const paidExactly = orders.filter((o) => paymentOutcome(record.amount, o.total, fees).status === DEPOSIT_STATUS.exact);
    if (paidExactly.length === 1) return matched(matchedBy, paidExactly);
    if (paidExactly.length > 1) return review('ambiguous');
    const groups = [...groupBy(orders, (o) => o.payerGroup).values()];
    const paidTogether = groups.filter((g) => g.length > 1 && paymentOutcome(record.amount, sum(g), fees).status === DEPOSIT_STATUS.exact);
    if (paidTogether.length === 1) return matched(matchedBy, paidTogether[0]);
    if (paidTogether.length > 1) return review('ambiguous');
    return orders.length === 1 ? matched(matchedBy, orders) : review('ambiguous');
  }
  return review('no_match');
}

const sum = (orders: readonly DueOrder[]) => orders.reduce((total, o) => total + o.total, 0);

function uniqueOrders(orders: readonly DueOrder[]): DueOrder[] {
  const seen = new Map<string, DueOrder>();
  for (const o of orders) if (!seen.has(o.orderId)) seen.set(o.orderId, o);
  return [...seen.values()].sort((a, b) => Number(a.orderId) - Number(b.orderId));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * How a record's amount is spread over the orders it pays: each order its total, the last one what is
 * left (more when over; less when under or short by a transfer fee, which the last order records).
 * Null when under by more than the last order's total: no order is left at a negative amount.
 */
export function spreadPayment(amount: number, dues: readonly number[]): number[] | null {
  if (dues.length === 0) return null;
  const firsts = dues.slice(0, -1);
  const last = amount - firsts.reduce((t, d) => t + d, 0);
  return last < 0 ? null : [...firsts, last];
}

/** The key of a bank record that makes it one deposit: 照会番号 + 勘定日 + amount, and its occurrence in its file (a repeat is a second deposit). */
export function bankRecordKey(record: { inquiryNo: string | null; accountDate: string; amount: number; payerKey: string; orderNo: string | null }, occurrence: number): string {
  const reference = record.inquiryNo ?? `-${record.payerKey}-${record.orderNo ?? ''}`;
  return `${reference}|${record.accountDate}|${record.amount}|${occurrence}`;
}

/** A bank record as an upload keeps it: with its payer-name key, the order numbers it names and its key as one deposit. */
export interface KeyedBankRecord extends BankRecord {
  readonly payerKey: string;
  readonly orderNos: readonly string[];
  readonly recordKey: string;
}

/**
 * A file's records keyed for matching (the upload does this before keeping them): the payer name's key,
 * the order numbers named in the order column, payer name or EDI text, and each record's key, a repeat
 * of the same record in the file counting as a further deposit.
 */
export function keyBankRecords(records: readonly BankRecord[]): KeyedBankRecord[] {
  const occurrences = new Map<string, number>();
  return records.map((record) => {
    const keyed = { ...record, payerKey: payerNameKey(record.payerName) };
    const base = bankRecordKey(keyed, 0);
    const occurrence = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, occurrence);
    const orderNos = orderNumbersIn([record.orderNo, record.payerName, record.ediInfo].filter(Boolean).join(' '));
    return { ...keyed, orderNos, recordKey: bankRecordKey(keyed, occurrence) };
  });
}

import { MONEY_LIMITS } from '../money';

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
/** How many fees settings may list, and the largest (the table's CHECK says the same). */
export const TRANSFER_FEES_MAX = 50;
export const TRANSFER_FEE_MAX = 99_999;

/** How a record was matched: an order number it names, the payer's name (buyer or company), a name staff taught, or by hand. */
export type MatchedBy = 'order_no' | 'name' | 'alias' | 'manual';

/** Why a record is left for staff. */
export const REVIEW_REASONS = [
  'no_match',
  'ambiguous',
  'order_not_due',
  'already_claimed',
  'changed',
  'too_little',
  'reverted',
  // The amount is too far from what the orders ask to be theirs without a person's look.
  'amount_differs',
  // More than an order's total can be (MONEY_LIMITS.totalMax): no payment can record it.
  'too_large',
  // The bank's cancellation (取消区分) of a notice this file does not hold, or a deposit of the amount of a correction (取引区分 19).
  'cancellation',
  'correction',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/**
 * What a payment entered by hand settles: the amount received and the fees the shop bears for it
 * (transfer, settlement and other fees: money the payer was charged on the way) against what the order
 * asks. The shipping fee entered with it is a cost of its own, not part of the payment.
 */
export function handPaymentOutcome(amount: number, fees: { transferFee: number; settlementFee: number; otherFee: number }, due: number) {
  return paymentOutcome(amount + fees.transferFee + fees.settlementFee + fees.otherFee, due, []);
}

/**
 * How far over or under an automatic match may be: 10% of what the orders ask, and at least 1,000 yen
 * (a payer who rounded, or paid a fee on top). Beyond it the record waits for staff (`amount_differs`):
 * 100 yen is no payment of an 88,000 yen order, whoever sent it.
 */
export const MATCH_TOLERANCE = { ratio: 0.1, minYen: 1_000 } as const;

export function withinTolerance(difference: number, due: number): boolean {
  return Math.abs(difference) <= Math.max(MATCH_TOLERANCE.minYen, Math.floor(due * MATCH_TOLERANCE.ratio));
}

/** The reason a revert is recorded with (the orders' history says why), at most this many characters. */
export const DEPOSIT_REVERT_REASON_MAX = 200;

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
 * 1. more than any order can ask: left for staff (`too_large`);
 * 2. the orders it names by number that are unpaid, all of them; when none of the numbers it names is
 *    unpaid (paid already, or unknown), staff look (`order_not_due`): a second payment of a paid order is
 *    not guessed onto another;
 * 3. else the unpaid orders of the payer's name, a name staff taught first, then the buyer's or the
 *    customer's kana: the one order the amount pays exactly (or short by a transfer fee); else one payer's
 *    orders that the amount pays together; else the single order of that name, over or under;
 *    more than one way is `ambiguous`.
 * Over or under is accepted within MATCH_TOLERANCE only (`amount_differs` beyond it). An order is paid
 * by one record only: a later record that would take an order an earlier one took is left for staff
 * (`already_claimed`), never paid twice.
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
  const review = (reason: ReviewReason): MatchDecision => ({ recordId: record.recordId, outcome: 'review', reason });
  const matched = (matchedBy: Exclude<MatchedBy, 'manual'>, orders: readonly DueOrder[]): MatchDecision => {
    const outcome = paymentOutcome(record.amount, sum(orders), fees);
    if (outcome.status !== DEPOSIT_STATUS.exact && !withinTolerance(outcome.difference, sum(orders))) return review('amount_differs');
    return { recordId: record.recordId, outcome: 'matched', matchedBy, orders, ...outcome };
  };
  const pays = (orders: readonly DueOrder[]) => paymentOutcome(record.amount, sum(orders), fees).status === DEPOSIT_STATUS.exact;

  if (record.amount > MONEY_LIMITS.totalMax) return review('too_large');
  if (record.namedOrderNos.length > 0) return record.byNumber.length > 0 ? matched('order_no', record.byNumber) : review('order_not_due');

  // The exact amount decides first, over every name: a taught name does not take a namesake's exact order.
  const byAlias = uniqueOrders(record.byAlias);
  const byName = uniqueOrders(record.byName);
  for (const [matchedBy, orders] of [['alias', byAlias], ['name', byName]] as const) {
    const exact = orders.filter((o) => pays([o]));
    if (exact.length === 1) return matched(matchedBy, exact);
    if (exact.length > 1) return review('ambiguous');
  }
  for (const [matchedBy, orders] of [['alias', byAlias], ['name', byName]] as const) {
    const together = [...groupBy(orders, (o) => o.payerGroup).values()].filter((g) => g.length > 1 && pays(g));
    if (together.length === 1) return matched(matchedBy, together[0]);
    if (together.length > 1) return review('ambiguous');
  }
  for (const [matchedBy, orders] of [['alias', byAlias], ['name', byName]] as const) {
    if (orders.length === 1) return matched(matchedBy, orders);
    if (orders.length > 1) return review('ambiguous');
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

/**
 * The key of a bank record that makes it one deposit: its account, 照会番号 + 勘定日 + amount, and its
 * occurrence in its file (a repeat is a second deposit). A 照会番号 is unique within its account only;
 * a CSV without one is keyed by the payer and the order it names instead.
 */
export function bankRecordKey(
  record: { account?: string; inquiryNo: string | null; accountDate: string; amount: number; payerKey: string; orderNo: string | null },
  occurrence: number,
): string {
  const reference = record.inquiryNo ?? `-${record.payerKey}-${record.orderNo ?? ''}`;
  return `${record.account ? `${record.account}:` : ''}${reference}|${record.accountDate}|${record.amount}|${occurrence}`;
}

import { DomainError, FieldIssue } from '../errors';
import { parseDate } from '../settings/settings';
import { EDITABLE_STATUSES, LINE_STATUS } from './line-status';

/** The limits of an order's fields (SPEC.md §5; docs/orders-api.md "Create and edit"); money's are MONEY_LIMITS. */
export const ORDER_LIMITS = {
  ecOrderId: 50,
  name: 40,
  kana: 40,
  address: 100,
  tel: 15,
  zip: 8,
  email: 100,
  preferredDate: 20,
  /**
   * What a memo may be given. A stored one may be longer: the preferred-period migration appended
   * legacy texts to memos (docs/decisions.md "Preferred periods as codes"); an edit keeps such a
   * memo by leaving it out.
   */
  memo: 1000,
  /** edi_note and delivery_address together. */
  ediNoteWithAddress: 40,
  linesMin: 1,
  linesMax: 100,
  productName: 100,
  amountMin: 1,
  /** A quantity, not money: the order's columns hold up to this many. */
  amountMax: 99_999_999,
  taxPercentageMax: 100,
  option: 50,
  trackingCode: 20,
  refusalReason: 100,
  /** A command names at most this many lines of one order, and a batch at most this many orders. */
  linesPerCommand: 500,
  ordersPerBatch: 200,
} as const;

/**
 * Whether an EDI note fits beside the delivery address (SPEC.md §5: 40 characters including the
 * address, as both go into one EDI field; counted as PostgreSQL counts). Without a note the
 * address has its own limit only.
 */
export function ediNoteFits(ediNote: string | null | undefined, deliveryAddress: string | null | undefined): boolean {
  if (!ediNote) return true;
  return [...ediNote].length + [...(deliveryAddress ?? '')].length <= ORDER_LIMITS.ediNoteWithAddress;
}

/**
 * A preferred delivery date (`YYYY-MM-DD`) cannot come before the order was placed: a date in 2020 on
 * a new order is a typing mistake the maker would print and ship against.
 */
export function preferredDateIssue(preferredDate: string | null | undefined, orderDate: string): FieldIssue | null {
  // Compared as dates: a stored `2025/1/5` is the 5th of January, whatever its spelling.
  const date = preferredDate ? parseDate(preferredDate) : null;
  return date && date < orderDate ? { field: 'preferred_date', errorCode: 'date_after', params: { other: 'order_date' } } : null;
}

/**
 * An edit of an order: allowed while every line is unpaid or paid (nothing has gone to a maker:
 * NAL_ORD-104); when it gives a new set of lines, a paid line may not be left out (it holds a
 * payment and leaves by refund or cancel, with its history: NAL_ORD-105).
 */
export function checkOrderEdit(lines: readonly { id: string; status: number }[], keptLineIds?: ReadonlySet<string>): void {
  if (!lines.every((l) => (EDITABLE_STATUSES as readonly number[]).includes(l.status))) throw new DomainError('NAL_ORD-104');
  if (keptLineIds && lines.some((l) => l.status !== LINE_STATUS.unpaid && !keptLineIds.has(l.id))) throw new DomainError('NAL_ORD-105');
}

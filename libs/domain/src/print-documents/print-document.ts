import { DomainError } from '../errors/domain-error';
import { CLOSED_STATUSES, LINE_STATUS, LineStatus } from '../orders/line-status';
import { PAYMENT_METHOD } from '../orders/payment-rules';

/**
 * The print documents of an order (SPEC.md §2 "Print documents"): 請求書, 領収書, 納品書 and the
 * 発注書兼配送依頼書. Each is issued with a number of its kind, its content frozen; printing again gives
 * the same content marked 再発行, unless the order has changed what it says: then a corrected document
 * with a new number replaces it (docs/decisions.md "Print documents").
 */
export const PRINT_DOCUMENT_KINDS = ['invoice', 'receipt', 'delivery_note', 'delivery_request'] as const;
export type PrintDocumentKind = (typeof PRINT_DOCUMENT_KINDS)[number];

/** The prefix of each kind's numbers: `INV-000001`, `RCP-…`, `DLV-…`, `REQ-…`. */
export const PRINT_DOCUMENT_PREFIXES: Readonly<Record<PrintDocumentKind, string>> = {
  invoice: 'INV',
  receipt: 'RCP',
  delivery_note: 'DLV',
  delivery_request: 'REQ',
};

export const PRINT_DOCUMENT_TITLES_JA: Readonly<Record<PrintDocumentKind, string>> = {
  invoice: '請求書',
  receipt: '領収書',
  delivery_note: '納品書',
  delivery_request: '発注書兼配送依頼書',
};

export const PRINT_DOCUMENT_LIMITS = {
  /** The receipt's 宛名 and 但し書き. */
  addresseeMax: 50,
  provisoMax: 50,
  /** Orders of one batch (POST /orders/documents). */
  batchMax: 200,
} as const;

/** What a receipt says when nothing was given: the buyer's name 様, お品代として. */
export const DEFAULT_PROVISO = 'お品代として';

const S = LINE_STATUS;
/** Lines that have left for the customer: shipped, delivered, re-shipped. */
export const SHIPPED_STATUSES: readonly LineStatus[] = [S.shipped, S.delivered, S.reshipped];
/** Lines ordered from their maker, and on (returned lines excluded). */
export const ORDERED_STATUSES: readonly LineStatus[] = [S.ordered, S.orderReceived, S.shipped, S.delivered, S.reordered, S.reorderReceived, S.reshipped];

export interface PrintableLine {
  readonly status: LineStatus;
  /** Its history has the step to paid (confirmed by hand or by a deposit). */
  readonly confirmedPaid: boolean;
}

export interface PrintableOrder {
  readonly paymentMethodId: number;
  readonly lines: readonly PrintableLine[];
  /** A live deposit payment covers the order (a postpaid order paid after shipment has no step to paid). */
  readonly depositPaid?: boolean;
}

/** Whether a line counts towards the order (and its invoice or receipt): not cancelled or refunded. */
export function lineCounts(line: Pick<PrintableLine, 'status'>): boolean {
  return !CLOSED_STATUSES.includes(line.status);
}

/**
 * Whether the order's payment was received, so that a receipt may say so: no line that counts is
 * unpaid (a receipt prints them all), and the payment is known — a line confirmed paid, or a live
 * deposit payment covering the order (deferred and monthly-invoice orders skip the paid step).
 */
export function orderIsPaid(order: PrintableOrder): boolean {
  if (order.paymentMethodId === PAYMENT_METHOD.notRequired) return false;
  const counted = order.lines.filter(lineCounts);
  if (counted.length === 0 || counted.some((line) => line.status === S.unpaid)) return false;
  return order.depositPaid === true || counted.some((line) => line.confirmedPaid);
}

/**
 * Which lines a document of this kind prints: invoice and receipt the lines that count (what the
 * order's total is made of), the delivery note the lines that left, the delivery request the lines
 * ordered from makers. Refuses the order when the kind has nothing to print yet:
 * NAL-REVENUE-010 nothing shipped (invoice, delivery note), 011 not paid (receipt),
 * 012 nothing ordered from a maker (delivery request).
 */
export function printableLines<L extends PrintableLine>(kind: PrintDocumentKind, order: { paymentMethodId: number; lines: readonly L[]; depositPaid?: boolean }): L[] {
  switch (kind) {
    case 'invoice':
      if (!order.lines.some((l) => SHIPPED_STATUSES.includes(l.status))) throw new DomainError('NAL-REVENUE-010');
      return order.lines.filter(lineCounts);
    case 'receipt':
      if (!orderIsPaid(order)) throw new DomainError('NAL-REVENUE-011');
      return order.lines.filter(lineCounts);
    case 'delivery_note': {
      const shipped = order.lines.filter((l) => SHIPPED_STATUSES.includes(l.status));
      if (shipped.length === 0) throw new DomainError('NAL-REVENUE-010');
      return shipped;
    }
    case 'delivery_request': {
      const ordered = order.lines.filter((l) => ORDERED_STATUSES.includes(l.status));
      if (ordered.length === 0) throw new DomainError('NAL-REVENUE-012');
      return ordered;
    }
  }
}

/** Whether the kind is a qualified invoice (適格請求書): it needs the issuer's name and registration number. */
export function isQualifiedInvoice(kind: PrintDocumentKind): boolean {
  return kind === 'invoice' || kind === 'receipt';
}

export interface ReceiptTerms {
  readonly addressee: string;
  readonly proviso: string;
}

/**
 * The 宛名 and 但し書き of a receipt: those given, else those it was issued with, else the buyer's
 * name and お品代として. Other terms than the issued ones make a corrected receipt (a new number, the
 * first one voided), never a second receipt of the same payment.
 */
export function receiptTerms(given: { addressee?: string | null; proviso?: string | null }, buyerName: string, issued?: ReceiptTerms | null): ReceiptTerms {
  const addressee = given.addressee?.trim() || null;
  const proviso = given.proviso?.trim() || null;
  return { addressee: addressee ?? issued?.addressee ?? `${buyerName} 様`, proviso: proviso ?? issued?.proviso ?? DEFAULT_PROVISO };
}

/** JSON with every object's keys in order: a document read back from jsonb (which reorders keys) compares equal to one just built. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether a document issued before still says what the order says now: everything but its number,
 * issue time, issuer (settings changed since do not make a new document) and the number it corrected.
 * Equal, and printing it again is a reissue; not, and a corrected document replaces it.
 */
export function sameDocumentSubstance<C extends { documentNo: string; issuedAt: string; issuer: unknown; replaces?: string | null }>(issued: C, fresh: C): boolean {
  const substance = ({ documentNo: _no, issuedAt: _at, issuer: _issuer, replaces: _replaces, ...rest }: C) => canonical(rest);
  return substance(issued) === substance(fresh);
}

/** `INV-000001`: the kind's prefix and the number of the kind, six digits at least. */
export function printDocumentNumber(kind: PrintDocumentKind, sequence: number): string {
  return `${PRINT_DOCUMENT_PREFIXES[kind]}-${String(sequence).padStart(6, '0')}`;
}

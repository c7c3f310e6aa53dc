import { DomainError } from '../errors/domain-error';
import { CLOSED_STATUSES, LINE_STATUS, LineStatus } from '../orders/line-status';
import { PAYMENT_METHOD } from '../orders/payment-rules';

/**
 * The print documents of an order (SPEC.md §2 "Print documents"): 請求書, 領収書, 納品書 and the
 * 発注書兼配送依頼書. Each is issued once per order and kind with a number of its kind, its content
 * frozen; printing again gives the same content marked 再発行 (docs/decisions.md "Print documents").
 */
export const PRINT_DOCUMENT_KINDS = ['invoice', 'receipt', 'delivery_note', 'delivery_request'] as const;
export type PrintDocumentKind = (typeof PRINT_DOCUMENT_KINDS)[number];

export function isPrintDocumentKind(value: unknown): value is PrintDocumentKind {
  return typeof value === 'string' && (PRINT_DOCUMENT_KINDS as readonly string[]).includes(value);
}

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
}

/** Whether a line counts towards the order (and its invoice or receipt): not cancelled or refunded. */
export function lineCounts(line: Pick<PrintableLine, 'status'>): boolean {
  return !CLOSED_STATUSES.includes(line.status);
}

/** Whether the order's payment was received: a line that counts was confirmed paid and is not back to unpaid. */
export function orderIsPaid(order: PrintableOrder): boolean {
  if (order.paymentMethodId === PAYMENT_METHOD.notRequired) return false;
  return order.lines.some((line) => lineCounts(line) && line.status !== S.unpaid && line.confirmedPaid);
}

/**
 * Which lines a document of this kind prints: invoice and receipt the lines that count (what the
 * order's total is made of), the delivery note the lines that left, the delivery request the lines
 * ordered from makers. Refuses the order when the kind has nothing to print yet:
 * NAL-REVENUE-010 nothing shipped (invoice, delivery note), 011 not paid (receipt),
 * 012 nothing ordered from a maker (delivery request).
 */
export function printableLines<L extends PrintableLine>(kind: PrintDocumentKind, order: { paymentMethodId: number; lines: readonly L[] }): L[] {
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
 * The 宛名 and 但し書き of a receipt: those given, else the buyer's name and お品代として. A reissue
 * prints what was first issued: other terms given then are refused (NAL-REVENUE-014), not ignored.
 */
export function receiptTerms(given: { addressee?: string | null; proviso?: string | null }, buyerName: string, issued?: ReceiptTerms | null): ReceiptTerms {
  const addressee = given.addressee?.trim() || null;
  const proviso = given.proviso?.trim() || null;
  if (issued) {
    if ((addressee !== null && addressee !== issued.addressee) || (proviso !== null && proviso !== issued.proviso)) throw new DomainError('NAL-REVENUE-014');
    return issued;
  }
  return { addressee: addressee ?? `${buyerName} 様`, proviso: proviso ?? DEFAULT_PROVISO };
}

/** `INV-000001`: the kind's prefix and the number of the kind, six digits at least. */
export function printDocumentNumber(kind: PrintDocumentKind, sequence: number): string {
  return `${PRINT_DOCUMENT_PREFIXES[kind]}-${String(sequence).padStart(6, '0')}`;
}

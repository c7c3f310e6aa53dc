import { DomainError } from '../errors/domain-error';
import { LineStatus } from '../orders/line-status';
import { PAYMENT_METHOD } from '../orders/payment-rules';
import { orderIsPaid, PrintableLine, printableLines, printDocumentNumber, PrintDocumentKind, receiptTerms, sameDocumentSubstance } from './print-document';

const line = (status: LineStatus, confirmedPaid = status !== 1): PrintableLine & { name: string } => ({ status, confirmedPaid, name: `line ${status}` });
const order = (statuses: LineStatus[], paymentMethodId: number = PAYMENT_METHOD.bankTransfer, paid?: boolean) => ({
  paymentMethodId,
  lines: statuses.map((s) => line(s, paid ?? s !== 1)),
});

function refusal(kind: PrintDocumentKind, o: ReturnType<typeof order>): string | null {
  try {
    printableLines(kind, o);
    return null;
  } catch (error) {
    return (error as DomainError).code;
  }
}

describe('printableLines: which orders may get which document, and what it prints', () => {
  it.each<[PrintDocumentKind, LineStatus[], string | null]>([
    ['invoice', [1], 'NAL-REVENUE-010'],
    ['invoice', [2, 3, 4], 'NAL-REVENUE-010'],
    ['invoice', [5], null],
    ['invoice', [6, 8], null],
    ['invoice', [12], null],
    ['invoice', [9], 'NAL-REVENUE-010'],
    ['delivery_note', [4, 11], 'NAL-REVENUE-010'],
    ['delivery_note', [3, 6], null],
    ['delivery_request', [1, 2], 'NAL-REVENUE-012'],
    ['delivery_request', [8, 7], 'NAL-REVENUE-012'],
    ['delivery_request', [3], null],
    ['delivery_request', [11], null],
    ['receipt', [1], 'NAL-REVENUE-011'],
    ['receipt', [2], null],
    ['receipt', [8], 'NAL-REVENUE-011'],
    ['receipt', [6], null],
  ])('%s of lines %j → %s', (kind, statuses, code) => {
    expect(refusal(kind, order(statuses))).toBe(code);
  });

  it('an invoice and a receipt print the lines that count (not cancelled or refunded); a delivery note the shipped ones', () => {
    const o = order([5, 4, 8, 7, 6]);
    expect(printableLines('invoice', o).map((l) => l.status)).toEqual([5, 4, 6]);
    expect(printableLines('receipt', o).map((l) => l.status)).toEqual([5, 4, 6]);
    expect(printableLines('delivery_note', o).map((l) => l.status)).toEqual([5, 6]);
    expect(printableLines('delivery_request', o).map((l) => l.status)).toEqual([5, 4, 6]);
  });

  it('a receipt needs a payment received: a postpaid order shipped without payment gets none', () => {
    expect(refusal('receipt', order([5], PAYMENT_METHOD.deferred, false))).toBe('NAL-REVENUE-011');
    expect(refusal('receipt', order([5], PAYMENT_METHOD.deferred, true))).toBeNull();
    // Payment not required: nothing was paid, nothing to receipt.
    expect(orderIsPaid(order([6], PAYMENT_METHOD.notRequired, true))).toBe(false);
  });

  it('a monthly-invoice or deferred order paid by a deposit after shipment gets one (it never had the paid step)', () => {
    expect(orderIsPaid({ ...order([5, 6], PAYMENT_METHOD.monthlyInvoice, false), depositPaid: true })).toBe(true);
    expect(orderIsPaid({ ...order([5, 6], PAYMENT_METHOD.monthlyInvoice, false), depositPaid: false })).toBe(false);
  });

  it('a receipt states only money received: none while a line that counts is unpaid', () => {
    const partly = { paymentMethodId: PAYMENT_METHOD.bankTransfer, lines: [line(2, true), line(1, false)] };
    expect(orderIsPaid(partly)).toBe(false);
    expect(orderIsPaid({ ...partly, depositPaid: true })).toBe(false);
    // A cancelled unpaid line is not on the receipt.
    expect(orderIsPaid({ paymentMethodId: PAYMENT_METHOD.bankTransfer, lines: [line(2, true), line(8, false)] })).toBe(true);
  });
});

describe('receiptTerms', () => {
  it('defaults to the buyer 様 and お品代として; trims what is given', () => {
    expect(receiptTerms({}, '山田 太郎')).toEqual({ addressee: '山田 太郎 様', proviso: 'お品代として' });
    expect(receiptTerms({ addressee: ' 株式会社ヤマダ 御中 ', proviso: '  ' }, '山田 太郎')).toEqual({ addressee: '株式会社ヤマダ 御中', proviso: 'お品代として' });
  });

  it('a reprint keeps the issued terms unless others are given (which make a corrected receipt)', () => {
    const first = { addressee: '株式会社ヤマダ 御中', proviso: '家具代として' };
    expect(receiptTerms({}, '山田 太郎', first)).toEqual(first);
    expect(receiptTerms({ addressee: '株式会社ヤマダ 御中' }, '山田 太郎', first)).toEqual(first);
    expect(receiptTerms({ addressee: '別の宛名' }, '山田 太郎', first)).toEqual({ addressee: '別の宛名', proviso: '家具代として' });
  });
});

describe('sameDocumentSubstance', () => {
  const doc = { documentNo: 'INV-000001', issuedAt: '2026-11-20T01:00:00.000Z', issuer: { company: 'A' }, lines: [{ amount: 1, productName: '椅子' }], total: 1100 };
  it('ignores the number, issue time, issuer, the corrected number and key order (jsonb reorders keys)', () => {
    const readBack = JSON.parse('{"total":1100,"lines":[{"productName":"椅子","amount":1}],"issuer":{"company":"B"},"issuedAt":"x","documentNo":"INV-000009","replaces":"INV-000001"}');
    expect(sameDocumentSubstance(doc, readBack)).toBe(true);
  });
  it('sees a changed line or total', () => {
    expect(sameDocumentSubstance(doc, { ...doc, total: 1000 })).toBe(false);
    expect(sameDocumentSubstance(doc, { ...doc, lines: [{ amount: 2, productName: '椅子' }] })).toBe(false);
  });
});

describe('printDocumentNumber', () => {
  it('prefix and six digits at least', () => {
    expect(printDocumentNumber('invoice', 1)).toBe('INV-000001');
    expect(printDocumentNumber('receipt', 42)).toBe('RCP-000042');
    expect(printDocumentNumber('delivery_note', 1234567)).toBe('DLV-1234567');
    expect(printDocumentNumber('delivery_request', 7)).toBe('REQ-000007');
  });
});

import { DomainError } from '../errors/domain-error';
import { LineStatus } from '../orders/line-status';
import { PAYMENT_METHOD } from '../orders/payment-rules';
import { orderIsPaid, PrintableLine, printableLines, printDocumentNumber, PrintDocumentKind, receiptTerms } from './print-document';

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
});

describe('receiptTerms', () => {
  it('defaults to the buyer 様 and お品代として; trims what is given', () => {
    expect(receiptTerms({}, '山田 太郎')).toEqual({ addressee: '山田 太郎 様', proviso: 'お品代として' });
    expect(receiptTerms({ addressee: ' 株式会社ヤマダ 御中 ', proviso: '  ' }, '山田 太郎')).toEqual({ addressee: '株式会社ヤマダ 御中', proviso: 'お品代として' });
  });

  it('a reissue keeps the first terms; other ones given then are refused', () => {
    const first = { addressee: '株式会社ヤマダ 御中', proviso: '家具代として' };
    expect(receiptTerms({}, '山田 太郎', first)).toBe(first);
    expect(receiptTerms({ addressee: '株式会社ヤマダ 御中' }, '山田 太郎', first)).toBe(first);
    expect(() => receiptTerms({ addressee: '別の宛名' }, '山田 太郎', first)).toThrow(expect.objectContaining({ code: 'NAL-REVENUE-014' }));
    expect(() => receiptTerms({ proviso: 'お品代として' }, '山田 太郎', first)).toThrow(expect.objectContaining({ code: 'NAL-REVENUE-014' }));
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

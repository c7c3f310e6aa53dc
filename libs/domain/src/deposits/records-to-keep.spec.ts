import type { BankRecord, SkippedBankRecord } from './bank-record';
import { recordLengthIssues, recordsToKeep } from './records-to-keep';

const read = (line: number, payerName: string, over: Partial<BankRecord> = {}): BankRecord => ({
  line,
  inquiryNo: '000123',
  accountDate: '2026-11-24',
  amount: 5000,
  payerName,
  ediInfo: null,
  orderNo: null,
  bankName: null,
  branchName: null,
  account: '0005-001-1234567',
  ...over,
});

describe('recordsToKeep', () => {
  it('keys the payer name, finds the order numbers named anywhere, and counts a repeated record as a further deposit', () => {
    const [named, repeated, again] = recordsToKeep(
      [read(2, '202611240000123 ﾔﾏﾀﾞ ﾀﾛｳ', { inquiryNo: '000122', ediInfo: '20261124-0000124' }), read(3, 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'), read(4, 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ')],
      [],
    );
    expect(named.orderNos).toEqual(['20261124-0000123', '20261124-0000124']);
    expect(repeated).toMatchObject({ payerKey: 'ヤマダシヨウジ', orderNos: [], recordKey: '0005-001-1234567:000123|2026-11-24|5000|1', state: 'pending', reviewReason: null });
    expect(again.recordKey).toBe('0005-001-1234567:000123|2026-11-24|5000|2');
  });

  it('keys the payer without the entry kind an online bank writes before it', () => {
    expect(recordsToKeep([read(2, '振込 ﾔﾏﾀﾞ ﾀﾛｳ', { account: undefined, inquiryNo: null })], [])[0].payerKey).toBe('ヤマダタロウ');
  });

  it('takes a cancelled notice out with its cancellation, and keeps a cancellation of an earlier file for staff', () => {
    const cancel = (record: BankRecord): SkippedBankRecord => ({ line: record.line, reason: 'cancelled', record });
    const notice = read(2, 'ﾔﾏﾀﾞ');
    expect(recordsToKeep([notice, read(4, 'ｽｽﾞｷ', { inquiryNo: '000200' })], [cancel(read(3, 'ﾔﾏﾀﾞ'))]).map((r) => r.line)).toEqual([4]);
    // Another account's or amount's notice is not the one cancelled.
    const kept = recordsToKeep([read(2, 'ﾔﾏﾀﾞ', { account: '0005-001-7654321' })], [cancel(read(3, 'ﾔﾏﾀﾞ'))]);
    expect(kept.map((r) => [r.line, r.state, r.reviewReason])).toEqual([
      [2, 'pending', null],
      [3, 'review', 'cancellation'],
    ]);
    expect(kept[1].recordKey.startsWith('cancellation:')).toBe(true);
  });

  it('keeps a correction and every deposit of its account and amount for staff', () => {
    const correction: SkippedBankRecord = { line: 3, reason: 'correction', record: read(3, 'ﾔﾏﾀﾞ', { inquiryNo: '000999' }) };
    const kept = recordsToKeep([read(2, 'ﾔﾏﾀﾞ'), read(4, 'ｽｽﾞｷ', { amount: 700 })], [correction, { line: 5, reason: 'withdrawal' }]);
    expect(kept.map((r) => [r.line, r.state, r.reviewReason])).toEqual([
      [2, 'review', 'correction'],
      [3, 'review', 'correction'],
      [4, 'pending', null],
    ]);
  });
});

describe('recordLengthIssues', () => {
  it('names each text longer than it can be kept, by line and field', () => {
    expect(recordLengthIssues([read(2, 'ｱ'.repeat(100)), read(3, 'ｱ'.repeat(101), { ediInfo: 'x'.repeat(41) })])).toEqual([
      { line: 3, field: 'payer_name', errorCode: 'max_length', params: { max: 100 } },
      { line: 3, field: 'edi_info', errorCode: 'max_length', params: { max: 40 } },
    ]);
  });
});

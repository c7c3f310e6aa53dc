import type { BankFileIssue, BankRecord, SkippedBankRecord } from './bank-record';
import { bankRecordKey, ReviewReason } from './deposit';
import { orderNumbersIn, payerNameKey, payerOf } from './payer-name';

/** How long a bank record's texts may be where they are kept (longer: the file is refused, that cell named). */
export const DEPOSIT_RECORD_LIMITS = { inquiryNo: 20, payerName: 100, ediInfo: 40, orderNo: 100, bankName: 40, branchName: 40 } as const;

/** A bank record as an upload keeps it: its payer's name key, the order numbers it names, its key as one deposit, and whether matching may take it. */
export interface RecordToKeep extends BankRecord {
  readonly payerKey: string;
  readonly orderNos: readonly string[];
  readonly recordKey: string;
  /** pending: for matching; review: for staff only (a cancellation, a correction, or what one of those touches). */
  readonly state: 'pending' | 'review';
  readonly reviewReason: ReviewReason | null;
}

/** A text longer than where it is kept, per record and field (the whole file is refused with all of them). */
export function recordLengthIssues(records: readonly BankRecord[]): BankFileIssue[] {
  return records.flatMap((record) =>
    (Object.keys(DEPOSIT_RECORD_LIMITS) as (keyof typeof DEPOSIT_RECORD_LIMITS)[]).flatMap((field) => {
      const value = record[field];
      const max = DEPOSIT_RECORD_LIMITS[field];
      return value !== null && [...value].length > max ? [{ line: record.line, field: snake(field), errorCode: 'max_length', params: { max } }] : [];
    }),
  );
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * What an upload keeps of a file's records. A cancellation (取消区分) takes back the notice of the same
 * account, 照会番号 and amount in the file (neither is kept); one whose notice came in an earlier file is
 * kept for staff (`cancellation`: the earlier record is theirs to take back). A correction (取引区分 19)
 * is kept for staff, and so is every deposit of its account and amount in the file (`correction`):
 * which entry it undoes is a person's call, not matching's.
 */
export function recordsToKeep(records: readonly BankRecord[], skipped: readonly SkippedBankRecord[]): RecordToKeep[] {
  const kept: { record: BankRecord; reason: ReviewReason | null }[] = records.map((record) => ({ record, reason: null }));
  for (const { reason, record } of skipped) {
    if (!record || reason === 'withdrawal') continue;
    const sameDeposit = (r: BankRecord) => r.account === record.account && r.amount === record.amount;
    if (reason === 'cancelled') {
      const notice = kept.findIndex((k) => k.reason === null && sameDeposit(k.record) && k.record.inquiryNo === record.inquiryNo);
      if (notice >= 0) kept.splice(notice, 1);
      else kept.push({ record, reason: 'cancellation' });
    } else {
      for (const k of kept) if (k.reason === null && sameDeposit(k.record)) k.reason = 'correction';
      kept.push({ record, reason: 'correction' });
    }
  }
  kept.sort((a, b) => a.record.line - b.record.line);

  const occurrences = new Map<string, number>();
  return kept.map(({ record, reason }) => {
    const keyed = { ...record, payerKey: payerNameKey(payerOf(record.payerName)) };
    // A cancellation or correction is no deposit: its key must not stand for the deposit it names.
    const base = `${reason === 'cancellation' || (reason === 'correction' && skipped.some((s) => s.line === record.line)) ? `${reason}:` : ''}${bankRecordKey(keyed, 0)}`;
    const occurrence = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, occurrence);
    return {
      ...keyed,
      orderNos: orderNumbersIn([record.orderNo, record.payerName, record.ediInfo].filter(Boolean).join(' ')),
      recordKey: base.replace(/\|0$/, `|${occurrence}`),
      state: reason ? 'review' : 'pending',
      reviewReason: reason,
    };
  });
}

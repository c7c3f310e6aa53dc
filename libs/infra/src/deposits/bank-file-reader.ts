import { BankFileFormat, BankFileIssue, BankRecord, japanToday, SkippedBankRecord } from '@oms/domain';
import { CsvEncoding, detectCsvEncoding } from '../csv';
import { BankFileIssues } from './bank-file-issues';
import { readDepositCsv } from './deposit-csv-reader';
import { BankAccount, looksLikeZengin, readZengin } from './zengin-reader';

export interface BankFileReading {
  /** The format the content was recognised as; null when it is none of them (then `issues` says so). */
  readonly format: BankFileFormat | null;
  /** 全銀 files are read as Shift_JIS (CP932); a CSV in the encoding it is in. */
  readonly encoding: CsvEncoding;
  /** The deposits, in the order of the file. Meaningless when `issues` is not empty: the file is refused. */
  readonly records: BankRecord[];
  /** Records that are no deposit to apply: cancelled notices, withdrawals, corrections. */
  readonly skipped: SkippedBankRecord[];
  /** Every problem of the file (at most DEPOSIT_FILE_LIMITS.issuesMax, then NAL-DEP-003); none for a good file. */
  readonly issues: BankFileIssue[];
  /** The account of a 全銀 file (its first header). */
  readonly account?: BankAccount;
}

const WHITESPACE = new Set([0x09, 0x0a, 0x0d, 0x20, 0x1a]);

/**
 * Reads an uploaded deposit file, whatever its format (docs/deposit-files.md), recognised by its
 * content: a 全銀 振込入金通知 (01) or 入出金取引明細 (03), a bank's CSV, or the order-number CSV staff
 * make. `today` places the 和暦 dates of 全銀 files in their era and dates the order CSV's rows that
 * have none (Japan's date of it). A file with any issue is to be refused whole. The event loop is let
 * through every few milliseconds while a file is read.
 */
export async function readBankFile(buffer: Buffer, options: { today: Date }): Promise<BankFileReading> {
  const today = japanToday(options.today);
  const issues = new BankFileIssues();
  const { encoding, start } = detectCsvEncoding(buffer);
  if (buffer.subarray(start).every((byte) => WHITESPACE.has(byte))) {
    issues.add({ line: 0, field: 'file', errorCode: 'NAL-DEP-002' });
    return { format: null, encoding, records: [], skipped: [], issues: issues.list };
  }
  if (looksLikeZengin(buffer)) {
    const zengin = await readZengin(buffer, today, issues);
    return {
      format: zengin?.format ?? null,
      encoding: 'shift_jis',
      records: zengin?.records ?? [],
      skipped: zengin?.skipped ?? [],
      issues: issues.list,
      ...(zengin?.account && { account: zengin.account }),
    };
  }
  const csv = await readDepositCsv(buffer, today, issues);
  return { format: csv.format, encoding, records: csv.records, skipped: csv.skipped, issues: issues.list };
}

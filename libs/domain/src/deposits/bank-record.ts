/**
 * What a bank's deposit file holds, once read (issue 13). Every format (全銀 振込入金通知 / 入出金取引明細, a bank's
 * CSV, the order-number CSV staff make) becomes these records; matching never looks at the format again.
 */
export const BANK_FILE_FORMATS = ['zengin_transfer', 'zengin_statement', 'bank_csv', 'order_csv'] as const;
export type BankFileFormat = (typeof BANK_FILE_FORMATS)[number];

/** One deposit the bank reports (a data record of 全銀, a row of a CSV). */
export interface BankRecord {
  /** Where it is in the file: the record number of a 全銀 file (header = 1), the row number of a CSV (header = 1). */
  readonly line: number;
  /** 照会番号: the bank's reference of the deposit; null where the format has none (CSVs without that column). */
  readonly inquiryNo: string | null;
  /** 勘定日 (the day the money was booked), `YYYY-MM-DD`. */
  readonly accountDate: string;
  /** The deposited amount in yen, > 0. */
  readonly amount: number;
  /** 振込依頼人名 as written (decoded, half-width kana kept; '' when none). */
  readonly payerName: string;
  /** EDI情報 (the payer's 20 characters of free text), null when none. */
  readonly ediInfo: string | null;
  /** An order number column of a CSV, as written; null when none. */
  readonly orderNo: string | null;
  /** 仕向銀行名 / 仕向店名: the payer's bank and branch, null when none. */
  readonly bankName: string | null;
  readonly branchName: string | null;
  /** The receiving account of a 全銀 file (bank-branch-account number): a 照会番号 is unique within its account only. */
  readonly account?: string;
}

/**
 * A problem with a file, which refuses it whole. `line` as in BankRecord (0: the file as a whole);
 * `bytes` the 1-based byte positions of the field within its 全銀 record; `field` the field's name
 * (`amount`, `account_date`, `record_length`, a CSV header…); `errorCode` a NAL-DEP code or a rule key.
 */
export interface BankFileIssue {
  readonly line: number;
  readonly bytes?: { readonly from: number; readonly to: number };
  readonly field: string;
  readonly errorCode: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A record the file holds but that is not a deposit to apply: cancelled (取消区分), or a withdrawal (入払区分 2). */
export interface SkippedBankRecord {
  readonly line: number;
  readonly reason: 'cancelled' | 'withdrawal' | 'correction';
  /** A cancellation's or correction's fields as read: what it takes back is found by them. */
  readonly record?: BankRecord;
}

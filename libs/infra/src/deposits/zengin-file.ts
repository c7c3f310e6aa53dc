import { DateText, dateToWareki } from '@oms/domain';
import { encodeCp932, formatRow } from '../csv';
import {
  IN_OUT,
  STATEMENT_DATA,
  STATEMENT_END,
  STATEMENT_HEADER,
  STATEMENT_TRAILER,
  TRANSFER_DATA,
  TRANSFER_END,
  TRANSFER_HEADER,
  TRANSFER_TRAILER,
  ZENGIN_KINDS,
  ZENGIN_RECORD_BYTES,
  ZENGIN_RECORD_TYPES,
  ZenginField,
  ZenginLayout,
} from './zengin-layout';

/** The account of a written file (its header record). */
export interface ZenginFileAccount {
  readonly bankCode: string;
  readonly bankName: string;
  readonly branchCode: string;
  readonly branchName: string;
  /** 預金種目: 1 普通 (the default), 2 当座, 4 貯蓄. */
  readonly accountType?: string;
  readonly accountNo: string;
  /** Half-width kana, as banks write it. */
  readonly accountName: string;
}

/** One data record to write. Texts are written in CP932 and must fit their field in bytes. */
export interface ZenginFileRecord {
  readonly inquiryNo?: string;
  readonly accountDate: DateText;
  /** 起算日 / 預入・払出日; the account date when not given. */
  readonly valueDate?: DateText;
  readonly amount: number;
  readonly payerName?: string;
  readonly bankName?: string;
  readonly branchName?: string;
  readonly ediInfo?: string;
  /** 振込入金通知: 取消区分 1, the notice taken back. */
  readonly cancelled?: boolean;
  /** 入出金取引明細: 入払区分 2 instead of 1. */
  readonly withdrawal?: boolean;
  /** 入出金取引明細: 取引区分 (11 振込 by default; 19 a correction). */
  readonly transactionType?: string;
  /** 入出金取引明細: 摘要内容. */
  readonly description?: string;
}

export interface ZenginFileInput {
  readonly kind: 'transfer' | 'statement';
  readonly account: ZenginFileAccount;
  readonly records: readonly ZenginFileRecord[];
  /** CRLF (the default), LF, or none (records end to end). */
  readonly lineBreak?: 'crlf' | 'lf' | 'none';
  /** 作成日; the last account date when not given. */
  readonly createdOn?: DateText;
}

type FieldValues<F extends string> = Partial<Record<F, string | number>>;

/** Text as CP932 bytes: ASCII and half-width kana directly (one byte each; fast for the bench's big files), the rest through iconv. */
function cp932(text: string): Buffer {
  const bytes = Buffer.allocUnsafe(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes[i] = code;
    else if (code >= 0xff61 && code <= 0xff9f) bytes[i] = code - 0xff61 + 0xa1;
    else return encodeCp932(text);
  }
  return bytes;
}

/** A record of `layout` with `values`: N fields right-aligned in zeros, C fields left-aligned in spaces, blank where not given. */
function record<F extends string>(layout: ZenginLayout<F>, values: FieldValues<F>): Buffer {
  const bytes = Buffer.alloc(ZENGIN_RECORD_BYTES, 0x20);
  for (const field of Object.values<ZenginField>(layout)) {
    const value = values[field.name as F];
    if (value === undefined || value === '') continue;
    const width = field.to - field.from + 1;
    const text = field.kind === 'digits' || field.kind === 'optional' ? String(value).padStart(width, '0') : String(value);
    const encoded = cp932(text);
    if (encoded.length > width || ((field.kind === 'digits' || field.kind === 'optional') && !/^\d+$/.test(text))) {
      throw new RangeError(`${field.name} "${text}" does not fit ${width} bytes of ${field.kind}`);
    }
    encoded.copy(bytes, field.from - 1);
  }
  return bytes;
}

/**
 * A 全銀 振込入金通知 (`transfer`, フォーマットA) or 入出金取引明細 (`statement`) of one account, in
 * CP932, as a bank sends it: header, data, trailer (counts and sums computed), end. For tests, the
 * bench and demo data; a broken file is made by cutting or changing bytes of a good one.
 */
export function writeZenginFile(input: ZenginFileInput): Buffer {
  const statement = input.kind === 'statement';
  const dates = input.records.map((r) => r.accountDate).sort();
  const createdOn = input.createdOn ?? dates.at(-1) ?? '2019-05-01';
  const { account } = input;
  const header = {
    data_type: ZENGIN_RECORD_TYPES.header,
    kind: statement ? ZENGIN_KINDS.statement : ZENGIN_KINDS.transfer,
    code_type: '0',
    created_on: dateToWareki(createdOn),
    date_from: dateToWareki(dates[0] ?? createdOn),
    date_to: dateToWareki(dates.at(-1) ?? createdOn),
    bank_code: account.bankCode,
    bank_name: account.bankName,
    branch_code: account.branchCode,
    branch_name: account.branchName,
    account_type: account.accountType ?? '1',
    account_no: account.accountNo,
    account_name: account.accountName,
  };
  const common = (r: ZenginFileRecord) => ({
    data_type: ZENGIN_RECORD_TYPES.data,
    inquiry_no: r.inquiryNo,
    account_date: dateToWareki(r.accountDate),
    value_date: dateToWareki(r.valueDate ?? r.accountDate),
    amount: r.amount,
    payer_name: r.payerName,
    bank_name: r.bankName,
    branch_name: r.branchName,
    edi_info: r.ediInfo,
  });
  const total = (records: readonly ZenginFileRecord[]) => records.reduce((yen, r) => yen + r.amount, 0);

  const records: Buffer[] = [];
  if (statement) {
    records.push(record(STATEMENT_HEADER, { ...header, reserved: '000' }));
    for (const r of input.records) {
      records.push(
        record(STATEMENT_DATA, {
          ...common(r),
          in_out_type: r.withdrawal ? IN_OUT.withdrawal : IN_OUT.deposit,
          transaction_type: r.transactionType ?? (r.withdrawal ? '14' : '11'),
          description: r.description,
        }),
      );
    }
    const deposits = input.records.filter((r) => !r.withdrawal);
    const withdrawals = input.records.filter((r) => r.withdrawal);
    records.push(
      record(STATEMENT_TRAILER, {
        data_type: ZENGIN_RECORD_TYPES.trailer,
        deposit_count: deposits.length,
        deposit_amount: total(deposits),
        withdrawal_count: withdrawals.length,
        withdrawal_amount: total(withdrawals),
        data_count: input.records.length,
      }),
    );
    records.push(record(STATEMENT_END, { data_type: ZENGIN_RECORD_TYPES.end, record_count: input.records.length + 3, account_count: 1 }));
  } else {
    records.push(record(TRANSFER_HEADER, header));
    for (const r of input.records) records.push(record(TRANSFER_DATA, { ...common(r), cancel_type: r.cancelled ? '1' : '0' }));
    const cancelled = input.records.filter((r) => r.cancelled);
    records.push(
      record(TRANSFER_TRAILER, {
        data_type: ZENGIN_RECORD_TYPES.trailer,
        total_count: input.records.length,
        total_amount: total(input.records),
        cancel_count: cancelled.length,
        cancel_amount: total(cancelled),
      }),
    );
    records.push(record(TRANSFER_END, { data_type: ZENGIN_RECORD_TYPES.end }));
  }
  const lineBreak = { crlf: '\r\n', lf: '\n', none: '' }[input.lineBreak ?? 'crlf'];
  return Buffer.concat(records.flatMap((bytes) => [bytes, Buffer.from(lineBreak)]));
}

/**
 * A deposit CSV with `header` and `rows` as given (a bank's export or the order CSV, for tests and
 * demo data): CRLF lines, cells quoted where needed, in UTF-8 with or without a BOM or CP932.
 */
export function writeDepositCsv(input: { header: readonly string[]; rows: readonly (readonly (string | number | null)[])[]; encoding?: 'utf-8' | 'utf-8-bom' | 'shift_jis' }): Buffer {
  const text = [input.header, ...input.rows].map((cells) => formatRow(cells.map((cell) => (cell === null ? '' : String(cell))))).join('');
  if (input.encoding === 'shift_jis') return encodeCp932(text);
  return Buffer.from((input.encoding === 'utf-8-bom' ? '\ufeff' : '') + text, 'utf8');
}

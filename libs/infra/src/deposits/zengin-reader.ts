import { BankFileFormat, BankRecord, DATE_MAX, DATE_MIN, DateText, isDateInRange, SkippedBankRecord, warekiToDate } from '@oms/domain';
import iconv from 'iconv-lite';
import { TimeSlice } from '../csv/time-slice';
import { BankFileIssues } from './bank-file-issues';
import {
  CORRECTION,
  IN_OUT,
  STATEMENT_DATA,
  STATEMENT_END,
  STATEMENT_HEADER,
  STATEMENT_TRAILER,
  TIME_DEPOSIT_TYPES,
  TRANSFER_DATA,
  TRANSFER_DATA_B,
  TRANSFER_END,
  TRANSFER_HEADER,
  TRANSFER_TRAILER,
  ZENGIN_KINDS,
  ZENGIN_RECORD_BYTES,
  ZENGIN_RECORD_TYPES,
  ZenginField,
  ZenginLayout,
} from './zengin-layout';

/** The account a 全銀 file is about, from its (first) header record. */
export interface BankAccount {
  readonly bankCode: string;
  readonly bankName: string;
  readonly branchCode: string;
  readonly branchName: string;
  readonly accountNo: string;
  readonly accountName: string;
}

export interface ZenginReading {
  readonly format: Extract<BankFileFormat, 'zengin_transfer' | 'zengin_statement'>;
  readonly records: BankRecord[];
  readonly skipped: SkippedBankRecord[];
  readonly account?: BankAccount;
}

const LF = 0x0a;
const CR = 0x0d;
/** The end-of-file mark some bank software still writes (MS-DOS's Ctrl-Z). */
const EOF_MARK = 0x1a;
const DIGIT = /^\d+$/;
/** CP932's single-byte half-width katakana, ｡ (0xA1) to ﾟ (0xDF), are U+FF61 to U+FF9F. */
const HALF_WIDTH_KANA_FIRST = 0xa1;
const HALF_WIDTH_KANA_LAST = 0xdf;

/** Where データ区分 is: the byte a record's place in the file is told by. */
const RECORD_TYPE_BYTES = { from: 1, to: 1 } as const;

/** A record as cut from the file: its number (header = 1) and its bytes. */
interface RawRecord {
  readonly line: number;
  readonly bytes: Buffer;
}

/**
 * Whether the file is a 全銀 file (of any kind, so that a 総合振込 file is named as such rather than
 * "unknown"): it starts with a header record, データ区分 1 then a two-digit 種別コード and コード区分,
 * and its first record is a fixed-length one (120 or 200 bytes, so at least 120), which no CSV line
 * starting with digits is.
 */
export function looksLikeZengin(buffer: Buffer): boolean {
  if (buffer.length < 120 || buffer[0] !== 0x31 || ![1, 2, 3].every((i) => buffer[i] >= 0x30 && buffer[i] <= 0x39)) return false;
  const lineEnd = buffer.subarray(0, 120).findIndex((byte) => byte === LF || byte === CR);
  return lineEnd < 0;
}

/**
 * The file's records: one per line when it has line breaks (CRLF, LF, even CR), else every 200 bytes.
 * Line breaks, blank lines and EOF marks at the very end are dropped.
 */
function cutRecords(buffer: Buffer): RawRecord[] {
  let end = buffer.length;
  while (end > 0 && [EOF_MARK, LF, CR].includes(buffer[end - 1])) end--;
  const body = buffer.subarray(0, end);
  const records: RawRecord[] = [];
  if (body.includes(LF) || body.includes(CR)) {
    let start = 0;
    for (let i = 0; i <= body.length; i++) {
      if (i < body.length && body[i] !== LF && body[i] !== CR) continue;
      records.push({ line: records.length + 1, bytes: body.subarray(start, i) });
      if (body[i] === CR && body[i + 1] === LF) i++;
      start = i + 1;
    }
  } else {
    for (let at = 0; at < body.length; at += ZENGIN_RECORD_BYTES) records.push({ line: records.length + 1, bytes: body.subarray(at, at + ZENGIN_RECORD_BYTES) });
  }
  return records;
}

/** One record being read: its fields, and its issues with their byte positions. */
class RecordView {
  /** An issue was found in this record: it gives no BankRecord. */
  failed = false;

  constructor(
    readonly line: number,
    private readonly bytes: Buffer,
    private readonly issues: BankFileIssues,
  ) {}

  /** The field's bytes as they are (for digits: one character a byte). */
  raw(field: ZenginField): string {
    return this.bytes.toString('latin1', field.from - 1, field.to);
  }

  /** A C field decoded from CP932 on its own bytes, without its padding; half-width kana stay half-width. */
  text(field: ZenginField): string {
    // 全銀 text is ASCII and half-width kana, one byte a character, decoded here directly: a 10 MB
    // file has a million such fields. Anything else (a bank writing kanji) goes through iconv.
    let text = '';
    for (let i = field.from - 1; i < field.to; i++) {
      const byte = this.bytes[i];
      if (byte < 0x80) text += String.fromCharCode(byte);
      else if (byte >= HALF_WIDTH_KANA_FIRST && byte <= HALF_WIDTH_KANA_LAST) text += String.fromCharCode(0xff61 + byte - HALF_WIDTH_KANA_FIRST);
      else return iconv.decode(this.bytes.subarray(field.from - 1, field.to), 'cp932').trim();
    }
    return text.trim();
  }

  issue(field: ZenginField, errorCode: string, params?: Record<string, string | number>): void {
    this.failed = true;
    this.issues.add({ line: this.line, bytes: { from: field.from, to: field.to }, field: field.name, errorCode, ...(params && { params }) });
  }

  /**
   * Every N field of the layout checked: digits where the reader needs a value, digits or blank where
   * banks leave it blank. The values of the good ones, by field name ('' for a blank one).
   */
  numbers<F extends string>(layout: ZenginLayout<F>): Partial<Record<F, string>> {
    const values: Partial<Record<F, string>> = {};
    for (const field of Object.values<ZenginField>(layout)) {
      if (field.kind !== 'digits' && field.kind !== 'optional') continue;
      const raw = this.raw(field);
      if (DIGIT.test(raw)) values[field.name as F] = raw;
      else if (field.kind === 'optional' && raw.trim() === '') values[field.name as F] = '';
      else this.issue(field, 'digits', { length: field.to - field.from + 1 });
    }
    return values;
  }

  /** A 和暦 date field (its digits already checked) as `YYYY-MM-DD`, within the system's dates. */
  date(field: ZenginField, digits: string | undefined, today: DateText): DateText | null {
    if (digits === undefined) return null;
    const date = warekiToDate(digits, today);
    if (date === null) this.issue(field, 'NAL-DEP-019');
    else if (!isDateInRange(date)) this.issue(field, 'date_out_of_range', { min: DATE_MIN, max: DATE_MAX });
    else return date;
    return null;
  }
}

/** What a group's trailer is checked against: each data record's amount (null when unreadable) and kind. */
interface DataEntry {
  readonly amount: number | null;
  readonly cancelled: boolean;
  readonly inOut: string | undefined;
}

const sum = (entries: readonly DataEntry[]): number | null => (entries.some((e) => e.amount === null) ? null : entries.reduce((total, e) => total + (e.amount ?? 0), 0));

/**
 * Reads a 全銀 振込入金通知 or 入出金取引明細 into bank records (docs/deposit-files.md): the records
 * are checked in order (header, data, trailer for each account, then one end record), every N field
 * for digits, dates as 和暦, each trailer against its data records. Cancelled notices, withdrawals
 * and corrections are `skipped`. Every problem goes to `issues`; records with problems are left out.
 * Null when the file is a 全銀 file of another kind (総合振込 and the like).
 */
export async function readZengin(buffer: Buffer, today: DateText, issues: BankFileIssues): Promise<ZenginReading | null> {
  const records = cutRecords(buffer);
  const kind = buffer.toString('latin1', 1, 3);
  if (kind !== ZENGIN_KINDS.transfer && kind !== ZENGIN_KINDS.statement) {
    issues.add({ line: 1, bytes: { from: 2, to: 3 }, field: 'kind', errorCode: 'NAL-DEP-010', params: { kind } });
    return null;
  }
  const statement = kind === ZENGIN_KINDS.statement;
  const transferData = statement ? null : transferDataLayout(records);

  const bankRecords: BankRecord[] = [];
  const skipped: SkippedBankRecord[] = [];
  let account: BankAccount | undefined;
  // The account of the records being read (a file may hold several accounts).
  let accountKey: string | undefined;
  // Where the reading is: before the first header, within an account (after its header), after a
  // trailer, after the end record.
  let state: 'start' | 'account' | 'trailer' | 'end' = 'start';
  let data: DataEntry[] = [];
  let orphanReported = false;

  // The event loop let through every few milliseconds: 50,000 records take about a third of a second.
  const slice = new TimeSlice();
  for (const { line, bytes } of records) {
    if (issues.full) break;
    await slice.check();
    const view = new RecordView(line, bytes, issues);
    const type = bytes.toString('latin1', 0, 1);
    if (state === 'end') {
      issues.add({ line, bytes: RECORD_TYPE_BYTES, field: 'data_type', errorCode: 'NAL-DEP-009' });
      break;
    }
    // A record of the wrong length is reported, and still counts for the order of the records
    // (so a trimmed end record does not also report "end record missing"); its fields are not read.
    const whole = bytes.length === ZENGIN_RECORD_BYTES;
    if (!whole) issues.add({ line, ...(bytes.length > 0 && { bytes: { from: 1, to: bytes.length } }), field: 'record_length', errorCode: 'NAL-DEP-004', params: { length: bytes.length, expected: ZENGIN_RECORD_BYTES } });

    if (type === ZENGIN_RECORD_TYPES.header) {
      if (state === 'account') issues.add({ line, bytes: RECORD_TYPE_BYTES, field: 'data_type', errorCode: 'NAL-DEP-007' });
      state = 'account';
      data = [];
      orphanReported = false;
      if (!whole) continue;
      const header = readHeader(view, kind, statement);
      if (header === 'stop') return { format: 'zengin_statement', records: [], skipped: [] };
      account ??= header;
      accountKey = `${header.bankCode}-${header.branchCode}-${header.accountNo}`;
    } else if (type === ZENGIN_RECORD_TYPES.data) {
      if (state !== 'account' && !orphanReported) {
        issues.add({ line, bytes: RECORD_TYPE_BYTES, field: 'data_type', errorCode: 'NAL-DEP-006' });
        orphanReported = true;
      }
      if (!whole) {
        if (state === 'account') data.push({ amount: null, cancelled: false, inOut: undefined });
        continue;
      }
      const entry = transferData === null ? readStatementData(view, today) : readTransferData(view, transferData, today);
      if (state === 'account') data.push(entry.summary);
      const record = entry.record && !view.failed ? { ...entry.record, ...(accountKey && { account: accountKey }) } : undefined;
      if (entry.skipped) skipped.push({ line, reason: entry.skipped, ...(record && entry.skipped !== 'withdrawal' && { record }) });
      else if (record) bankRecords.push(record);
    } else if (type === ZENGIN_RECORD_TYPES.trailer) {
      if (state !== 'account') issues.add({ line, bytes: RECORD_TYPE_BYTES, field: 'data_type', errorCode: 'NAL-DEP-006' });
      else if (whole) (statement ? checkStatementTrailer : checkTransferTrailer)(view, data);
      state = 'trailer';
    } else if (type === ZENGIN_RECORD_TYPES.end) {
      if (state === 'account') issues.add({ line, bytes: RECORD_TYPE_BYTES, field: 'data_type', errorCode: 'NAL-DEP-007' });
      else if (state === 'start') issues.add({ line, bytes: RECORD_TYPE_BYTES, field: 'data_type', errorCode: 'NAL-DEP-006' });
      if (whole) view.numbers(statement ? STATEMENT_END : TRANSFER_END);
      state = 'end';
    } else if (bytes.length > 0) {
      issues.add({ line, bytes: { from: 1, to: 1 }, field: 'data_type', errorCode: 'NAL-DEP-005', params: { value: iconv.decode(bytes.subarray(0, 1), 'cp932') } });
    }
  }
  if (!issues.full) {
    if (state === 'account') issues.add({ line: 0, field: 'data_type', errorCode: 'NAL-DEP-007' });
    if (state !== 'end') issues.add({ line: 0, field: 'data_type', errorCode: 'NAL-DEP-008' });
  }
  return { format: statement ? 'zengin_statement' : 'zengin_transfer', records: bankRecords, skipped, ...(account && { account }) };
}

/**
 * 振込入金通知 comes in two data layouts under one 種別コード: フォーマットB has 24 digits (金額(2) and
 * its うち他店券金額) where フォーマットA has EDI情報 and blank filler, so a file whose every data
 * record has them is B.
 */
function transferDataLayout(records: readonly RawRecord[]): TransferDataLayout {
  const data = records.filter((r) => r.bytes.length === ZENGIN_RECORD_BYTES && r.bytes[0] === ZENGIN_RECORD_TYPES.data.charCodeAt(0));
  const b = TRANSFER_DATA_B.amount_2;
  const isB = data.length > 0 && data.every((r) => /^\d{24}$/.test(r.bytes.toString('latin1', b.from - 1, TRANSFER_DATA_B.other_bank_amount_2.to)));
  return isB ? TRANSFER_DATA_B : TRANSFER_DATA;
}

/** A header record's account, or 'stop' when the file cannot be read any further (a time deposit's statement). */
function readHeader(view: RecordView, kind: string, statement: boolean): BankAccount | 'stop' {
  const layout = statement ? STATEMENT_HEADER : TRANSFER_HEADER;
  const found = view.raw(layout.kind);
  if (found !== kind) view.issue(layout.kind, 'NAL-DEP-011', { kind: found, expected: kind });
  const values = view.numbers(layout);
  if (values.code_type === '1') view.issue(layout.code_type, 'NAL-DEP-012');
  else if (values.code_type !== undefined && values.code_type !== '0') view.issue(layout.code_type, 'invalid');
  if (statement && values.account_type !== undefined && TIME_DEPOSIT_TYPES.includes(values.account_type)) {
    // Their data records have another layout (interest, maturity…) and hold no transfers.
    view.issue(layout.account_type, 'NAL-DEP-013', { value: values.account_type });
    return 'stop';
  }
  return {
    bankCode: view.raw(layout.bank_code),
    bankName: view.text(layout.bank_name),
    branchCode: view.raw(layout.branch_code),
    branchName: view.text(layout.branch_name),
    accountNo: view.raw(layout.account_no),
    accountName: view.text(layout.account_name),
  };
}

type TransferDataLayout = typeof TRANSFER_DATA | typeof TRANSFER_DATA_B;

interface DataReading {
  readonly summary: DataEntry;
  readonly record?: BankRecord;
  readonly skipped?: SkippedBankRecord['reason'];
}

/** The parts of a data record both formats have, in the same names. */
function commonFields(
  view: RecordView,
  layout: ZenginLayout<'account_date' | 'payer_name' | 'edi_info' | 'bank_name' | 'branch_name'>,
  values: Partial<Record<string, string>>,
  amount: number | null,
  today: DateText,
): BankRecord | undefined {
  const accountDate = view.date(layout.account_date, values.account_date, today);
  if (accountDate === null || amount === null) return undefined;
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    line: view.line,
    inquiryNo: orNull(values.inquiry_no ?? ''),
    accountDate,
    amount,
    payerName: view.text(layout.payer_name),
    ediInfo: orNull(view.text(layout.edi_info)),
    orderNo: null,
    bankName: orNull(view.text(layout.bank_name)),
    branchName: orNull(view.text(layout.branch_name)),
  };
}

/** A positive amount from its digits; 0 is reported (a deposit of nothing is a broken record). */
function positive(view: RecordView, field: ZenginField, digits: string | undefined): number | null {
  if (digits === undefined) return null;
  const amount = Number(digits);
  if (amount > 0) return amount;
  view.issue(field, 'min', { min: 1 });
  return null;
}

function readTransferData(view: RecordView, layout: TransferDataLayout, today: DateText): DataReading {
  // B's fields are A's and more: the ones of B that A lacks are simply absent in A's values.
  const values = view.numbers<keyof typeof TRANSFER_DATA>(layout) as Partial<Record<keyof typeof TRANSFER_DATA_B, string>>;
  // フォーマットB: 金額(1) is zeros when the amount is in 金額(2).
  const inSecond = layout === TRANSFER_DATA_B && values.amount !== undefined && Number(values.amount) === 0;
  const amount = inSecond ? positive(view, TRANSFER_DATA_B.amount_2, values.amount_2) : positive(view, TRANSFER_DATA.amount, values.amount);
  // 取消区分: 0 or blank a notice, 1 the cancellation of one (the bank took the notice back).
  const cancelled = values.cancel_type !== undefined && values.cancel_type !== '' && values.cancel_type !== '0';
  const record = commonFields(view, layout, values, amount, today);
  return { summary: { amount, cancelled, inOut: undefined }, record, ...(cancelled && { skipped: 'cancelled' as const }) };
}

function readStatementData(view: RecordView, today: DateText): DataReading {
  const layout = STATEMENT_DATA;
  const values = view.numbers(layout);
  const inOut = values.in_out_type;
  if (inOut !== undefined && inOut !== IN_OUT.deposit && inOut !== IN_OUT.withdrawal) view.issue(layout.in_out_type, 'NAL-DEP-021', { value: inOut });
  const amount = positive(view, layout.amount, values.amount);
  const record = commonFields(view, layout, values, amount, today);
  // A correction (取引区分 19) undoes an earlier entry whatever its 入払区分 says (a deposit's
  // correction is written as a withdrawal and the other way round): never a new deposit.
  const skippedAs = values.transaction_type === CORRECTION ? 'correction' : inOut === IN_OUT.withdrawal ? 'withdrawal' : undefined;
  return { summary: { amount, cancelled: false, inOut }, record, ...(skippedAs && { skipped: skippedAs }) };
}

function trailerIssue(view: RecordView, field: ZenginField, errorCode: 'NAL-DEP-014' | 'NAL-DEP-015', trailer: string, records: number): void {
  view.issue(field, errorCode, { trailer: Number(trailer), records });
}

/**
 * 振込合計 counts and sums every data record, cancellations included (全銀協's definition); a file
 * whose 振込合計 leaves the cancellations out (with them in 取消合計) is taken too, since banks differ.
 * 取消合計, when the bank fills it, must match the cancelled records. An amount that could not be
 * read leaves the sums unchecked (it is reported already).
 */
function checkTransferTrailer(view: RecordView, data: readonly DataEntry[]): void {
  const layout = TRANSFER_TRAILER;
  const values = view.numbers(layout);
  const cancelled = data.filter((e) => e.cancelled);
  const all = { count: data.length, amount: sum(data) };
  const cancels = { count: cancelled.length, amount: sum(cancelled) };
  const net = { count: all.count - cancels.count, amount: all.amount === null || cancels.amount === null ? null : all.amount - cancels.amount };
  if (values.total_count !== undefined) {
    const count = Number(values.total_count);
    const expected = count !== all.count && cancels.count > 0 && count === net.count ? net : all;
    if (count !== expected.count) trailerIssue(view, layout.total_count, 'NAL-DEP-014', values.total_count, all.count);
    if (values.total_amount !== undefined && expected.amount !== null && Number(values.total_amount) !== expected.amount) {
      trailerIssue(view, layout.total_amount, 'NAL-DEP-015', values.total_amount, expected.amount);
    }
  }
  if (values.cancel_count && Number(values.cancel_count) !== cancels.count) trailerIssue(view, layout.cancel_count, 'NAL-DEP-014', values.cancel_count, cancels.count);
  if (values.cancel_amount && cancels.amount !== null && Number(values.cancel_amount) !== cancels.amount) {
    trailerIssue(view, layout.cancel_amount, 'NAL-DEP-015', values.cancel_amount, cancels.amount);
  }
}

/** 入金 and 出金 counts and sums by 入払区分, and the count of every data record. */
function checkStatementTrailer(view: RecordView, data: readonly DataEntry[]): void {
  const layout = STATEMENT_TRAILER;
  const values = view.numbers(layout);
  const sides = [
    { entries: data.filter((e) => e.inOut === IN_OUT.deposit), count: layout.deposit_count, amount: layout.deposit_amount },
    { entries: data.filter((e) => e.inOut === IN_OUT.withdrawal), count: layout.withdrawal_count, amount: layout.withdrawal_amount },
  ] as const;
  for (const side of sides) {
    const count = values[side.count.name as keyof typeof values];
    const amount = values[side.amount.name as keyof typeof values];
    const total = sum(side.entries);
    if (count !== undefined && Number(count) !== side.entries.length) trailerIssue(view, side.count, 'NAL-DEP-014', count, side.entries.length);
    if (amount !== undefined && total !== null && Number(amount) !== total) trailerIssue(view, side.amount, 'NAL-DEP-015', amount, total);
  }
  if (values.data_count !== undefined && Number(values.data_count) !== data.length) trailerIssue(view, layout.data_count, 'NAL-DEP-014', values.data_count, data.length);
}

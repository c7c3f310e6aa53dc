import {
  BankFileFormat,
  BankRecord,
  DATE_MAX,
  DATE_MIN,
  DateText,
  DEPOSIT_FILE_LIMITS,
  halfWidthNumber,
  isDateInRange,
  ORDER_NO,
  parseDepositDate,
  parseYen,
  SkippedBankRecord,
} from '@oms/domain';
import { CsvColumn, CsvHeaderIssue, CsvHeaderReader, readCsv, TimeSlice } from '../csv';
import { BankFileIssues } from './bank-file-issues';

/** The columns a deposit CSV may have; the file names them in its own words (DEPOSIT_CSV_HEADERS). */
export type DepositCsvColumn =
  | 'date'
  | 'dateYear'
  | 'dateMonth'
  | 'dateDay'
  | 'deposit'
  | 'withdrawal'
  | 'amount'
  | 'direction'
  | 'payerName'
  | 'orderNo'
  | 'inquiryNo'
  | 'ediInfo'
  | 'bankName'
  | 'branchName';

/**
 * The header names accepted for each column, as compared: NFKC (full-width letters, digits and
 * brackets as ASCII), without spaces, without a unit suffix (`(円)`, `（円）`, `[円]`), lower case.
 * They are the names the Japanese online banks' exports use (docs/deposit-files.md says whose).
 * When a file has several names of one column (三菱UFJ's 摘要 and 摘要内容), the earlier in the list
 * wins: 摘要内容 holds the payer's name, 摘要 only the kind of entry.
 */
export const DEPOSIT_CSV_HEADERS: Readonly<Record<DepositCsvColumn, readonly string[]>> = {
  date: ['勘定日', '入金日', '取引日', '日付', '年月日', 'お取引日', '取引年月日', '取扱日', '取扱日付', '入金年月日', '振込日', 'date', 'paid_on', 'payment_date', 'transaction_date'],
  // PayPay銀行 splits the date into three columns.
  dateYear: ['操作日(年)'],
  dateMonth: ['操作日(月)'],
  dateDay: ['操作日(日)'],
  deposit: ['入金額', '入金金額', 'お預り金額', 'お預かり金額', '預り金額', '預かり金額', 'お預入れ', 'お預入れ金額', 'お預け入れ金額', '預入金額', '受入金額', '入金', 'deposit', 'credit'],
  withdrawal: ['出金額', '出金金額', 'お支払金額', 'お支払い金額', '支払金額', '支払い金額', 'お引出し', 'お引出し金額', 'お引き出し金額', '引出金額', '払出金額', '出金', 'withdrawal', 'debit'],
  // One signed column (楽天銀行's 入出金(円)): positive deposits, negative withdrawals; or with a direction column.
  amount: ['金額', '入出金', '入出金額', '取引金額', '振込金額', 'amount'],
  direction: ['入払区分', '入出金区分', '入出区分'],
  payerName: [
    '振込依頼人名',
    '振込依頼人',
    '依頼人名',
    '依頼人',
    '振込人名',
    '振込人',
    '摘要内容',
    '詳細2',
    '入出金先内容',
    '入出金内容',
    'お取引内容',
    '取引内容',
    'お取り扱い内容',
    'お取扱内容',
    '取扱内容',
    '内容',
    '摘要',
    'payer_name',
    'payer',
  ],
  orderNo: ['受注番号', '注文番号', 'オーダー番号', 'order_no', 'order_number', 'orderno'],
  inquiryNo: ['照会番号', 'お問合せ番号', 'お問い合わせ番号', '問合せ番号', '問い合わせ番号', '取引番号', '入出金明細id', '取引順番号', 'inquiry_no', 'reference'],
  ediInfo: ['edi情報', 'edi', 'edi_info'],
  bankName: ['仕向銀行名', '仕向金融機関名', '振込元銀行名', '金融機関名', 'bank_name'],
  branchName: ['仕向店名', '仕向支店名', '振込元支店名', '支店名', 'branch_name'],
};

/** The name a missing column is reported under. */
const REPORTED_NAME: Readonly<Partial<Record<DepositCsvColumn, string>>> = { date: '取引日', deposit: '入金額', payerName: '振込依頼人名', orderNo: '受注番号' };

/** How many rows above the header a bank may write (ゆうちょ writes seven about the account). */
const HEADER_SEARCH_ROWS = 20;

function normalizeHeaderName(cell: string): string {
  return cell
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[([](円|¥|jpy)[)\]]$/i, '')
    .toLowerCase();
}

const COLUMN_OF = new Map<string, { column: DepositCsvColumn; rank: number }>(
  (Object.entries(DEPOSIT_CSV_HEADERS) as [DepositCsvColumn, readonly string[]][]).flatMap(([column, names]) => names.map((name, rank) => [name, { column, rank }] as const)),
);

const DEPOSIT_DIRECTIONS = new Set(['1', '入', '入金', '預入', 'in', 'deposit', 'credit']);
const WITHDRAWAL_DIRECTIONS = new Set(['2', '出', '出金', '払', '払出', '支払', 'out', 'withdrawal', 'debit']);

/** A header as understood: the file's name of each column found, and its line. */
interface CsvHeader {
  readonly line: number;
  readonly names: Partial<Record<DepositCsvColumn, string>>;
  readonly format: Extract<BankFileFormat, 'bank_csv' | 'order_csv'>;
}

/** Each known column's cell position (the best-ranked name when the file has several), by the names of the header row. */
function findColumns(cells: readonly string[]): Map<DepositCsvColumn, { index: number; rank: number }> {
  const found = new Map<DepositCsvColumn, { index: number; rank: number }>();
  cells.forEach((cell, index) => {
    const known = COLUMN_OF.get(normalizeHeaderName(cell));
    if (known === undefined) return;
    const best = found.get(known.column);
    if (best === undefined || known.rank < best.rank) found.set(known.column, { index, rank: known.rank });
  });
  return found;
}

/**
 * The first row naming an amount and a date, payer or order number is the header; rows above it
 * (an account's details) are skipped, up to HEADER_SEARCH_ROWS. With a payer name column it is a
 * bank's CSV and needs a date; without one, an order number column makes it the order CSV staff
 * make (the date is optional there); with neither it is refused (NAL-DEP-016).
 */
function headerReader(found: { header?: CsvHeader }): CsvHeaderReader<DepositCsvColumn> {
  let rows = 0;
  return (cells, line) => {
    const columns = findColumns(cells);
    const has = (column: DepositCsvColumn) => columns.has(column);
    const hasDate = has('date') || (has('dateYear') && has('dateMonth') && has('dateDay'));
    if (!((has('deposit') || has('amount')) && (hasDate || has('payerName') || has('orderNo')))) {
      if (++rows < HEADER_SEARCH_ROWS) return null;
      return { keys: [], issues: [{ column: '*', errorCode: 'NAL-DEP-001' }] };
    }
    const keys: (DepositCsvColumn | undefined)[] = cells.map(() => undefined);
    const names: Partial<Record<DepositCsvColumn, string>> = {};
    for (const [column, { index }] of columns) {
      keys[index] = column;
      names[column] = cells[index].trim();
    }
    const format = has('payerName') ? 'bank_csv' : 'order_csv';
    found.header = { line, names, format };
    const issues: CsvHeaderIssue[] = [];
    if (!has('payerName') && !has('orderNo')) issues.push({ column: '*', errorCode: 'NAL-DEP-016' });
    else if (format === 'bank_csv' && !hasDate) issues.push({ column: REPORTED_NAME.date!, errorCode: 'required' });
    return { keys, issues };
  };
}

export interface DepositCsvReading {
  readonly format: Extract<BankFileFormat, 'bank_csv' | 'order_csv'> | null;
  readonly records: BankRecord[];
  readonly skipped: SkippedBankRecord[];
}

/**
 * Reads a bank's CSV or the order-number CSV (docs/deposit-files.md) through the project's CSV
 * reader: UTF-8 with or without a BOM or CP932, any line endings; columns found by the names in
 * DEPOSIT_CSV_HEADERS, other columns ignored. A row with a deposit becomes a record, a withdrawal is
 * skipped; every problem of a cell goes to `issues` under the file's own header name.
 */
export async function readDepositCsv(buffer: Buffer, today: DateText, issues: BankFileIssues): Promise<DepositCsvReading> {
  const found: { header?: CsvHeader } = {};
  const columns: CsvColumn<DepositCsvColumn>[] = (Object.keys(DEPOSIT_CSV_HEADERS) as DepositCsvColumn[]).map((key) => ({ key, header: DEPOSIT_CSV_HEADERS[key][0] }));
  // A slice of the file at a time, the event loop let through between (a 10 MB file read at once held it for over a second).
  const reading = readCsv(buffer, { columns, readHeader: headerReader(found) });
  const records: BankRecord[] = [];
  const skipped: SkippedBankRecord[] = [];
  const slice = new TimeSlice();
  for await (const batch of reading) {
    // The rows and the reader's row issues (a row of the wrong number of cells), in the order of the file.
    const rowIssues = batch.rowIssues;
    let next = 0;
    const reportRowIssuesBefore = (line: number) => {
      for (; next < rowIssues.length && rowIssues[next].line < line; next++) {
        const { column, errorCode, params } = rowIssues[next];
        issues.add({ line: rowIssues[next].line, field: column === '*' ? 'row' : column, errorCode, ...(params && { params }) });
      }
    };
    for (const row of batch.rows) {
      reportRowIssuesBefore(row.line);
      if (issues.full) break;
      const read = readRow(row.line, row.values, found.header!, today, issues);
      if (read === 'withdrawal') skipped.push({ line: row.line, reason: 'withdrawal' });
      else if (read !== null) records.push(read);
      await slice.check();
    }
    reportRowIssuesBefore(Infinity);
    if (issues.full) break;
  }
  const header = found.header;
  if (header === undefined) {
    // No row looked like a header, or the first was too long to be one (a spreadsheet or a PDF
    // uploaded by mistake): not a deposit CSV.
    issues.add({ line: 0, field: 'file', errorCode: 'NAL-DEP-001' });
    return { format: null, records: [], skipped: [] };
  }
  for (const issue of reading.headerIssues) {
    issues.add({ line: header.line, field: issue.column === '*' ? 'header' : issue.column, errorCode: issue.errorCode, ...(issue.params && { params: issue.params }) });
  }
  return { format: header.format, records, skipped };
}

/** One row: its record, 'withdrawal', or null when it has problems (reported). */
function readRow(line: number, values: Partial<Record<DepositCsvColumn, string>>, header: CsvHeader, today: DateText, issues: BankFileIssues): BankRecord | 'withdrawal' | null {
  let failed = false;
  const report = (column: DepositCsvColumn, errorCode: string, params?: Record<string, string | number>) => {
    failed = true;
    issues.add({ line, field: header.names[column] ?? REPORTED_NAME[column] ?? column, errorCode, ...(params && { params }) });
  };
  const has = (column: DepositCsvColumn) => header.names[column] !== undefined;
  const text = (column: DepositCsvColumn) => (values[column] ?? '').trim();
  const order = header.format === 'order_csv';

  const accountDate = readDate();
  const amount = readAmount();
  const orderNo = readOrderNo();
  if (failed || accountDate === null || amount === null) return null;
  if (amount === 'withdrawal') return 'withdrawal';
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    line,
    inquiryNo: orNull(text('inquiryNo')),
    accountDate,
    amount,
    payerName: text('payerName'),
    ediInfo: orNull(text('ediInfo')),
    orderNo,
    bankName: orNull(text('bankName')),
    branchName: orNull(text('branchName')),
  };

  function readDate(): DateText | null {
    const split = !has('date') && has('dateYear');
    const written = split ? [text('dateYear'), text('dateMonth'), text('dateDay')].filter(Boolean).join('/') : text('date');
    const column = split ? 'dateYear' : 'date';
    // The order CSV may leave the date out: the deposit is taken as of today.
    if (written === '') {
      if (order) return today;
      report(column, 'required');
      return null;
    }
    const date = parseDepositDate(written);
    if (date === null) report(column, 'NAL-DEP-020');
    else if (!isDateInRange(date)) report(column, 'date_out_of_range', { min: DATE_MIN, max: DATE_MAX });
    else return date;
    return null;
  }

  /** A cell's yen: undefined when blank or absent, null when not an amount (reported). */
  function yen(column: DepositCsvColumn): number | null | undefined {
    const written = text(column);
    if (written === '') return undefined;
    const value = parseYen(written);
    if (value === null) report(column, 'integer');
    return value;
  }

  function deposit(column: DepositCsvColumn, value: number): number | null {
    if (value > DEPOSIT_FILE_LIMITS.amountMax) report(column, 'max', { max: DEPOSIT_FILE_LIMITS.amountMax });
    else if (value < 1) report(column, 'min', { min: 1 });
    else return value;
    return null;
  }

  /**
   * The deposit of the row, 'withdrawal', or null. A statement has a deposit and a withdrawal
   * column (a 0 in the unused one is blank), or one signed column, maybe with a direction column.
   */
  function readAmount(): number | 'withdrawal' | null {
    const paidIn = has('deposit') ? yen('deposit') : undefined;
    const paidOut = has('withdrawal') ? yen('withdrawal') : undefined;
    if (paidIn === null || paidOut === null) return null;
    if (paidIn && paidIn > 0 && paidOut) {
      report('deposit', 'NAL-DEP-018');
      return null;
    }
    if (paidIn && paidIn > 0) return deposit('deposit', paidIn);
    if (paidOut && !order) return 'withdrawal';
    const signed = has('amount') ? yen('amount') : undefined;
    if (signed === null) return null;
    if (signed !== undefined) {
      if (has('direction')) {
        const direction = text('direction').normalize('NFKC').toLowerCase();
        if (WITHDRAWAL_DIRECTIONS.has(direction)) return 'withdrawal';
        if (!DEPOSIT_DIRECTIONS.has(direction)) {
          report('direction', 'NAL-DEP-021', { value: text('direction') });
          return null;
        }
      } else if (signed < 0 && !order) return 'withdrawal';
      return deposit('amount', signed);
    }
    if (paidIn !== undefined) return deposit('deposit', paidIn);
    report(has('deposit') ? 'deposit' : 'amount', 'required');
    return null;
  }

  function readOrderNo(): string | null {
    if (!has('orderNo')) return null;
    // Typed with a Japanese input method, an order number may come in full-width digits and dashes.
    const written = halfWidthNumber(text('orderNo'));
    if (written === '') {
      if (order) report('orderNo', 'required');
      return null;
    }
    if (!ORDER_NO.test(written)) report('orderNo', 'NAL-DEP-017');
    return written;
  }
}

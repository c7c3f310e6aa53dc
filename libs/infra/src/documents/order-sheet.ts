import { japanToday } from '@oms/domain';
import { CsvColumn, encodeCp932, formatRow, neutraliseFormula } from '../csv';

/** One of the maker's order lines as the sheet shows it. Prices are whole yen. */
export interface OrderSheetLine {
  productName: string;
  productCode: string | null;
  makerProductCode: string | null;
  option1: string | null;
  option2: string | null;
  amount: number;
  wholesalePrice: number;
}

/** Everything an order sheet prints: one order, one maker, that maker's lines. */
export interface OrderSheetContent {
  orderNo: string;
  branchNo: string | null;
  /** 1 for the first sheet sent to the maker, then 2, 3, … for each resend or release. */
  revision: number;
  /** Printed as a clear 再送 mark, so the maker does not take it for a second order. */
  resent: boolean;
  /** Printed as the Japan date; also the PDF's CreationDate, so the same content renders the same bytes. */
  issuedAt: Date;
  shop: { name: string };
  /** Who orders: the shop's contact, else the SENDER_* settings (ordererContact). Sheets made before contacts existed lack person and fax. */
  sender: { company: string; person?: string | null; phone: string | null; fax?: string | null; email: string | null };
  maker: { name: string; code: string; fax: string | null; email: string | null };
  lines: OrderSheetLine[];
  delivery: {
    name: string;
    zip: string | null;
    address: string;
    phone: string | null;
    /** YYYY-MM-DD */
    preferredDate: string | null;
    /**
     * The period as printed: its label (14-16時…, 指定なし: libs/domain preferred-period). Sheets made
     * while it was free text keep that text, or null (printed 指定なし).
     */
    preferredPeriod: string | null;
  };
  ediNote: string | null;
  supplierMemo: string | null;
  /** The signed link to the maker's confirmation page, printed in full. */
  confirmUrl: string;
  expiresAt: Date;
}

/** What a line costs the shop: quantity × wholesale unit price, in yen. */
export function lineAmount(line: OrderSheetLine): number {
  return line.amount * line.wholesalePrice;
}

export function sheetTotal(lines: readonly OrderSheetLine[]): number {
  return lines.reduce((total, line) => total + lineAmount(line), 0);
}

export type OrderSheetCsvEncoding = 'utf8' | 'shift_jis';

// One row per line; the order's fields repeat on every row so each row stands alone in a spreadsheet.
const ORDER_SHEET_CSV_COLUMNS = [
  { header: '注文番号', key: 'orderNo' },
  { header: '枝番', key: 'branchNo' },
  { header: '版', key: 'revision' },
  { header: '再送', key: 'resent' },
  { header: '発行日', key: 'issuedOn' },
  { header: 'メーカーコード', key: 'makerCode' },
  { header: 'メーカー名', key: 'makerName' },
  { header: '商品名', key: 'productName' },
  { header: '品番', key: 'productCode' },
  { header: 'メーカー品番', key: 'makerProductCode' },
  { header: 'オプション1', key: 'option1' },
  { header: 'オプション2', key: 'option2' },
  { header: '数量', key: 'amount' },
  { header: '卸単価', key: 'wholesalePrice' },
  { header: '金額', key: 'lineAmount' },
  { header: 'お届け先名', key: 'deliveryName' },
  { header: 'お届け先郵便番号', key: 'deliveryZip' },
  { header: 'お届け先住所', key: 'deliveryAddress' },
  { header: 'お届け先電話番号', key: 'deliveryPhone' },
  { header: '希望日', key: 'preferredDate' },
  { header: '時間帯', key: 'preferredPeriod' },
  { header: 'EDI備考', key: 'ediNote' },
  { header: '仕入先メモ', key: 'supplierMemo' },
] as const satisfies readonly CsvColumn[];

type OrderSheetCsvRow = Record<(typeof ORDER_SHEET_CSV_COLUMNS)[number]['key'], string | number | null>;

/**
 * The sheet's lines as a CSV file: a header row, then one row per line. UTF-8 with a BOM unless
 * Shift_JIS (CP932) is asked for; CRLF line endings; text cells that a spreadsheet would run as a
 * formula are neutralised. Dates are YYYY-MM-DD (Japan date), for machines rather than people.
 */
export function orderSheetCsv(content: OrderSheetContent, encoding: OrderSheetCsvEncoding = 'utf8'): Buffer {
  const header = formatRow(ORDER_SHEET_CSV_COLUMNS.map((column) => column.header));
  const rows = content.lines.map((line) => {
    const row = csvRow(content, line);
    return formatRow(ORDER_SHEET_CSV_COLUMNS.map((column) => csvCell(row[column.key])));
  });
  const text = [header, ...rows].join('');
  return encoding === 'shift_jis' ? encodeCp932(text) : Buffer.from(`\ufeff${text}`, 'utf8');
}

function csvRow(content: OrderSheetContent, line: OrderSheetLine): OrderSheetCsvRow {
  const { delivery } = content;
  return {
    orderNo: content.orderNo,
    branchNo: content.branchNo,
    revision: content.revision,
    resent: content.resent ? '再送' : null,
    issuedOn: japanToday(content.issuedAt),
    makerCode: content.maker.code,
    makerName: content.maker.name,
    productName: line.productName,
    productCode: line.productCode,
    makerProductCode: line.makerProductCode,
    option1: line.option1,
    option2: line.option2,
    amount: line.amount,
    wholesalePrice: line.wholesalePrice,
    lineAmount: lineAmount(line),
    deliveryName: delivery.name,
    deliveryZip: delivery.zip,
    deliveryAddress: delivery.address,
    deliveryPhone: delivery.phone,
    preferredDate: delivery.preferredDate,
    preferredPeriod: delivery.preferredPeriod,
    ediNote: content.ediNote,
    supplierMemo: content.supplierMemo,
  };
}

// The same cell rule as createCsvStream: text is neutralised, numbers written as numbers, null left empty.
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  return typeof value === 'string' ? neutraliseFormula(value) : String(value);
}

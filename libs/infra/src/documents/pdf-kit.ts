import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * What the printed documents (the maker order sheet, the estimate) share: an A4 page with Noto Sans
 * JP embedded, the same type sizes and colours, bordered table rows that break pages between rows,
 * footers written once the page count is known, and the formatting of yen and dates.
 */
export type Doc = PDFKit.PDFDocument;

// A4 portrait in points. The doc's own bottom margin is small so that the footer can sit below
// CONTENT_BOTTOM without pdfkit starting a page for it; the body breaks pages itself at CONTENT_BOTTOM.
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const CONTENT_BOTTOM = PAGE_HEIGHT - 56;
const FOOTER_Y = PAGE_HEIGHT - 38;
const PAGE_MARGINS = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 };

export const SIZE = { title: 20, heading: 11, body: 9, table: 8.5, footer: 7.5 };
export const COLOR = { text: '#000000', muted: '#555555', rule: '#808080', fill: '#e6e6e6', stamp: '#c00000', link: '#0645ad' };
const CELL_PADDING = 3;
export const BLOCK_GAP = 14;
export const RULE_WIDTH = 0.5;
/** Points in a millimetre. */
export const MM = 72 / 25.4;

export const FONT = { regular: 'NotoSansJP', bold: 'NotoSansJP-Bold' } as const;
export type FontName = (typeof FONT)[keyof typeof FONT];

// Noto Sans JP is a 5 MB file per weight: read once per process. pdfkit embeds only the glyphs used.
const FONT_FILES = { regular: '400Regular/NotoSansJP_400Regular.ttf', bold: '700Bold/NotoSansJP_700Bold.ttf' };
type Weight = keyof typeof FONT_FILES;
let fontBytes: Record<Weight, Buffer> | undefined;

/** Where the documents' font file of this weight lies (for renderers that take a path, not bytes). */
export function fontFilePath(weight: Weight): string {
  return join(dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json')), FONT_FILES[weight]);
}

function loadFonts(): Record<Weight, Buffer> {
  fontBytes ??= { regular: readFileSync(fontFilePath('regular')), bold: readFileSync(fontFilePath('bold')) };
  return fontBytes;
}

export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  /** Also what makes the bytes repeatable: pdfkit derives the file id from the document info. */
  createdAt: Date;
}

/** An A4 document with both weights of the font registered, its pages buffered for the footers. */
export function createA4Document(info: DocumentInfo): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGINS,
    bufferPages: true, // the footer's "page n / total" is written once the total is known
    lang: 'ja-JP',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, CreationDate: info.createdAt },
  });
  const fonts = loadFonts();
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  return doc;
}

/** The document's bytes once it ends; call before doc.end(). */
export function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export function setFont(doc: Doc, font: FontName, size: number): void {
  doc.font(font).fontSize(size);
}

/** Starts a new page when a block of this height would run into the footer. */
export function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) doc.addPage();
}

/**
 * Every page: what document it belongs to on the left, page n of total on the right (a fax or a
 * print arrives as loose pages). Call after the body, before doc.end(); `pages` for one document of
 * several in one file (print documents of many orders).
 */
export function drawFooters(doc: Doc, label: string, pages: { start: number; count: number } = doc.bufferedPageRange()): void {
  const { start, count } = pages;
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    setFont(doc, FONT.regular, SIZE.footer);
    doc.fillColor(COLOR.muted);
    doc.text(label, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH, align: 'left', lineBreak: false });
    doc.text(`${index - start + 1} / ${count}`, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  }
  doc.fillColor(COLOR.text);
}

/**
 * The top of the first page: the title centred, the document's number and dates at the top right
 * (one line each). Leaves doc.y below both.
 */
export function drawTitleBlock(doc: Doc, title: string, meta: readonly string[], titleSpacing?: number): void {
  const top = MARGIN;
  setFont(doc, FONT.bold, SIZE.title);
  doc.text(title, MARGIN, top, { width: CONTENT_WIDTH, align: 'center', ...(titleSpacing ? { characterSpacing: titleSpacing } : {}) });
  const titleBottom = doc.y;

  const metaWidth = 170;
  setFont(doc, FONT.regular, SIZE.body);
  doc.text(meta.join('\n'), MARGIN + CONTENT_WIDTH - metaWidth, top, { width: metaWidth, align: 'right' });

  doc.y = Math.max(titleBottom, doc.y) + BLOCK_GAP;
}

// ---- Tables ----

/** A column of a lines table: its header, its width, and what it shows of an item. */
export interface Column<T> {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  value: (item: T, index: number) => string;
}

/** The 'No.' column: the item's position, from 1. */
export function positionColumn<T>(width: number): Column<T> {
  return { header: 'No.', width, align: 'right', value: (_item, index) => String(index + 1) };
}

/** What is left of the content width for the one column that takes the rest (a name that wraps). */
export function remainingWidth(fixedWidths: Readonly<Record<string, number>>): number {
  return CONTENT_WIDTH - Object.values(fixedWidths).reduce((sum, width) => sum + width, 0);
}

/** One row of cells per item, each column's value as printable text. */
export function itemRows<T>(items: readonly T[], columns: ReadonlyArray<Column<T>>): Cell[][] {
  return items.map((item, index) =>
    columns.map((column): Cell => ({ text: printable(column.value(item, index)), width: column.width, align: column.align })),
  );
}

export interface Cell {
  text: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  fill?: string;
}

export function drawHeading(doc: Doc, text: string): void {
  setFont(doc, FONT.bold, SIZE.heading);
  doc.text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 2;
}

export function headingHeight(doc: Doc): number {
  setFont(doc, FONT.bold, SIZE.heading);
  return doc.currentLineHeight(true) + 2;
}

export function rowHeight(doc: Doc, cells: readonly Cell[]): number {
  const heights = cells.map((cell) => {
    setFont(doc, cell.bold ? FONT.bold : FONT.regular, SIZE.table);
    return doc.heightOfString(cell.text || ' ', { width: cell.width - 2 * CELL_PADDING });
  });
  return Math.max(...heights) + 2 * CELL_PADDING;
}

/** One table row at doc.y from x, every cell as tall as the tallest; text wraps inside its cell. */
export function drawRow(doc: Doc, cells: readonly Cell[], height: number, x = MARGIN): void {
  const top = doc.y;
  let cellX = x;
  for (const cell of cells) {
    if (cell.fill) doc.save().rect(cellX, top, cell.width, height).fill(cell.fill).restore();
    doc.save().lineWidth(RULE_WIDTH).strokeColor(COLOR.rule).rect(cellX, top, cell.width, height).stroke().restore();
    setFont(doc, cell.bold ? FONT.bold : FONT.regular, SIZE.table);
    doc.fillColor(COLOR.text).text(cell.text, cellX + CELL_PADDING, top + CELL_PADDING, {
      width: cell.width - 2 * CELL_PADDING,
      align: cell.align ?? 'left',
    });
    cellX += cell.width;
  }
  doc.x = MARGIN;
  doc.y = top + height;
}

/** The header row of a table: the column titles, centred and bold on grey. */
export function headerCells(columns: ReadonlyArray<{ header: string; width: number }>): Cell[] {
  return columns.map((column) => ({ text: column.header, width: column.width, align: 'center', bold: true, fill: COLOR.fill }));
}

/** Room to write by hand: a blank form's rows are at least this tall. */
export interface TableOptions {
  minRowHeight?: number;
}

/**
 * A headed table whose rows break pages between rows (never inside one), the header row repeated
 * at the top of each page. The heading stays with the header and the first row.
 */
export function drawTable(
  doc: Doc,
  heading: string,
  headerRow: readonly Cell[],
  rows: ReadonlyArray<readonly Cell[]>,
  options: TableOptions = {},
): void {
  const headerHeight = rowHeight(doc, headerRow);
  const height = (row: readonly Cell[]) => Math.max(rowHeight(doc, row), options.minRowHeight ?? 0);
  keepTogether(doc, headingHeight(doc) + headerHeight + (rows[0] ? height(rows[0]) : 0));
  drawHeading(doc, heading);
  drawRow(doc, headerRow, headerHeight);

  for (const row of rows) {
    const rowAt = height(row);
    if (doc.y + rowAt > CONTENT_BOTTOM) {
      doc.addPage();
      drawRow(doc, headerRow, headerHeight);
    }
    drawRow(doc, row, rowAt);
  }
  doc.y += BLOCK_GAP;
}

/** A headed table without a header row; a page break falls between rows. */
export function drawHeadedRows(doc: Doc, heading: string, rows: ReadonlyArray<readonly Cell[]>, options: TableOptions = {}): void {
  const height = (row: readonly Cell[]) => Math.max(rowHeight(doc, row), options.minRowHeight ?? 0);
  keepTogether(doc, headingHeight(doc) + (rows[0] ? height(rows[0]) : 0));
  drawHeading(doc, heading);
  for (const row of rows) {
    const rowAt = height(row);
    keepTogether(doc, rowAt);
    drawRow(doc, row, rowAt);
  }
  doc.y += BLOCK_GAP;
}

/** A headed two-column table (label, value); a value runs over as many lines as it needs. */
export function drawKeyValueTable(doc: Doc, heading: string, pairs: ReadonlyArray<readonly [string, string]>, options: TableOptions = {}): void {
  const labelWidth = 80;
  const rows = pairs.map(([label, value]): Cell[] => [
    { text: label, width: labelWidth, bold: true, fill: COLOR.fill },
    { text: printable(value), width: CONTENT_WIDTH - labelWidth },
  ]);
  drawHeadedRows(doc, heading, rows, options);
}

// ---- Formatting ----

export const NUMBER = new Intl.NumberFormat('ja-JP');

/** Yen as printed on documents and in order errors: ¥1,234 (a discount: -¥1,234). */
export function yen(value: number): string {
  return value < 0 ? `-¥${NUMBER.format(-value)}` : `¥${NUMBER.format(value)}`;
}

/** '2026-11-22' → '2026年11月22日'. */
export function japaneseDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${year}年${month}月${day}日`;
}

/** Joins the lines that have a value (null, undefined and '' are left out). */
export function presentLines(lines: ReadonlyArray<string | null | undefined>): string {
  return lines.filter((line): line is string => Boolean(line)).join('\n');
}

// Text typed on Windows carries CRLF; pdfkit would draw the CR as a missing glyph.
export function printable(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

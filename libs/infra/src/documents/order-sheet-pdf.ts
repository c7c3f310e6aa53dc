import { japanDateTime, japanToday } from '@oms/domain';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { lineAmount, OrderSheetContent, OrderSheetLine, sheetTotal } from './order-sheet';

type Doc = PDFKit.PDFDocument;

// A4 portrait in points. The doc's own bottom margin is small so that the footer can sit below
// CONTENT_BOTTOM without pdfkit starting a page for it; the body breaks pages itself at CONTENT_BOTTOM.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - 56;
const FOOTER_Y = PAGE_HEIGHT - 38;
const PAGE_MARGINS = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 };

const SIZE = { title: 20, stamp: 14, to: 13, heading: 11, body: 9, table: 8.5, footer: 7.5 };
const COLOR = { text: '#000000', muted: '#555555', rule: '#808080', fill: '#e6e6e6', stamp: '#c00000', link: '#0645ad' };
const CELL_PADDING = 3;
const PARAGRAPH_GAP = 4;
const BLOCK_GAP = 14;
const RULE_WIDTH = 0.5;

const FONT = { regular: 'NotoSansJP', bold: 'NotoSansJP-Bold' } as const;
type FontName = (typeof FONT)[keyof typeof FONT];

// Noto Sans JP is a 5 MB file per weight: read once per process. pdfkit embeds only the glyphs used.
const FONT_FILES = { regular: '400Regular/NotoSansJP_400Regular.ttf', bold: '700Bold/NotoSansJP_700Bold.ttf' };
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;

function loadFonts(): { regular: Buffer; bold: Buffer } {
  if (!fontBytes) {
    const dir = dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
    fontBytes = { regular: readFileSync(join(dir, FONT_FILES.regular)), bold: readFileSync(join(dir, FONT_FILES.bold)) };
  }
  return fontBytes;
}

/**
 * The maker order sheet as an A4 PDF with Noto Sans JP embedded (subset), so it prints and faxes the
 * same everywhere and its text can be extracted. Lines run over as many pages as they need, with
 * the table header repeated. The same content gives the same bytes: the creation date is issuedAt
 * and pdfkit derives the file id from the document info.
 */
export function renderOrderSheetPdf(content: OrderSheetContent): Promise<Buffer> {
  const doc = createDocument(content);
  const done = collect(doc);

  drawHeader(doc, content);
  drawParties(doc, content);
  drawConfirmationRequest(doc, content);
  drawDelivery(doc, content);
  drawNotes(doc, content);
  drawLines(doc, content.lines);
  drawFooters(doc, content);

  doc.end();
  return done;
}

function createDocument(content: OrderSheetContent): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGINS,
    bufferPages: true, // the footer's "page n / total" is written once the total is known
    lang: 'ja-JP',
    displayTitle: true,
    info: {
      Title: `発注書 ${orderNumber(content)}`,
      Author: content.sender.company,
      Subject: `${content.maker.name} 御中`,
      CreationDate: content.issuedAt,
    },
  });
  const fonts = loadFonts();
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  return doc;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

// ---- Blocks, top to bottom. Each starts at doc.y and leaves doc.y below itself. ----

/** Title, the 再送 stamp on a resend, and the order's number, date and revision at the top right. */
function drawHeader(doc: Doc, content: OrderSheetContent): void {
  const top = MARGIN;
  if (content.resent) drawResentStamp(doc, top);

  setFont(doc, FONT.bold, SIZE.title);
  doc.text(content.resent ? '発注書（再送）' : '発注書', MARGIN, top, { width: CONTENT_WIDTH, align: 'center' });
  const titleBottom = doc.y;

  const metaWidth = 170;
  const meta = [
    `注文番号 ${content.orderNo}`,
    ...(content.branchNo ? [`枝番 ${content.branchNo}`] : []),
    `発行日 ${japaneseDate(japanToday(content.issuedAt))}`,
    `Rev. ${content.revision}`,
  ];
  setFont(doc, FONT.regular, SIZE.body);
  doc.text(meta.join('\n'), MARGIN + CONTENT_WIDTH - metaWidth, top, { width: metaWidth, align: 'right' });

  doc.y = Math.max(titleBottom, doc.y) + BLOCK_GAP;
}

function drawResentStamp(doc: Doc, top: number): void {
  const width = 64;
  const height = 28;
  doc.save().lineWidth(1.5).strokeColor(COLOR.stamp).rect(MARGIN, top, width, height).stroke().restore();
  setFont(doc, FONT.bold, SIZE.stamp);
  doc.fillColor(COLOR.stamp).text('再送', MARGIN, top + (height - doc.currentLineHeight()) / 2, { width, align: 'center' });
  doc.fillColor(COLOR.text);
}

/** To (the maker, 御中) on the left; from (the shop and our company) on the right. */
function drawParties(doc: Doc, content: OrderSheetContent): void {
  const top = doc.y;
  const toWidth = 290;
  const fromX = MARGIN + 310;
  const fromWidth = CONTENT_WIDTH - 310;
  const { maker, shop, sender } = content;

  setFont(doc, FONT.bold, SIZE.to);
  doc.text(`${maker.name} 御中`, MARGIN, top, { width: toWidth });
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + toWidth, doc.y).lineWidth(RULE_WIDTH).strokeColor(COLOR.rule).stroke();
  doc.y += 3;
  setFont(doc, FONT.regular, SIZE.body);
  doc.text(
    presentLines([`メーカーコード: ${maker.code}`, maker.fax && `FAX: ${maker.fax}`, maker.email && `E-mail: ${maker.email}`]),
    MARGIN,
    doc.y,
    { width: toWidth },
  );
  const toBottom = doc.y;

  setFont(doc, FONT.regular, SIZE.footer);
  doc.fillColor(COLOR.muted).text('発注元', fromX, top, { width: fromWidth });
  doc.fillColor(COLOR.text);
  setFont(doc, FONT.bold, SIZE.heading);
  doc.text(shop.name, fromX, doc.y, { width: fromWidth });
  setFont(doc, FONT.regular, SIZE.body);
  doc.text(
    presentLines([
      sender.company,
      sender.person && `担当: ${sender.person}`,
      sender.phone && `TEL: ${sender.phone}`,
      sender.fax && `FAX: ${sender.fax}`,
      sender.email && `E-mail: ${sender.email}`,
    ]),
    fromX,
    doc.y,
    { width: fromWidth },
  );

  doc.y = Math.max(toBottom, doc.y) + BLOCK_GAP;
  setFont(doc, FONT.regular, SIZE.body);
  doc.text('いつもお世話になっております。下記のとおり発注いたしますので、よろしくお願い申し上げます。', MARGIN, doc.y, {
    width: CONTENT_WIDTH,
  });
  doc.y += BLOCK_GAP;
}

interface Paragraph {
  text: string;
  font: FontName;
  size: number;
  color?: string;
  /** Makes the paragraph a clickable link (a PDF link annotation over its text). */
  link?: string;
}

/**
 * The call to action, near the top where a fax reader sees it first: open the link to accept,
 * answer undecided or refuse, and give the estimated ship date, before the link expires.
 */
function drawConfirmationRequest(doc: Doc, content: OrderSheetContent): void {
  const expiry = `${japaneseDate(japanToday(content.expiresAt))} ${japanTime(content.expiresAt)}`;
  const paragraphs: Paragraph[] = [
    { text: 'ご確認のお願い', font: FONT.bold, size: SIZE.heading },
    {
      text:
        'お手数ですが、下記のURLを開き、本発注をお受けいただけるか（受注・未定・お断り）と出荷予定日をご回答ください。' +
        'お断りの場合は、その理由もご入力ください。',
      font: FONT.regular,
      size: SIZE.body,
    },
    { text: content.confirmUrl, font: FONT.regular, size: SIZE.body, color: COLOR.link, link: content.confirmUrl },
    { text: `回答期限（URLの有効期限）: ${expiry}（日本時間）まで`, font: FONT.bold, size: SIZE.body },
    {
      text: 'このURLは本発注専用です。第三者に共有しないでください。期限が過ぎた場合は発注元までご連絡ください。',
      font: FONT.regular,
      size: SIZE.footer,
      color: COLOR.muted,
    },
  ];
  const padding = 8;
  const innerWidth = CONTENT_WIDTH - 2 * padding;
  const height = paragraphsHeight(doc, paragraphs, innerWidth) + 2 * padding;
  keepTogether(doc, height);

  const top = doc.y;
  doc.save().lineWidth(1.2).strokeColor(COLOR.text).rect(MARGIN, top, CONTENT_WIDTH, height).stroke().restore();
  doc.y = top + padding;
  drawParagraphs(doc, paragraphs, MARGIN + padding, innerWidth);
  doc.y = top + height + BLOCK_GAP;
}

function drawDelivery(doc: Doc, content: OrderSheetContent): void {
  const { delivery } = content;
  drawKeyValueTable(doc, 'お届け先', [
    ['お名前', delivery.name],
    ['住所', delivery.zip ? `〒${delivery.zip}\n${delivery.address}` : delivery.address],
    ['電話', delivery.phone ?? '-'],
    ['希望日', delivery.preferredDate ? japaneseDate(delivery.preferredDate) : '指定なし'],
    ['時間帯', delivery.preferredPeriod ?? '指定なし'],
  ]);
}

function drawNotes(doc: Doc, content: OrderSheetContent): void {
  drawKeyValueTable(doc, '備考', [
    ['EDI備考', content.ediNote ?? 'なし'],
    ['仕入先メモ', content.supplierMemo ?? 'なし'],
  ]);
}

// ---- The lines table ----

interface Cell {
  text: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  fill?: string;
}

interface LineColumn {
  header: string;
  width: number;
  align: 'left' | 'right';
  value: (line: OrderSheetLine, index: number) => string;
}

// Fixed widths for the short columns; the product name takes the rest and wraps inside its cell.
const COLUMN_WIDTH = { no: 24, codes: 88, options: 80, quantity: 36, unitPrice: 60, amount: 74 };
const NAME_WIDTH = CONTENT_WIDTH - Object.values(COLUMN_WIDTH).reduce((sum, width) => sum + width, 0);

const LINE_COLUMNS: readonly LineColumn[] = [
  { header: 'No.', width: COLUMN_WIDTH.no, align: 'right', value: (_line, index) => String(index + 1) },
  { header: '商品名', width: NAME_WIDTH, align: 'left', value: (line) => line.productName },
  {
    header: '品番\nメーカー品番',
    width: COLUMN_WIDTH.codes,
    align: 'left',
    value: (line) => `${line.productCode ?? '-'}\n${line.makerProductCode ?? '-'}`,
  },
  {
    header: 'オプション1\nオプション2',
    width: COLUMN_WIDTH.options,
    align: 'left',
    value: (line) => `${line.option1 ?? '-'}\n${line.option2 ?? '-'}`,
  },
  { header: '数量', width: COLUMN_WIDTH.quantity, align: 'right', value: (line) => NUMBER.format(line.amount) },
  { header: '卸単価', width: COLUMN_WIDTH.unitPrice, align: 'right', value: (line) => yen(line.wholesalePrice) },
  { header: '金額', width: COLUMN_WIDTH.amount, align: 'right', value: (line) => yen(lineAmount(line)) },
];

/** The lines, breaking pages between rows (never inside one) and repeating the header row on each page. */
function drawLines(doc: Doc, lines: readonly OrderSheetLine[]): void {
  const headerRow: Cell[] = LINE_COLUMNS.map((column) => ({
    text: column.header,
    width: column.width,
    align: 'center',
    bold: true,
    fill: COLOR.fill,
  }));
  const rows = lines.map((line, index) =>
    LINE_COLUMNS.map((column): Cell => ({ text: printable(column.value(line, index)), width: column.width, align: column.align })),
  );

  const headerHeight = rowHeight(doc, headerRow);
  keepTogether(doc, headingHeight(doc) + headerHeight + (rows[0] ? rowHeight(doc, rows[0]) : 0));
  drawHeading(doc, '発注明細');
  drawRow(doc, headerRow, headerHeight);

  for (const row of [...rows, totalRow(lines)]) {
    const height = rowHeight(doc, row);
    if (doc.y + height > CONTENT_BOTTOM) {
      doc.addPage();
      drawRow(doc, headerRow, headerHeight);
    }
    drawRow(doc, row, height);
  }
  doc.y += BLOCK_GAP;
}

/** 合計 under the first four columns, then the total quantity and the total amount. */
function totalRow(lines: readonly OrderSheetLine[]): Cell[] {
  const quantity = lines.reduce((sum, line) => sum + line.amount, 0);
  const labelWidth = COLUMN_WIDTH.no + NAME_WIDTH + COLUMN_WIDTH.codes + COLUMN_WIDTH.options;
  return [
    { text: '合計', width: labelWidth, align: 'right', bold: true, fill: COLOR.fill },
    { text: NUMBER.format(quantity), width: COLUMN_WIDTH.quantity, align: 'right', bold: true },
    { text: '', width: COLUMN_WIDTH.unitPrice },
    { text: yen(sheetTotal(lines)), width: COLUMN_WIDTH.amount, align: 'right', bold: true },
  ];
}

// ---- Building blocks ----

/** A headed two-column table (label, value); a value runs over as many lines as it needs. */
function drawKeyValueTable(doc: Doc, heading: string, pairs: ReadonlyArray<readonly [string, string]>): void {
  const labelWidth = 80;
  const rows = pairs.map(([label, value]): Cell[] => [
    { text: label, width: labelWidth, bold: true, fill: COLOR.fill },
    { text: printable(value), width: CONTENT_WIDTH - labelWidth },
  ]);
  keepTogether(doc, headingHeight(doc) + rowHeight(doc, rows[0]));
  drawHeading(doc, heading);
  for (const row of rows) {
    const height = rowHeight(doc, row);
    keepTogether(doc, height);
    drawRow(doc, row, height);
  }
  doc.y += BLOCK_GAP;
}

function drawHeading(doc: Doc, text: string): void {
  setFont(doc, FONT.bold, SIZE.heading);
  doc.text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 2;
}

function headingHeight(doc: Doc): number {
  setFont(doc, FONT.bold, SIZE.heading);
  return doc.currentLineHeight(true) + 2;
}

function rowHeight(doc: Doc, cells: readonly Cell[]): number {
  const heights = cells.map((cell) => {
    setFont(doc, cell.bold ? FONT.bold : FONT.regular, SIZE.table);
    return doc.heightOfString(cell.text || ' ', { width: cell.width - 2 * CELL_PADDING });
  });
  return Math.max(...heights) + 2 * CELL_PADDING;
}

/** One table row at doc.y, every cell as tall as the tallest; text wraps inside its cell. */
function drawRow(doc: Doc, cells: readonly Cell[], height: number): void {
  const top = doc.y;
  let x = MARGIN;
  for (const cell of cells) {
    if (cell.fill) doc.save().rect(x, top, cell.width, height).fill(cell.fill).restore();
    doc.save().lineWidth(RULE_WIDTH).strokeColor(COLOR.rule).rect(x, top, cell.width, height).stroke().restore();
    setFont(doc, cell.bold ? FONT.bold : FONT.regular, SIZE.table);
    doc.fillColor(COLOR.text).text(cell.text, x + CELL_PADDING, top + CELL_PADDING, {
      width: cell.width - 2 * CELL_PADDING,
      align: cell.align ?? 'left',
    });
    x += cell.width;
  }
  doc.x = MARGIN;
  doc.y = top + height;
}

function paragraphsHeight(doc: Doc, paragraphs: readonly Paragraph[], width: number): number {
  return paragraphs.reduce((sum, paragraph) => {
    setFont(doc, paragraph.font, paragraph.size);
    return sum + doc.heightOfString(paragraph.text, { width, paragraphGap: PARAGRAPH_GAP });
  }, 0);
}

function drawParagraphs(doc: Doc, paragraphs: readonly Paragraph[], x: number, width: number): void {
  for (const paragraph of paragraphs) {
    setFont(doc, paragraph.font, paragraph.size);
    doc.fillColor(paragraph.color ?? COLOR.text).text(paragraph.text, x, doc.y, {
      width,
      paragraphGap: PARAGRAPH_GAP,
      link: paragraph.link,
      underline: paragraph.link !== undefined,
    });
  }
  doc.fillColor(COLOR.text);
}

/** Every page: which order and revision it belongs to, and page n of total (a fax arrives as loose pages). */
function drawFooters(doc: Doc, content: OrderSheetContent): void {
  const { start, count } = doc.bufferedPageRange();
  const label = `発注書 ${orderNumber(content)}  Rev. ${content.revision}${content.resent ? '（再送）' : ''}`;
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    setFont(doc, FONT.regular, SIZE.footer);
    doc.fillColor(COLOR.muted);
    doc.text(label, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH, align: 'left', lineBreak: false });
    doc.text(`${index - start + 1} / ${count}`, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  }
  doc.fillColor(COLOR.text);
}

/** Starts a new page when a block of this height would run into the footer. */
function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) doc.addPage();
}

function setFont(doc: Doc, font: FontName, size: number): void {
  doc.font(font).fontSize(size);
}

// ---- Formatting ----

const NUMBER = new Intl.NumberFormat('ja-JP');

/** Yen as printed on documents and in order errors: ¥1,234. */
export function yen(value: number): string {
  return `¥${NUMBER.format(value)}`;
}

function orderNumber(content: OrderSheetContent): string {
  return content.branchNo ? `${content.orderNo}（枝番 ${content.branchNo}）` : content.orderNo;
}

/** '2026-11-22' → '2026年11月22日'. */
function japaneseDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${year}年${month}月${day}日`;
}

function japanTime(at: Date): string {
  return japanDateTime(at).slice(11, 16);
}

/** Joins the lines that have a value (null, undefined and '' are left out). */
function presentLines(lines: ReadonlyArray<string | null | undefined>): string {
  return lines.filter((line): line is string => Boolean(line)).join('\n');
}

// Text typed on Windows carries CRLF; pdfkit would draw the CR as a missing glyph.
function printable(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

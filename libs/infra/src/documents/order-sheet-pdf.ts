import { japanDateTime, japanToday } from '@oms/domain';
import { lineAmount, OrderSheetContent, OrderSheetLine, sheetTotal } from './order-sheet';
import {
  BLOCK_GAP,
  Cell,
  collect,
  COLOR,
  Column,
  CONTENT_WIDTH,
  createA4Document,
  Doc,
  drawFooters,
  drawKeyValueTable,
  drawTable,
  drawTitleBlock,
  FONT,
  FontName,
  headerCells,
  itemRows,
  japaneseDate,
  keepTogether,
  MARGIN,
  NUMBER,
  positionColumn,
  presentLines,
  remainingWidth,
  RULE_WIDTH,
  setFont,
  SIZE,
  yen,
} from './pdf-kit';

// The order sheet's own sizes beside the shared ones.
const SHEET_SIZE = { ...SIZE, stamp: 14, to: 13 };
const PARAGRAPH_GAP = 4;

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
  drawFooters(doc, footerLabel(content));

  doc.end();
  return done;
}

function createDocument(content: OrderSheetContent): Doc {
  return createA4Document({
    title: `発注書 ${orderNumber(content)}`,
    author: content.sender.company,
    subject: `${content.maker.name} 御中`,
    createdAt: content.issuedAt,
  });
}

// ---- Blocks, top to bottom. Each starts at doc.y and leaves doc.y below itself. ----

/** Title, the 再送 stamp on a resend, and the order's number, date and revision at the top right. */
function drawHeader(doc: Doc, content: OrderSheetContent): void {
  if (content.resent) drawResentStamp(doc, MARGIN);
  drawTitleBlock(doc, content.resent ? '発注書（再送）' : '発注書', [
    `注文番号 ${content.orderNo}`,
    ...(content.branchNo ? [`枝番 ${content.branchNo}`] : []),
    `発行日 ${japaneseDate(japanToday(content.issuedAt))}`,
    `Rev. ${content.revision}`,
  ]);
}

function drawResentStamp(doc: Doc, top: number): void {
  const width = 64;
  const height = 28;
  doc.save().lineWidth(1.5).strokeColor(COLOR.stamp).rect(MARGIN, top, width, height).stroke().restore();
  setFont(doc, FONT.bold, SHEET_SIZE.stamp);
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

  setFont(doc, FONT.bold, SHEET_SIZE.to);
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

// Fixed widths for the short columns; the product name takes the rest and wraps inside its cell.
const COLUMN_WIDTH = { no: 24, codes: 88, options: 80, quantity: 36, unitPrice: 60, amount: 74 };
const NAME_WIDTH = remainingWidth(COLUMN_WIDTH);

const LINE_COLUMNS: ReadonlyArray<Column<OrderSheetLine>> = [
  positionColumn(COLUMN_WIDTH.no),
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
  drawTable(doc, '発注明細', headerCells(LINE_COLUMNS), [...itemRows(lines, LINE_COLUMNS), totalRow(lines)]);
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

/** The footer of every page: which order and revision it belongs to. */
function footerLabel(content: OrderSheetContent): string {
  return `発注書 ${orderNumber(content)}  Rev. ${content.revision}${content.resent ? '（再送）' : ''}`;
}

// ---- Formatting ----

function orderNumber(content: OrderSheetContent): string {
  return content.branchNo ? `${content.orderNo}（枝番 ${content.branchNo}）` : content.orderNo;
}

function japanTime(at: Date): string {
  return japanDateTime(at).slice(11, 16);
}

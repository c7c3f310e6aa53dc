import { japanToday } from '@oms/domain';
import { EstimateDocumentContent, EstimateDocumentLine } from './estimate-document';
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
  drawHeadedRows,
  drawKeyValueTable,
  drawRow,
  drawTable,
  drawTitleBlock,
  FONT,
  headerCells,
  itemRows,
  japaneseDate,
  keepTogether,
  MARGIN,
  MM,
  NUMBER,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  positionColumn,
  presentLines,
  printable,
  remainingWidth,
  rowHeight,
  RULE_WIDTH,
  setFont,
  SIZE,
  yen,
} from './pdf-kit';

const ESTIMATE_SIZE = { ...SIZE, customer: 13, amount: 18, watermark: 72 };
const SEAL_SIZE = 18 * MM;
/** The reduced rate (軽減税率) that the lines mark with ※. */
const REDUCED_RATE = 8;
const MAX_NOTES = 8;
/** A blank form: how many empty line rows, how tall each (room to write), how many note rows. */
const BLANK = { lineRows: 15, rowHeight: 18 };
const WATERMARK = { text: '下書き DRAFT', color: '#b3b3b3', opacity: 0.35, angle: -35 };

/**
 * The estimate (見積書) as an A4 PDF with Noto Sans JP embedded, like the maker order sheet: lines run
 * over as many pages as they need with the table header repeated, each page footed with the number
 * and page n / total, and the same content gives the same bytes (the creation date is issuedAt).
 * A draft carries a diagonal 下書き watermark on every page; a stamped estimate the seal beside the
 * issuer. With `blank` it is the printable form download-template serves: header and issuer only,
 * every value left empty to fill by hand.
 */
export function renderEstimatePdf(content: EstimateDocumentContent): Promise<Buffer> {
  const doc = createA4Document({
    title: content.blank ? '御見積書' : `御見積書 ${estimateNumber(content)}`,
    author: content.issuer.company,
    subject: content.blank ? '御見積書（様式）' : addressee(content).join(' '),
    createdAt: content.issuedAt,
  });
  const done = collect(doc);

  drawHeader(doc, content);
  drawParties(doc, content);
  drawTerms(doc, content);
  drawLines(doc, content);
  drawTotals(doc, content);
  drawNotes(doc, content);
  drawFooters(doc, content.blank ? '御見積書' : `御見積書 ${estimateNumber(content)}`);
  if (content.draft) drawWatermarks(doc);

  doc.end();
  return done;
}

/** `<no>` for the first revision, `<no>-R<n>` from the second on. */
export function estimateNumber(content: Pick<EstimateDocumentContent, 'estimateNo' | 'revision'>): string {
  return content.revision > 1 ? `${content.estimateNo}-R${content.revision}` : content.estimateNo;
}

// ---- Blocks, top to bottom. Each starts at doc.y and leaves doc.y below itself. ----

/** Title in the middle; number, issue date and validity at the top right (empty on a blank form). */
function drawHeader(doc: Doc, content: EstimateDocumentContent): void {
  const blankDate = '　　　　年　　月　　日';
  const meta = content.blank
    ? ['見積番号 　　　　　　　　　　', `発行日 ${blankDate}`, `有効期限 ${blankDate}`]
    : [
        `見積番号 ${estimateNumber(content)}`,
        `発行日 ${japaneseDate(japanToday(content.issuedAt))}`,
        `有効期限 ${japaneseDate(content.validUntil)}`,
      ];
  drawTitleBlock(doc, '御見積書', meta, 6);
}

const PARTY = { toWidth: 290, fromX: MARGIN + 310, fromWidth: CONTENT_WIDTH - 310 };

/** The customer (御中 / 様) and the estimated amount on the left; the issuer, with its seal, on the right. */
function drawParties(doc: Doc, content: EstimateDocumentContent): void {
  const top = doc.y;
  drawCustomer(doc, content);
  drawEstimatedAmount(doc, content);
  const leftBottom = doc.y;

  drawIssuer(doc, content, top);
  doc.y = Math.max(leftBottom, doc.y) + BLOCK_GAP;
}

function addressee(content: EstimateDocumentContent): string[] {
  const { customer } = content;
  return customer.companyName ? [`${customer.companyName} 御中`, `${customer.name} 様`] : [`${customer.name} 様`];
}

function drawCustomer(doc: Doc, content: EstimateDocumentContent): void {
  const { customer } = content;
  if (content.blank) {
    // Lines to write the addressee on, its 御中 / 様 printed at their ends.
    for (const honorific of ['御中', '様']) writeOnLine(doc, honorific, ESTIMATE_SIZE.customer);
    for (const label of ['〒　　　-', 'TEL　　　　　　　　　　　　　　　FAX']) writeOnLine(doc, label, SIZE.body, 'left');
  } else {
    setFont(doc, FONT.bold, ESTIMATE_SIZE.customer);
    doc.text(printable(addressee(content).join('\n')), MARGIN, doc.y, { width: PARTY.toWidth });
    rule(doc, MARGIN, doc.y, PARTY.toWidth);
    doc.y += 3;
    setFont(doc, FONT.regular, SIZE.body);
    doc.text(
      printable(
        presentLines([
          customer.zip && `〒${customer.zip}`,
          customer.address,
          customer.phone && `TEL: ${customer.phone}`,
          content.faxNumber && `FAX: ${content.faxNumber}`,
        ]),
      ),
      MARGIN,
      doc.y,
      { width: PARTY.toWidth },
    );
  }
  doc.y += BLOCK_GAP / 2;
  setFont(doc, FONT.regular, SIZE.body);
  doc.text('下記のとおり御見積申し上げます。', MARGIN, doc.y, { width: PARTY.toWidth });
  doc.y += BLOCK_GAP / 2;
}

/** An empty line to write on, with its label at the end (御中, 様) or at the start (〒, 住所). */
function writeOnLine(doc: Doc, label: string, size: number, align: 'left' | 'right' = 'right'): void {
  setFont(doc, align === 'right' ? FONT.bold : FONT.regular, size);
  const top = doc.y + 4;
  doc.text(label, MARGIN, top, { width: PARTY.toWidth, align });
  rule(doc, MARGIN, doc.y, PARTY.toWidth);
  doc.y += 2;
}

/** 御見積金額, big, with a thick rule under it: the figure the customer reads first. */
function drawEstimatedAmount(doc: Doc, content: EstimateDocumentContent): void {
  const top = doc.y;
  setFont(doc, FONT.bold, SIZE.heading);
  const labelTop = top + (ESTIMATE_SIZE.amount - SIZE.heading);
  doc.text('御見積金額', MARGIN, labelTop, { width: PARTY.toWidth });
  setFont(doc, FONT.bold, ESTIMATE_SIZE.amount);
  doc.text(content.blank ? '¥' : yen(content.total), MARGIN + 70, top, { width: PARTY.toWidth - 130, align: 'right' });
  setFont(doc, FONT.regular, SIZE.body);
  doc.text('（税込）', MARGIN + PARTY.toWidth - 55, labelTop + 2, { width: 55, align: 'right' });
  const bottom = top + ESTIMATE_SIZE.amount * 1.4;
  doc.save().lineWidth(1.5).strokeColor(COLOR.text).moveTo(MARGIN, bottom).lineTo(MARGIN + PARTY.toWidth, bottom).stroke().restore();
  doc.y = bottom + 4;
}

/** The issuer's company, address, phone, invoice registration number and person in charge; the seal over its right end. */
function drawIssuer(doc: Doc, content: EstimateDocumentContent, top: number): void {
  const { issuer } = content;
  setFont(doc, FONT.bold, SIZE.heading);
  doc.text(printable(issuer.company), PARTY.fromX, top, { width: PARTY.fromWidth });
  setFont(doc, FONT.regular, SIZE.body);
  const person = content.blank ? '担当:' : content.personInCharge && `担当: ${content.personInCharge}`;
  doc.text(
    printable(
      presentLines([
        issuer.zip && `〒${issuer.zip}`,
        issuer.address,
        issuer.phone && `TEL: ${issuer.phone}`,
        issuer.invoiceRegistrationNumber && `登録番号: ${issuer.invoiceRegistrationNumber}`,
        person,
      ]),
    ),
    PARTY.fromX,
    doc.y,
    { width: PARTY.fromWidth },
  );
  // Never on a blank form: a stamped blank could be filled in by anyone.
  if (content.seal && !content.blank) {
    doc.image(content.seal, PARTY.fromX + PARTY.fromWidth - SEAL_SIZE, top, { fit: [SEAL_SIZE, SEAL_SIZE] });
    doc.y = Math.max(doc.y, top + SEAL_SIZE);
  }
}

/** Where it is delivered and how it is paid. */
function drawTerms(doc: Doc, content: EstimateDocumentContent): void {
  const location = content.blank ? '' : presentLines([content.zip && `〒${content.zip}`, content.deliveryLocation]);
  drawKeyValueTable(doc, '御見積条件', [
    ['納品場所', location],
    ['お支払方法', content.blank ? '' : (content.paymentMethod ?? '')],
  ]);
}

// ---- The lines table ----

// Fixed widths for the short columns; the product name takes the rest and wraps inside its cell.
const COLUMN_WIDTH = { no: 22, code: 72, unitPrice: 64, amount: 52, tax: 34, total: 72 };

const LINE_COLUMNS: ReadonlyArray<Column<EstimateDocumentLine>> = [
  positionColumn(COLUMN_WIDTH.no),
  { header: '商品コード', width: COLUMN_WIDTH.code, align: 'left', value: (line) => line.ecProductCode ?? '-' },
  {
    header: '商品名\nオプション',
    width: remainingWidth(COLUMN_WIDTH),
    align: 'left',
    value: (line) => presentLines([line.productName, line.optionDetail]),
  },
  { header: '単価\n（税込）', width: COLUMN_WIDTH.unitPrice, align: 'right', value: (line) => yen(line.priceWithTax) },
  {
    header: '数量',
    width: COLUMN_WIDTH.amount,
    align: 'right',
    value: (line) => (line.unit ? `${NUMBER.format(line.amount)} ${line.unit}` : NUMBER.format(line.amount)),
  },
  { header: '税率', width: COLUMN_WIDTH.tax, align: 'center', value: (line) => taxRateLabel(line.taxPercentage) },
  { header: '金額\n（税込）', width: COLUMN_WIDTH.total, align: 'right', value: (line) => yen(line.lineTotal) },
];

/** 8% lines carry ※, explained under the totals. */
function taxRateLabel(rate: number): string {
  return rate === REDUCED_RATE ? `${rate}%※` : `${rate}%`;
}

function drawLines(doc: Doc, content: EstimateDocumentContent): void {
  const rows = content.blank
    ? Array.from({ length: BLANK.lineRows }, () => LINE_COLUMNS.map((column): Cell => ({ text: '', width: column.width })))
    : itemRows(content.lines, LINE_COLUMNS);
  drawTable(doc, '御見積明細', headerCells(LINE_COLUMNS), rows, { minRowHeight: content.blank ? BLANK.rowHeight : 0 });
}

// ---- Totals: right-aligned under the table ----

const TOTALS = { labelWidth: 110, valueWidth: 170 };

/** 小計, the fees (a discount negative), 合計, then what each tax rate covers and the tax inside it. */
function drawTotals(doc: Doc, content: EstimateDocumentContent): void {
  const rows = content.blank ? blankTotalRows() : totalRows(content);
  const cells = rows.map(([label, value, strong]): Cell[] => [
    { text: label, width: TOTALS.labelWidth, bold: true, fill: COLOR.fill },
    { text: value, width: TOTALS.valueWidth, align: 'right', bold: strong },
  ]);
  const heights = cells.map((row) => Math.max(rowHeight(doc, row), content.blank ? BLANK.rowHeight : 0));
  const hasReducedRate = !content.blank && content.lines.some((line) => line.taxPercentage === REDUCED_RATE);
  setFont(doc, FONT.regular, SIZE.footer);
  const remarkHeight = hasReducedRate ? doc.currentLineHeight(true) + 4 : 0;
  keepTogether(doc, heights.reduce((sum, height) => sum + height, 0) + remarkHeight);

  const x = MARGIN + CONTENT_WIDTH - TOTALS.labelWidth - TOTALS.valueWidth;
  const top = doc.y;
  cells.forEach((row, index) => drawRow(doc, row, heights[index], x));
  // A blank form keeps to one page: its notes box sits beside the totals instead of under them.
  if (content.blank) drawBlankNotesBox(doc, top, x - MARGIN - BLOCK_GAP, doc.y - top);
  if (hasReducedRate) {
    doc.y += 4;
    setFont(doc, FONT.regular, SIZE.footer);
    doc.text('※は軽減税率（8%）対象商品です。', x, doc.y, { width: TOTALS.labelWidth + TOTALS.valueWidth, align: 'right' });
  }
  doc.y += BLOCK_GAP;
}

type TotalRow = [label: string, value: string, strong: boolean];

function totalRows(content: EstimateDocumentContent): TotalRow[] {
  return [
    ['小計（税込）', yen(content.subtotal), false],
    ...content.fees.map((fee): TotalRow => [printable(fee.label), yen(fee.value), false]),
    ['合計（税込）', yen(content.total), true],
    ...content.taxes.map((tax): TotalRow => [`${tax.rate}%対象`, `${yen(tax.totalWithTax)}（内消費税 ${yen(tax.tax)}）`, false]),
  ];
}

function blankTotalRows(): TotalRow[] {
  return [
    ['小計（税込）', '', false],
    ['送料・手数料', '', false],
    ['合計（税込）', '', true],
    ['10%対象（内消費税）', '', false],
    [`${REDUCED_RATE}%対象（内消費税）`, '', false],
  ];
}

function drawBlankNotesBox(doc: Doc, top: number, width: number, height: number): void {
  doc.save().lineWidth(RULE_WIDTH).strokeColor(COLOR.rule).rect(MARGIN, top, width, height).stroke().restore();
  setFont(doc, FONT.bold, SIZE.table);
  doc.text('備考', MARGIN + 4, top + 3, { width: width - 8 });
}

/** Up to eight notes, then the free note (a blank form has its box beside the totals). */
function drawNotes(doc: Doc, content: EstimateDocumentContent): void {
  if (content.blank) return;
  const texts = [...content.notes.slice(0, MAX_NOTES).map((note) => `・${note}`), ...(content.note ? [content.note] : [])];
  if (texts.length === 0) return;
  drawHeadedRows(doc, '備考', texts.map((text): Cell[] => [{ text: printable(text), width: CONTENT_WIDTH }]));
}

/** Light grey 下書き DRAFT across every page, over the content yet faint enough to read through. */
function drawWatermarks(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const centre = [PAGE_WIDTH / 2, PAGE_HEIGHT / 2];
    setFont(doc, FONT.bold, ESTIMATE_SIZE.watermark);
    const height = doc.currentLineHeight();
    doc.save().rotate(WATERMARK.angle, { origin: centre }).fillColor(WATERMARK.color).fillOpacity(WATERMARK.opacity);
    doc.text(WATERMARK.text, 0, centre[1] - height / 2, { width: PAGE_WIDTH, align: 'center', lineBreak: false });
    doc.restore();
  }
  doc.fillColor(COLOR.text);
}

function rule(doc: Doc, x: number, y: number, width: number): void {
  doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(RULE_WIDTH).strokeColor(COLOR.rule).stroke().restore();
}

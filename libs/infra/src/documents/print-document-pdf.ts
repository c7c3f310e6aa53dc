import { japanToday, PRINT_DOCUMENT_TITLES_JA, REDUCED_TAX_RATE } from '@oms/domain';
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
  NUMBER,
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
import { PrintDocumentContent, PrintDocumentCopy, PrintDocumentLine, PrintDocumentParty } from './print-document';

const BIG = { party: 13, amount: 18 };
const REDUCED_RATE_LEGEND = `※は軽減税率(${REDUCED_TAX_RATE}%)対象`;

/**
 * The print documents of orders as one A4 PDF (Noto Sans JP embedded), each document from a new
 * page with its own footer (title, number, page n / total of that document). The invoice and the
 * receipt are qualified invoices (適格請求書): the issuer and its registration number, the
 * transaction date, the lines with reduced-rate ones marked ※, and per rate what it covers and its
 * tax. A copy printed before is marked 再発行. The same copies give the same bytes.
 */
export function renderPrintDocumentsPdf(copies: readonly PrintDocumentCopy[], printedAt: Date): Promise<Buffer> {
  const first = copies[0]?.content;
  const doc = createA4Document({
    title: first ? `${PRINT_DOCUMENT_TITLES_JA[first.kind]} ${copies.map((c) => c.content.documentNo).join(' ')}` : '',
    author: first?.issuer.company ?? '',
    subject: copies.map((c) => c.content.orderNo).join(' '),
    createdAt: printedAt,
  });
  const done = collect(doc);
  copies.forEach((copy, index) => {
    if (index > 0) doc.addPage();
    const start = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
    drawDocument(doc, copy);
    const end = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
    drawFooters(doc, `${PRINT_DOCUMENT_TITLES_JA[copy.content.kind]} ${copy.content.documentNo}`, { start, count: end - start });
    doc.switchToPage(end - 1);
  });
  doc.end();
  return done;
}

function drawDocument(doc: Doc, { content, reissue }: PrintDocumentCopy): void {
  drawTitleBlock(
    doc,
    PRINT_DOCUMENT_TITLES_JA[content.kind],
    [
      ...(reissue ? ['【再発行】'] : []),
      `No. ${content.documentNo}`,
      ...(content.replaces ? [`（${content.replaces} を訂正）`] : []),
      `発行日 ${japaneseDate(japanToday(new Date(content.issuedAt)))}`,
      `注文番号 ${content.orderNo}`,
    ],
    content.kind === 'delivery_request' ? 2 : 6,
  );
  drawParties(doc, content);
  drawTerms(doc, content);
  drawLines(doc, content);
  if (content.kind !== 'delivery_request') drawTotals(doc, content);
  if (content.note) drawHeadedRows(doc, '備考', [[{ text: printable(content.note), width: CONTENT_WIDTH }]]);
}

const PARTY = { toWidth: 290, fromX: MARGIN + 310, fromWidth: CONTENT_WIDTH - 310 };

function addressLines(party: PrintDocumentParty): string {
  return presentLines([party.zip && `〒${party.zip}`, party.address, party.tel && `TEL: ${party.tel}`]);
}

/** The addressee (and, on an invoice or receipt, the amount) on the left; the issuer on the right. */
function drawParties(doc: Doc, content: PrintDocumentContent): void {
  const top = doc.y;
  const left = LEFT_BLOCKS[content.kind];
  left(doc, content);
  const leftBottom = doc.y;
  drawIssuer(doc, content, top);
  doc.y = Math.max(leftBottom, doc.y) + BLOCK_GAP;
}

const LEFT_BLOCKS: Record<PrintDocumentContent['kind'], (doc: Doc, content: PrintDocumentContent) => void> = {
  invoice: (doc, c) => {
    drawAddressee(doc, buyerAddressee(c.buyer), addressLines(c.buyer));
    sentence(doc, '下記のとおりご請求申し上げます。');
    drawAmount(doc, 'ご請求金額', c.total);
  },
  receipt: (doc, c) => {
    drawAddressee(doc, c.receipt?.addressee ?? buyerAddressee(c.buyer), '');
    drawAmount(doc, '領収金額', c.total);
    setFont(doc, FONT.regular, SIZE.body);
    doc.text(printable(`但し ${c.receipt?.proviso ?? ''}`), MARGIN, doc.y, { width: PARTY.toWidth });
    sentence(doc, '上記正に領収いたしました。');
  },
  delivery_note: (doc, c) => {
    drawAddressee(doc, buyerAddressee(c.buyer), addressLines(c.buyer));
    sentence(doc, '下記のとおり納品いたしました。');
  },
  delivery_request: (doc, c) => {
    drawAddressee(doc, `${c.delivery.name} 様`, addressLines(c.delivery), 'お届け先');
    sentence(doc, '下記の商品の発送をお願いいたします。');
  },
};

function buyerAddressee(buyer: PrintDocumentParty): string {
  return buyer.companyName ? `${buyer.companyName} 御中\n${buyer.name} 様` : `${buyer.name} 様`;
}

function drawAddressee(doc: Doc, name: string, address: string, label?: string): void {
  if (label) {
    setFont(doc, FONT.regular, SIZE.body);
    doc.text(label, MARGIN, doc.y, { width: PARTY.toWidth });
  }
  setFont(doc, FONT.bold, BIG.party);
  doc.text(printable(name), MARGIN, doc.y, { width: PARTY.toWidth });
  rule(doc, MARGIN, doc.y, PARTY.toWidth);
  doc.y += 3;
  if (address) {
    setFont(doc, FONT.regular, SIZE.body);
    doc.text(printable(address), MARGIN, doc.y, { width: PARTY.toWidth });
  }
}

function sentence(doc: Doc, text: string): void {
  doc.y += BLOCK_GAP / 2;
  setFont(doc, FONT.regular, SIZE.body);
  doc.text(text, MARGIN, doc.y, { width: PARTY.toWidth });
  doc.y += BLOCK_GAP / 2;
}

/** The amount, big, with a thick rule under it. */
function drawAmount(doc: Doc, label: string, amount: number): void {
  const top = doc.y;
  setFont(doc, FONT.bold, SIZE.heading);
  const labelTop = top + (BIG.amount - SIZE.heading);
  doc.text(label, MARGIN, labelTop, { width: PARTY.toWidth });
  setFont(doc, FONT.bold, BIG.amount);
  doc.text(yen(amount), MARGIN + 70, top, { width: PARTY.toWidth - 130, align: 'right' });
  setFont(doc, FONT.regular, SIZE.body);
  doc.text('（税込）', MARGIN + PARTY.toWidth - 55, labelTop + 2, { width: 55, align: 'right' });
  const bottom = top + BIG.amount * 1.4;
  doc.save().lineWidth(1.5).strokeColor(COLOR.text).moveTo(MARGIN, bottom).lineTo(MARGIN + PARTY.toWidth, bottom).stroke().restore();
  doc.y = bottom + 4;
}

/** The issuer: company, address, phone and its invoice registration number. */
function drawIssuer(doc: Doc, content: PrintDocumentContent, top: number): void {
  const { issuer } = content;
  setFont(doc, FONT.bold, SIZE.heading);
  doc.text(printable(issuer.company), PARTY.fromX, top, { width: PARTY.fromWidth });
  setFont(doc, FONT.regular, SIZE.body);
  doc.text(
    printable(
      presentLines([
        issuer.zip && `〒${issuer.zip}`,
        issuer.address,
        issuer.phone && `TEL: ${issuer.phone}`,
        issuer.invoiceRegistrationNumber && `登録番号: ${issuer.invoiceRegistrationNumber}`,
      ]),
    ),
    PARTY.fromX,
    doc.y,
    { width: PARTY.fromWidth },
  );
}

const DATE_LABELS: Record<PrintDocumentContent['kind'], string> = {
  invoice: '取引年月日',
  receipt: '入金日',
  delivery_note: '納品日',
  delivery_request: '注文日',
};

function drawTerms(doc: Doc, content: PrintDocumentContent): void {
  const pairs: [string, string][] = [[DATE_LABELS[content.kind], japaneseDate(content.transactionDate)]];
  if (content.kind === 'delivery_request') {
    pairs.push(
      ['お届け希望日', presentLines([content.delivery.preferredDate && dateText(content.delivery.preferredDate), content.delivery.preferredPeriod]) || '指定なし'],
      ['ご依頼主', presentLines([buyerAddressee(content.buyer).replace('\n', ' '), addressLines(content.buyer)])],
    );
  } else {
    pairs.push(['お支払方法', content.paymentMethod]);
    if (content.kind === 'invoice' && content.issuer.bankAccount) pairs.push(['お振込先', content.issuer.bankAccount]);
    if (content.kind === 'delivery_note') pairs.push(['お届け先', presentLines([`${content.delivery.name} 様`, addressLines(content.delivery)])]);
  }
  drawKeyValueTable(doc, content.kind === 'delivery_request' ? '配送情報' : '取引情報', pairs);
}

/** A preferred date as typed: an ISO date printed the Japanese way, anything else as it is. */
function dateText(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? japaneseDate(value) : value;
}

// ---- Lines ----

const PRICED_WIDTH = { no: 22, code: 72, unitPrice: 64, amount: 44, tax: 38, total: 72 };
const PRICED_COLUMNS: ReadonlyArray<Column<PrintDocumentLine>> = [
  positionColumn(PRICED_WIDTH.no),
  { header: '商品コード', width: PRICED_WIDTH.code, align: 'left', value: (l) => l.productCode ?? '-' },
  { header: '商品名\nオプション', width: remainingWidth(PRICED_WIDTH), align: 'left', value: (l) => presentLines([l.productName, l.options]) },
  { header: '単価\n（税込）', width: PRICED_WIDTH.unitPrice, align: 'right', value: (l) => yen(l.unitPrice) },
  { header: '数量', width: PRICED_WIDTH.amount, align: 'right', value: (l) => NUMBER.format(l.amount) },
  { header: '税率', width: PRICED_WIDTH.tax, align: 'center', value: (l) => (l.taxRate === REDUCED_TAX_RATE ? `${l.taxRate}%※` : `${l.taxRate}%`) },
  { header: '金額\n（税込）', width: PRICED_WIDTH.total, align: 'right', value: (l) => yen(l.lineTotal) },
];

const REQUEST_WIDTH = { no: 22, code: 80, maker: 120, amount: 50 };
const REQUEST_COLUMNS: ReadonlyArray<Column<PrintDocumentLine>> = [
  positionColumn(REQUEST_WIDTH.no),
  { header: '商品コード', width: REQUEST_WIDTH.code, align: 'left', value: (l) => l.productCode ?? '-' },
  { header: '商品名\nオプション', width: remainingWidth(REQUEST_WIDTH), align: 'left', value: (l) => presentLines([l.productName, l.options]) },
  { header: 'メーカー', width: REQUEST_WIDTH.maker, align: 'left', value: (l) => l.makerName },
  { header: '数量', width: REQUEST_WIDTH.amount, align: 'right', value: (l) => NUMBER.format(l.amount) },
];

function drawLines(doc: Doc, content: PrintDocumentContent): void {
  const columns = content.kind === 'delivery_request' ? REQUEST_COLUMNS : PRICED_COLUMNS;
  drawTable(doc, '明細', headerCells(columns), itemRows(content.lines, columns));
}

// ---- Totals ----

const TOTALS = { labelWidth: 110, valueWidth: 170 };
type TotalRow = [label: string, value: string, strong: boolean];

/** 小計, the fees, 合計, then per rate what it covers and its tax; the ※ legend when a line is reduced-rate. */
function drawTotals(doc: Doc, content: PrintDocumentContent): void {
  const rows: TotalRow[] = [
    ['小計（税込）', yen(content.subtotal), false],
    ...content.fees.map((fee): TotalRow => [printable(fee.label), yen(fee.value), false]),
    ['合計（税込）', yen(content.total), true],
    ...content.taxes.map((tax): TotalRow => [`${tax.rate}%対象`, `${yen(tax.amountWithTax)}（内消費税 ${yen(tax.tax)}）`, false]),
  ];
  const cells = rows.map(([label, value, strong]): Cell[] => [
    { text: label, width: TOTALS.labelWidth, bold: true, fill: COLOR.fill },
    { text: value, width: TOTALS.valueWidth, align: 'right', bold: strong },
  ]);
  const heights = cells.map((row) => rowHeight(doc, row));
  const reduced = content.lines.some((line) => line.taxRate === REDUCED_TAX_RATE);
  setFont(doc, FONT.regular, SIZE.footer);
  keepTogether(doc, heights.reduce((sum, h) => sum + h, 0) + (reduced ? doc.currentLineHeight(true) + 4 : 0));
  const x = MARGIN + CONTENT_WIDTH - TOTALS.labelWidth - TOTALS.valueWidth;
  cells.forEach((row, index) => drawRow(doc, row, heights[index], x));
  if (reduced) {
    doc.y += 4;
    setFont(doc, FONT.regular, SIZE.footer);
    doc.text(REDUCED_RATE_LEGEND, x, doc.y, { width: TOTALS.labelWidth + TOTALS.valueWidth, align: 'right' });
  }
  doc.y += BLOCK_GAP;
}

function rule(doc: Doc, x: number, y: number, width: number): void {
  doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(RULE_WIDTH).strokeColor(COLOR.rule).stroke().restore();
}

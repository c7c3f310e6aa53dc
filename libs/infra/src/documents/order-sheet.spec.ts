import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { PREFERRED_PERIOD, preferredPeriodLabel } from '@oms/domain';
import { extractPdfText } from '../../test/support/pdf-text';
import { OrderSheetContent, OrderSheetLine, orderSheetCsv, renderOrderSheetPdf } from './index';

// Pure tests: the order sheet needs no database, but lives with the infra integration tests.

const CONFIRM_URL = 'https://console.example.jp/maker-confirm/4kX9d0Qm2vR8sT1uW3yZ5aB7cD9eF0gH1iJ2kL3mN4o';
const LONG_NAME =
  '無垢材ダイニングチェア（ウォールナット材・張座・ファブリックはグレー、アームなしタイプ、スタッキング不可、組立済みでお届け）';

const LINES: OrderSheetLine[] = [
  {
    productName: '無垢材ダイニングテーブル 幅180cm オーク',
    productCode: 'TBL-180-OAK',
    makerProductCode: 'YM-T180',
    option1: 'オイル仕上げ',
    option2: '脚: ストレート',
    amount: 1,
    wholesalePrice: 98000,
  },
  { productName: LONG_NAME, productCode: 'CHR-01', makerProductCode: null, option1: null, option2: null, amount: 4, wholesalePrice: 23500 },
  { productName: '檜のスツール', productCode: null, makerProductCode: 'YM-S45', option1: '高さ45cm', option2: null, amount: 2, wholesalePrice: 12000 },
];

function sheet(overrides: Partial<OrderSheetContent> = {}): OrderSheetContent {
  return {
    orderNo: '20261122-0000042',
    branchNo: '2',
    revision: 2,
    resent: false,
    issuedAt: new Date('2026-11-22T01:30:00Z'),
    shop: { name: 'ナチュラル家具ストア' },
    sender: { company: '株式会社サンプル商事', phone: '03-1234-5678', email: 'order@example.co.jp' },
    maker: { name: '山田木工株式会社', code: 'MK-0012', fax: '03-9876-5432', email: 'yamada@example.jp' },
    lines: LINES,
    delivery: {
      name: '佐藤 花子',
      zip: '150-0001',
      address: '東京都渋谷区神宮前1-2-3 サンプルマンション405号室',
      phone: '090-1111-2222',
      preferredDate: '2026-12-05',
      // What the repository stores: the slot's label (a sheet made while periods were free text keeps its text).
      preferredPeriod: preferredPeriodLabel(PREFERRED_PERIOD.late),
    },
    ediNote: '納品時は事前にお電話ください',
    supplierMemo: '前回と同じ梱包でお願いします。',
    confirmUrl: CONFIRM_URL,
    expiresAt: new Date('2026-11-29T14:59:00Z'),
    ...overrides,
  };
}

function hundredLines(): OrderSheetLine[] {
  return Array.from({ length: 100 }, (_, index) => ({
    ...LINES[index % LINES.length],
    productName: `テスト商品${index + 1}番 ${LINES[index % LINES.length].productName}`,
  }));
}

const compact = (text: string) => text.replace(/\s+/g, '');

describe('renderOrderSheetPdf', () => {
  it('prints the order, the parties, the lines with their total, the delivery, the notes and the confirmation link', async () => {
    const pdf = await renderOrderSheetPdf(sheet());
    const { pages, text } = await extractPdfText(pdf);

    expect(pages).toHaveLength(1);
    expect(text).toContain('発注書');
    expect(text).not.toContain('再送');
    expect(text).toContain('注文番号 20261122-0000042');
    expect(text).toContain('枝番 2');
    expect(text).toContain('Rev. 2');
    expect(text).toContain('発行日 2026年11月22日');
    expect(text).toContain('山田木工株式会社 御中');
    expect(text).toContain('MK-0012');
    expect(text).toContain('03-9876-5432');
    expect(text).toContain('ナチュラル家具ストア');
    expect(text).toContain('株式会社サンプル商事');
    for (const line of LINES) expect(compact(text)).toContain(compact(line.productName));
    expect(text).toContain('TBL-180-OAK');
    expect(text).toContain('YM-T180');
    expect(text).toContain('オイル仕上げ');
    expect(text).toContain('¥23,500'); // wholesale unit price
    expect(text).toContain('¥94,000'); // 4 × 23,500
    expect(text).toContain('合計 7 ¥216,000'); // 98,000 + 94,000 + 24,000
    expect(text).toContain('佐藤 花子');
    expect(text).toContain('〒150-0001');
    expect(text).toContain('東京都渋谷区神宮前1-2-3 サンプルマンション405号室');
    expect(text).toContain('090-1111-2222');
    expect(text).toContain('2026年12月05日');
    expect(text).toContain('19-21時');
    expect(text).toContain('納品時は事前にお電話ください');
    expect(text).toContain('前回と同じ梱包でお願いします。');
    expect(text).toContain('ご確認のお願い');
    expect(text).toContain(CONFIRM_URL);
    expect(text).toContain('2026年11月29日 23:59'); // the expiry in Japan time
    expect(text).toContain('1 / 1');
  });

  it('makes the confirmation URL a clickable link', async () => {
    const pdf = await renderOrderSheetPdf(sheet());
    expect(pdf.toString('latin1')).toContain(`/URI (${CONFIRM_URL})`);
  });

  it('marks a resent sheet clearly as 再送', async () => {
    const { text } = await extractPdfText(await renderOrderSheetPdf(sheet({ resent: true, revision: 3 })));
    expect(text).toContain('発注書（再送）');
    expect(text).toContain('Rev. 3');
  });

  it('prints the issue date as the Japan date', async () => {
    // 15:30 UTC is already the next morning in Japan.
    const { text } = await extractPdfText(await renderOrderSheetPdf(sheet({ issuedAt: new Date('2026-11-21T15:30:00Z') })));
    expect(text).toContain('発行日 2026年11月22日');
  });

  it('leaves out what the order does not have', async () => {
    const content = sheet({
      branchNo: null,
      ediNote: null,
      supplierMemo: null,
      delivery: { ...sheet().delivery, zip: null, phone: null, preferredDate: null, preferredPeriod: null },
    });
    const { text } = await extractPdfText(await renderOrderSheetPdf(content));
    expect(text).not.toContain('枝番');
    expect(text).not.toContain('〒');
    expect(text).toContain('希望日 指定なし');
    expect(text).toContain('時間帯 指定なし');
    expect(text).toContain('EDI備考 なし');
  });

  it('wraps a long product name inside its cell', async () => {
    const { text } = await extractPdfText(await renderOrderSheetPdf(sheet()));
    // Whole once whitespace is removed, but never on one line: it was broken to fit the column.
    expect(compact(text)).toContain(LONG_NAME);
    expect(text).not.toContain(LONG_NAME);
  });

  it('runs 100 lines over several pages, with the table header on each and every line present', async () => {
    const lines = hundredLines();
    const { pages, text } = await extractPdfText(await renderOrderSheetPdf(sheet({ lines })));

    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('商品名 品番 メーカー品番 オプション1 オプション2 数量 卸単価 金額');
    pages.forEach((page, index) => expect(page).toContain(`${index + 1} / ${pages.length}`));
    for (const line of lines) expect(compact(text)).toContain(compact(line.productName));
    expect(pages[pages.length - 1]).toContain('合計');
  });

  it('embeds a subset of Noto Sans JP, so the file stays small', async () => {
    const small = await renderOrderSheetPdf(sheet());
    const large = await renderOrderSheetPdf(sheet({ lines: hundredLines() }));

    for (const pdf of [small, large]) {
      const raw = pdf.toString('latin1');
      expect(raw).toMatch(/\/FontFile[23]/);
      expect(raw).toContain('NotoSansJP');
      expect(pdf.length).toBeLessThan(200 * 1024); // the whole font is 5 MB per weight
    }
  });

  it('renders the same content to the same bytes', async () => {
    const first = await renderOrderSheetPdf(sheet());
    const second = await renderOrderSheetPdf(sheet());
    expect(first.equals(second)).toBe(true);
  });
});

describe('orderSheetCsv', () => {
  const header =
    '注文番号,枝番,版,再送,発行日,メーカーコード,メーカー名,商品名,品番,メーカー品番,オプション1,オプション2,数量,卸単価,金額,' +
    'お届け先名,お届け先郵便番号,お届け先住所,お届け先電話番号,希望日,時間帯,EDI備考,仕入先メモ';

  it('writes UTF-8 with a BOM and CRLF: the header, then one row per line', () => {
    const csv = orderSheetCsv(sheet());

    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe(header);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const rows = parse(text) as string[][];
    expect(rows).toHaveLength(1 + LINES.length);
    expect(rows[2]).toEqual([
      '20261122-0000042',
      '2',
      '2',
      '',
      '2026-11-22',
      'MK-0012',
      '山田木工株式会社',
      LONG_NAME,
      'CHR-01',
      '',
      '',
      '',
      '4',
      '23500',
      '94000',
      '佐藤 花子',
      '150-0001',
      '東京都渋谷区神宮前1-2-3 サンプルマンション405号室',
      '090-1111-2222',
      '2026-12-05',
      '19-21時',
      '納品時は事前にお電話ください',
      '前回と同じ梱包でお願いします。',
    ]);
  });

  it('writes Shift_JIS (CP932) without a BOM when asked', () => {
    const csv = orderSheetCsv(sheet({ resent: true }), 'shift_jis');

    expect(csv[0]).not.toBe(0xef);
    const text = iconv.decode(csv, 'cp932');
    expect(text).toBe(orderSheetCsv(sheet({ resent: true })).toString('utf8').slice(1));
    expect(text).toContain('無垢材ダイニングテーブル 幅180cm オーク');
    expect(text.split('\r\n')[1].split(',')[3]).toBe('再送');
  });

  it('neutralises text cells a spreadsheet would run as a formula, not the numbers', () => {
    const content = sheet({
      lines: [{ ...LINES[0], productName: '=HYPERLINK("http://evil.example","開く")', option1: '-5mm', option2: '@SUM(A1)' }],
      delivery: { ...sheet().delivery, phone: '+81-90-1111-2222' },
    });
    const [, row] = parse(orderSheetCsv(content).toString('utf8').slice(1)) as string[][];

    expect(row[7]).toBe(`'=HYPERLINK("http://evil.example","開く")`);
    expect(row[10]).toBe(`'-5mm`);
    expect(row[11]).toBe(`'@SUM(A1)`);
    expect(row[18]).toBe(`'+81-90-1111-2222`);
    expect(row[12]).toBe('1');
  });
});

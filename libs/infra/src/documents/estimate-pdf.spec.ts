import { PNG } from 'pngjs';
import { extractPdfText } from '../../test/support/pdf-text';
import { EstimateDocumentContent, EstimateDocumentLine, renderDefaultSeal, renderEstimatePdf } from './index';

// Pure tests: the estimate needs no database, but lives with the infra integration tests.

const LONG_NAME = '無垢材ダイニングチェア（ウォールナット材・張座・ファブリックはグレー、アームなしタイプ、スタッキング不可、組立済みでお届け）';

const LINES: EstimateDocumentLine[] = [
  {
    ecProductCode: 'EC-TBL-180',
    productName: '無垢材ダイニングテーブル 幅180cm',
    optionDetail: 'オーク / オイル仕上げ',
    priceWithTax: 110000,
    amount: 1,
    unit: '台',
    taxPercentage: 10,
    lineTotal: 110000,
  },
  { ecProductCode: 'EC-CHR-01', productName: LONG_NAME, optionDetail: null, priceWithTax: 25850, amount: 4, unit: '脚', taxPercentage: 10, lineTotal: 103400 },
  { ecProductCode: null, productName: '国産緑茶ギフトセット', optionDetail: null, priceWithTax: 3240, amount: 5, unit: null, taxPercentage: 8, lineTotal: 16200 },
];

// 110,000 + 103,400 = 213,400 at 10% (tax 19,400); 16,200 at 8% (tax 1,200); fees 3,300 − 5,000.
function estimate(overrides: Partial<EstimateDocumentContent> = {}): EstimateDocumentContent {
  return {
    estimateNo: 'E20261122-0042',
    revision: 1,
    issuedAt: new Date('2026-11-22T01:30:00Z'),
    validUntil: '2026-12-22',
    issuer: {
      company: '株式会社サンプル商事',
      zip: '100-0001',
      address: '東京都千代田区千代田1-1',
      phone: '03-1234-5678',
      invoiceRegistrationNumber: 'T9234567890123',
    },
    customer: { name: '佐藤 花子', companyName: '株式会社ヤマダ建設', zip: '150-0001', address: '東京都渋谷区神宮前1-2-3', phone: '090-1111-2222' },
    personInCharge: '鈴木 一郎',
    deliveryLocation: '3F 会議室',
    faxNumber: '03-9999-0000',
    zip: '150-0002',
    paymentMethod: '銀行振込',
    lines: LINES,
    fees: [
      { label: '送料', value: 3300 },
      { label: '値引き', value: -5000 },
    ],
    subtotal: 229600,
    taxes: [
      { rate: 10, totalWithTax: 213400, tax: 19400 },
      { rate: 8, totalWithTax: 16200, tax: 1200 },
    ],
    total: 227900,
    notes: ['納期はご注文後約3週間です。', '搬入経路を事前にご確認ください。'],
    note: '設置は2名で伺います。',
    draft: false,
    seal: null,
    ...overrides,
  };
}

/** `count` lines, each product named by its position so that every one can be found in the text. */
function manyLines(count: number): EstimateDocumentLine[] {
  const lines: EstimateDocumentLine[] = [];
  for (let n = 1; n <= count; n++) {
    const like = LINES[n % LINES.length];
    lines.push({ ...like, productName: `テスト商品${n}番 ${like.productName}` });
  }
  return lines;
}

const compact = (text: string) => text.replace(/\s+/g, '');
/** Image XObjects in the file (a PNG with transparency is two: the picture and its alpha mask). */
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;

let seal: Buffer;
beforeAll(async () => {
  seal = await renderDefaultSeal('株式会社サンプル商事');
});

describe('renderEstimatePdf', () => {
  it('prints the estimate: number, dates, parties, terms, lines, fees, totals, tax per rate and notes', async () => {
    const { pages, text } = await extractPdfText(await renderEstimatePdf(estimate()));

    expect(pages).toHaveLength(1);
    expect(text).toContain('御見積書');
    expect(text).toContain('見積番号 E20261122-0042');
    expect(text).not.toContain('-R');
    expect(text).toContain('発行日 2026年11月22日');
    expect(text).toContain('有効期限 2026年12月22日');
    expect(text).toContain('株式会社ヤマダ建設 御中');
    expect(text).toContain('佐藤 花子 様');
    expect(text).toContain('FAX: 03-9999-0000');
    expect(text).toContain('御見積金額 ¥227,900');
    // The issuer.
    expect(text).toContain('株式会社サンプル商事');
    expect(text).toContain('〒100-0001');
    expect(text).toContain('TEL: 03-1234-5678');
    expect(text).toContain('登録番号: T9234567890123');
    expect(text).toContain('担当: 鈴木 一郎');
    expect(text).toContain('納品場所 〒150-0002 3F 会議室');
    expect(text).toContain('お支払方法 銀行振込');
    // The lines: code, name with its option, unit price, amount with unit, rate (※ on 8%), line total.
    for (const line of LINES) expect(compact(text)).toContain(compact(line.productName));
    expect(text).toContain('1 EC-TBL-180 無垢材ダイニングテーブル 幅180cm オーク / オイル仕上げ ¥110,000 1 台 10% ¥110,000');
    expect(text).toContain('¥25,850 4 脚 10% ¥103,400');
    expect(text).toContain('3 - 国産緑茶ギフトセット ¥3,240 5 8%※ ¥16,200');
    expect(text).toContain('※は軽減税率（8%）対象商品です。');
    // Fees and totals.
    expect(text).toContain('小計（税込） ¥229,600');
    expect(text).toContain('送料 ¥3,300');
    expect(text).toContain('値引き -¥5,000');
    expect(text).toContain('合計（税込） ¥227,900');
    expect(text).toContain('10%対象 ¥213,400（内消費税 ¥19,400）');
    expect(text).toContain('8%対象 ¥16,200（内消費税 ¥1,200）');
    expect(text).toContain('・納期はご注文後約3週間です。');
    expect(text).toContain('・搬入経路を事前にご確認ください。');
    expect(text).toContain('設置は2名で伺います。');
    expect(text).toContain('御見積書 E20261122-0042 1 / 1');
  });

  it('numbers a later revision <no>-R<n>', async () => {
    const { text } = await extractPdfText(await renderEstimatePdf(estimate({ revision: 2 })));
    expect(text).toContain('見積番号 E20261122-0042-R2');
    expect(text).toContain('御見積書 E20261122-0042-R2');
  });

  it('prints the issue date as the Japan date', async () => {
    // 15:30 UTC is already the next morning in Japan.
    const { text } = await extractPdfText(await renderEstimatePdf(estimate({ issuedAt: new Date('2026-11-21T15:30:00Z') })));
    expect(text).toContain('発行日 2026年11月22日');
  });

  it('addresses a private customer 様 only, and leaves out what the estimate does not have', async () => {
    const content = estimate({
      customer: { name: '佐藤 花子', companyName: null, zip: null, address: null, phone: null },
      faxNumber: null,
      personInCharge: null,
      notes: [],
      note: null,
      fees: [],
      lines: [LINES[0]],
      taxes: [{ rate: 10, totalWithTax: 110000, tax: 10000 }],
    });
    const { text } = await extractPdfText(await renderEstimatePdf(content));
    expect(text).toContain('佐藤 花子 様');
    expect(text).not.toContain('御中');
    expect(text).not.toContain('FAX');
    expect(text).not.toContain('担当');
    expect(text).not.toContain('備考');
    expect(text).not.toContain('8%');
    expect(text).not.toContain('※');
  });

  it('prints at most eight notes', async () => {
    const notes = Array.from({ length: 10 }, (_, index) => `備考その${index + 1}`);
    const { text } = await extractPdfText(await renderEstimatePdf(estimate({ notes })));
    expect(text).toContain('備考その8');
    expect(text).not.toContain('備考その9');
  });

  it('carries the 下書き / DRAFT watermark on every page of a draft, and none on an approved estimate', async () => {
    const draft = await extractPdfText(await renderEstimatePdf(estimate({ draft: true, lines: manyLines(60) })));
    expect(draft.pages.length).toBeGreaterThan(1);
    for (const page of draft.pages) expect(page).toMatch(/下書き\s*DRAFT/);

    const approved = await extractPdfText(await renderEstimatePdf(estimate({ draft: false })));
    expect(approved.text).not.toContain('下書き');
    expect(approved.text).not.toContain('DRAFT');
  });

  it('embeds the seal image only when the estimate is stamped', async () => {
    expect(imageCount(await renderEstimatePdf(estimate({ seal: null })))).toBe(0);
    expect(imageCount(await renderEstimatePdf(estimate({ seal })))).toBeGreaterThan(0);
  });

  it('runs many lines over several pages, with the table header on each that holds lines, the footer on all, and every line present', async () => {
    const lines = manyLines(100);
    const { pages, text } = await extractPdfText(await renderEstimatePdf(estimate({ lines, revision: 3 })));

    expect(pages.length).toBeGreaterThan(2);
    const pagesWithLines = pages.filter((page) => page.includes('テスト商品'));
    expect(pagesWithLines.length).toBeGreaterThan(2);
    for (const page of pagesWithLines) expect(page).toContain('No. 商品コード 商品名 オプション 単価 （税込） 数量 税率 金額 （税込）');
    pages.forEach((page, index) => expect(page).toContain(`御見積書 E20261122-0042-R3 ${index + 1} / ${pages.length}`));
    for (const line of lines) expect(compact(text)).toContain(compact(line.productName));
    expect(pages[pages.length - 1]).toContain('合計（税込） ¥227,900');
    expect(pages[0]).toContain('御見積金額 ¥227,900');
  });

  it('renders the same content to the same bytes, seal included', async () => {
    const first = await renderEstimatePdf(estimate({ seal, draft: true }));
    const second = await renderEstimatePdf(estimate({ seal, draft: true }));
    expect(first.equals(second)).toBe(true);
  });

  describe('the blank form (download-template)', () => {
    it('prints the header, the issuer and empty rows, with no figure of the estimate it was given', async () => {
      const pdf = await renderEstimatePdf(estimate({ blank: true, seal, revision: 2 }));
      const { pages, text } = await extractPdfText(pdf);

      expect(pages).toHaveLength(1);
      expect(text).toContain('御見積書');
      expect(text).toContain('株式会社サンプル商事');
      expect(text).toContain('登録番号: T9234567890123');
      for (const label of ['見積番号', '発行日', '有効期限', '御中', '様', '御見積金額', '納品場所', 'お支払方法', '商品コード', '小計（税込）', '合計（税込）', '備考']) {
        expect(text).toContain(label);
      }
      // Nothing of the estimate: no number, no customer, no lines, no amounts, no dates.
      expect(text).not.toContain('E20261122');
      expect(text).not.toContain('佐藤');
      expect(text).not.toContain('ヤマダ');
      expect(text).not.toContain('鈴木');
      expect(text).not.toContain('無垢材');
      expect(text).not.toContain('2026');
      expect(text).not.toMatch(/¥\s*\d/);
      expect(text).not.toMatch(/\d,\d{3}/);
      // A stamped blank could be filled in by anyone: no seal on the form.
      expect(imageCount(pdf)).toBe(0);
    });
  });
});

describe('renderDefaultSeal', () => {
  const RED = { min: 150, maxOther: 90 };
  const isRed = (png: PNG, x: number, y: number) => {
    const at = (y * png.width + x) * 4;
    const [r, g, b, alpha] = png.data.subarray(at, at + 4);
    return alpha > 128 && r >= RED.min && g <= RED.maxOther && b <= RED.maxOther;
  };
  const redPixels = (png: PNG, within: (x: number, y: number) => boolean) => {
    let count = 0;
    for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) if (within(x, y) && isRed(png, x, y)) count++;
    return count;
  };

  it('draws a red ring with the name inside, on a transparent 300 × 300 PNG', async () => {
    const png = PNG.sync.read(seal);
    expect([...seal.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([png.width, png.height]).toEqual([300, 300]);

    const fromCentre = (x: number, y: number) => Math.hypot(x - 150, y - 150);
    // The corners lie outside the ring: transparent.
    expect(png.data[3]).toBe(0);
    expect(png.data[(300 * 300 - 1) * 4 + 3]).toBe(0);
    // The ring: red all round near the edge.
    expect(redPixels(png, (x, y) => fromCentre(x, y) > 135)).toBeGreaterThan(3000);
    // The name: red strokes well inside the ring, which only a loaded font draws (no system fonts are used).
    expect(redPixels(png, (x, y) => fromCentre(x, y) < 110)).toBeGreaterThan(2000);
  });

  it('gives the same bytes for the same name, and different ones for another name', async () => {
    expect((await renderDefaultSeal('株式会社サンプル商事')).equals(seal)).toBe(true);
    expect((await renderDefaultSeal('山田木工株式会社')).equals(seal)).toBe(false);
  });

  it('refuses an empty name', async () => {
    await expect(renderDefaultSeal('  ')).rejects.toThrow(RangeError);
  });
});

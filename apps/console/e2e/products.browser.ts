import iconv from 'iconv-lite';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConsoleStack, expectCount } from './console-stack';

/** Screenshots the docs show (the import preview), written by this test. */
const DOCS_SCREENSHOTS = resolve(__dirname, '../../../docs/screenshots');

jest.setTimeout(180_000);

describe('products in Chromium', () => {
  let stack: ConsoleStack;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('ブラウザ店', 'BR-SHOP', 'platform_1') RETURNING id`);
    await stack.dataSource.query(`INSERT INTO makers (code, name, order_method, email) VALUES ('BR-MAKER', 'ブラウザ製作所', 'email', 'orders@maker.example.com')`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Types into an antd Select with search and takes the first match. */
  async function choose(page: import('playwright-core').Page, selector: string, text: string) {
    await page.click(selector);
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  it('creates a product, showing the price with tax computed, lands on its page, edits it back to the page, and finds it in the list', async () => {
    const operator = await stack.user('operator', 'product.editor@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/products`);
    await page.click('#product-create');
    await page.fill('#product-code', 'BR-P-001');
    await page.fill('#product-name', 'ブラウザで作った椅子');
    await choose(page, '#product-shop', 'BR-SHOP');
    await choose(page, '#product-maker', 'BR-MAKER');
    await page.fill('#product-price', '1980');
    await page.fill('#product-tax-percentage', '8');
    await page.waitForFunction(() => (document.querySelector('#product-price-with-tax') as HTMLInputElement | null)?.value === '2,138');
    expect(await page.locator('#product-price-with-tax').getAttribute('readonly')).not.toBeNull();
    await page.fill('#product-shop-product-id', '12345');
    await page.click('#product-save');
    const idItem = page.locator('.ant-form-item').filter({ has: page.locator('#product-shop-product-id') });
    await idItem.locator('.ant-form-item-explain-error').waitFor();
    await stack.screenshot(page, '40-product-digits');

    await page.fill('#product-shop-product-id', '123456789012');
    await page.click('#product-save');
    // Saved: its own page (ProductInformation), every field with the shop and maker by name.
    await page.waitForURL((url) => /^\/products\/\d+$/.test(url.pathname));
    await page.waitForSelector('text=商品を登録しました。');
    const field = (key: string) => page.locator(`[data-testid="product-${key}"]`).textContent();
    expect(await field('productCode')).toBe('BR-P-001');
    expect(await field('productName')).toBe('ブラウザで作った椅子');
    expect(await field('shop')).toBe('ブラウザ店 (BR-SHOP)');
    expect(await field('maker')).toBe('ブラウザ製作所 (BR-MAKER)');
    expect(await field('shopProductId')).toBe('123456789012');
    expect(await field('priceWithTax')).toBe('¥2,138');
    await page.waitForSelector('[data-testid="product-orders"]:has-text("0件")');
    await stack.screenshot(page, '41-product-page');
    const productPage = new URL(page.url()).pathname;

    await page.click('#product-edit');
    await page.fill('#product-name', 'ブラウザで直した椅子');
    await page.click('#product-save');
    await page.waitForURL((url) => url.pathname === productPage);
    await page.waitForSelector('text=商品を更新しました。');
    await page.waitForSelector('[data-testid="product-title"]:has-text("ブラウザで直した椅子")');

    await page.goto(`${stack.consoleUrl}/products`);
    await page.waitForSelector('td:has-text("BR-P-001")');
    expect(await page.locator('tr:has-text("BR-P-001")').textContent()).toContain('¥2,138');
    await stack.screenshot(page, '41-product-list');
    await page.click('tr:has-text("BR-P-001") a:has-text("ブラウザで直した椅子")');
    await page.waitForURL((url) => url.pathname === productPage);
    await context.close();
  });

  const HEADER = '商品コード,自社商品コード,EC商品コード,メーカー品番,ショップコード,ショップ商品ID,メーカーコード,商品名,カテゴリ名,税抜価格,税率,税込価格,卸価格,オプション1,オプション2,配送タイプ,出荷可,出荷目安,配送区分,表示,掲載対応,状態';
  const line = (code: string, name: string, price: string, category = '和家具') => `${code},,,,BR-SHOP,,BR-MAKER,${name},${category},${price},10,,,,,direct_delivery,1,3日,,1,supported,available`;

  it('imports a Shift_JIS product CSV: the preview of what changes, then applied on confirmation', async () => {
    const [shop] = await stack.dataSource.query(`SELECT id FROM shops WHERE code = 'BR-SHOP'`);
    const [maker] = await stack.dataSource.query(`SELECT id FROM makers WHERE code = 'BR-MAKER'`);
    await stack.dataSource.query(
      `INSERT INTO products (product_code, shop_id, maker_id, product_name, category_name, price, tax_percentage, tax, price_with_tax, shipping_type, estimate_ship_date)
       VALUES ('SJ-B-1', $1, $2, '髙級座卓①', '和家具', 5000, 10, 500, 5500, 'direct_delivery', '3日'),
              ('SJ-B-2', $1, $2, '桐たんす', '和家具', 120000, 10, 12000, 132000, 'direct_delivery', '3日')`,
      [shop.id, maker.id],
    );
    const operator = await stack.user('operator', 'product.importer@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/products`);
    await page.waitForSelector('#product-import');

    const file = iconv.encode(
      [HEADER, line('SJ-B-1', '髙級座卓①', '5800', ''), line('SJ-B-2', '桐たんす', '120000'), line('SJ-B-3', '文机', '18000'), line('SJ-B-4', '茶箪笥', '64000')].join('\r\n') + '\r\n',
      'cp932',
    );
    await page.setInputFiles('input[type="file"]', { name: '商品.csv', mimeType: 'text/csv', buffer: file });
    await page.waitForURL((url) => /^\/products\/imports\/\d+$/.test(url.pathname));
    await page.waitForSelector('[data-testid="import-preview"]');
    const count = async (key: string) => (await page.locator(`[data-testid="count-${key}"] .ant-statistic-content-value`).textContent())?.trim();
    expect([await count('new'), await count('changed'), await count('unchanged'), await count('clears'), await count('errors')]).toEqual(['2', '1', '1', '1', '0']);
    expect(await page.locator('[data-testid="import-clears"] li').allTextContents()).toEqual(['2行目・SJ-B-1「カテゴリ名」: 和家具']);
    const changed = page.locator('[data-testid="import-changed"] tbody tr');
    await expectCount(changed, 1);
    expect(await changed.textContent()).toContain('税抜価格: 5000 → 5800');
    expect(await changed.locator('.import-clear').textContent()).toContain('カテゴリ名: 和家具 → （空欄）');
    // Nothing is written before Apply.
    expect(await stack.dataSource.query(`SELECT count(*)::int AS n FROM products WHERE product_code LIKE 'SJ-B-%'`)).toEqual([{ n: 2 }]);
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(DOCS_SCREENSHOTS, 'import-preview.png'), fullPage: true });

    await page.click('#import-apply');
    await page.waitForSelector('text=空欄のセルで1件の値が消えます。取り込みますか？');
    await page.click('.ant-popconfirm .ant-btn-primary');
    await page.waitForSelector('text=3件を取り込みました。');
    await page.waitForSelector('text=新規2件・更新1件・変更なし1件');
    await stack.screenshot(page, '42-product-imported');
    await page.click('#import-done');
    await page.fill('#filter-keyword', 'SJ-B-');
    await page.click('#filter-search');
    await page.waitForURL((url) => url.search.includes('keyword='));
    await expectCount(page.locator('tbody tr:has-text("SJ-B-")'), 4);
    expect(await page.locator('tr:has-text("SJ-B-1")').textContent()).toContain('¥5,800');
    await context.close();
  });

  it('shows every error of a bad file (the first 1,000 and how many more), and offers the rejected rows and Cancel', async () => {
    const operator = await stack.user('operator', 'product.errors@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/products`);
    await page.waitForSelector('#product-import');

    const rows = [line('SJ-E-1', '', '5000'), line('SJ-E-2', '箪笥', '１０００'), ...Array.from({ length: 1001 }, (_, i) => line(`SJ-E-${i + 3}`, '机', '-1'))];
    await page.setInputFiles('input[type="file"]', { name: 'bad.csv', mimeType: 'text/csv', buffer: iconv.encode([HEADER, ...rows].join('\r\n'), 'cp932') });
    await page.waitForSelector('[data-testid="import-errors"]');
    const errors = page.locator('[data-testid="import-errors"] li');
    await expectCount(errors, 1000);
    expect(await errors.nth(0).textContent()).toBe('2行目「商品名」: 必須項目です。');
    expect(await errors.nth(1).textContent()).toBe('3行目「税抜価格」: 整数で入力してください。');
    expect(await page.locator('[data-testid="import-errors"] [data-testid="more"]').textContent()).toBe('ほか3件');
    expect(await page.locator('#import-rejected-rows').textContent()).toBe('エラーの行をダウンロード（1003行）');
    expect(await page.locator('#import-apply').isDisabled()).toBe(true);
    await stack.screenshot(page, '43-product-import-errors');

    // The rejected rows open as a download (the media token in its URL).
    const rejected = context.waitForEvent('response', (r) => r.url().includes('/rejected-rows?token='));
    await page.click('#import-rejected-rows');
    const response = await rejected;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=Shift_JIS');

    await page.click('#import-cancel');
    await page.waitForURL((url) => url.pathname === '/products');
    expect(await stack.dataSource.query(`SELECT status FROM product_imports WHERE file_name = 'bad.csv'`)).toEqual([{ status: 'discarded' }]);
    await context.close();
  });

  it('exports the product list in Shift_JIS when asked', async () => {
    const operator = await stack.user('operator', 'product.exporter@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/products`);
    await page.hover('#product-export');
    const exported = context.waitForEvent('response', (r) => r.url().includes('/products/export?'));
    await page.click('text=Shift_JIS（Excel用）');
    const response = await exported;
    expect(new URL(response.url()).searchParams.get('encoding')).toBe('shift_jis');
    expect(response.headers()['content-type']).toBe('text/csv; charset=Shift_JIS');
    await context.close();
  });
});

import iconv from 'iconv-lite';
import { ConsoleStack, expectCount } from './console-stack';

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

  it('creates a product, showing the price with tax computed, and finds it in the list', async () => {
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
    await page.waitForURL((url) => url.pathname === '/products');
    await page.waitForSelector('text=商品を登録しました。');
    await page.waitForSelector('td:has-text("BR-P-001")');
    expect(await page.locator('tr:has-text("BR-P-001")').textContent()).toContain('¥2,138');
    await stack.screenshot(page, '41-product-list');
    await context.close();
  });

  it('imports a Shift_JIS product CSV and shows the products, and every row error of a bad file', async () => {
    const operator = await stack.user('operator', 'product.importer@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/products`);
    await page.waitForSelector('#product-import');

    const header = '商品コード,自社商品コード,EC商品コード,メーカー品番,ショップコード,ショップ商品ID,メーカーコード,商品名,カテゴリ名,税抜価格,税率,税込価格,卸価格,オプション1,オプション2,配送タイプ,出荷可,出荷目安,配送区分,表示,掲載対応,状態';
    const line = (code: string, name: string, price: string) => `${code},,,,BR-SHOP,,BR-MAKER,${name},和家具,${price},10,,,,,direct_delivery,1,3日,,1,supported,available`;
    const good = iconv.encode(`${header}\r\n${line('SJ-B-1', '髙級座卓①', '5000')}\r\n${line('SJ-B-2', '桐たんす', '120000')}\r\n`, 'cp932');
    await page.setInputFiles('input[type="file"]', { name: '商品.csv', mimeType: 'text/csv', buffer: good });
    await page.waitForSelector('text=2件を取り込みました（新規2件・更新0件）。');
    await page.fill('#filter-keyword', 'SJ-B-');
    await page.click('#filter-search');
    await page.waitForURL((url) => url.search.includes('keyword='));
    await page.waitForSelector('td:has-text("髙級座卓①")');
    await page.waitForSelector('td:has-text("桐たんす")');
    await expectCount(page.locator('tbody tr:has-text("SJ-B-")'), 2);
    await stack.screenshot(page, '42-product-imported');

    const bad = iconv.encode(`${header}\r\n${line('SJ-B-3', '', '5000')}\r\n${line('SJ-B-4', '箪笥', '１０００')}\r\n`, 'cp932');
    await page.setInputFiles('input[type="file"]', { name: 'bad.csv', mimeType: 'text/csv', buffer: bad });
    const errors = page.locator('[data-testid="import-errors"] li');
    await errors.first().waitFor();
    expect(await errors.allTextContents()).toEqual(['2行目「商品名」: 必須項目です。', '3行目「税抜価格」: 整数で入力してください。']);
    await stack.screenshot(page, '43-product-import-errors');
    await context.close();
  });
});

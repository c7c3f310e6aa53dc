import { ConsoleStack } from './console-stack';

jest.setTimeout(180_000);

describe('makers in Chromium', () => {
  let stack: ConsoleStack;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('creates a maker, with the order-method rule shown under the fax field, and finds it in the list', async () => {
    const operator = await stack.user('operator', 'maker.editor@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/makers`);
    await page.click('#maker-create');
    await page.fill('#maker-code', 'FAX-MAKER-01');
    await page.fill('#maker-name', '株式会社ファクス工業');
    await page.click('#maker-order-method input[value="fax"]');
    await page.click('#maker-save');
    const faxItem = page.locator('.ant-form-item').filter({ has: page.locator('#maker-fax') });
    await faxItem.locator('.ant-form-item-explain-error').waitFor();
    expect(await faxItem.locator('.ant-form-item-explain-error').textContent()).toBe('FAXで発注するメーカーにはFAX番号が必要です。');
    await stack.screenshot(page, '10-maker-fax-required');

    await page.fill('#maker-fax', '06-1234-5678');
    await page.click('#maker-save');
    await page.waitForURL((url) => url.pathname === '/makers');
    await page.waitForSelector('text=メーカーを登録しました。');
    await page.fill('#filter-keyword', 'ファクス');
    await page.click('#filter-search');
    await page.waitForURL((url) => url.search.includes('keyword='));
    // The filtered list settles on the one maker (the table may re-render while SWR revalidates).
    await page.waitForFunction(() => {
      const rows = document.querySelectorAll('.ant-table-row');
      return rows.length === 1 && rows[0].textContent?.includes('FAX-MAKER-01');
    });
    await stack.screenshot(page, '11-maker-list');
    await context.close();
  });

  it('shows a maker user only their own maker, without create', async () => {
    const makerUser = await stack.user('maker', 'own.maker@example.com', '自社 担当');
    const context = await stack.signedInContext(makerUser);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/makers`);
    await page.waitForSelector('.ant-table-row');
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1);
    expect(await page.locator('#maker-create').count()).toBe(0);
    await page.goto(`${stack.consoleUrl}/makers/create`);
    await page.waitForSelector('[data-testid="forbidden"]');
    await context.close();
  });
});

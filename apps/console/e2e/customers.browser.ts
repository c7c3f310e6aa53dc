import { ConsoleStack, expectCount } from './console-stack';

jest.setTimeout(180_000);

describe('customers in Chromium', () => {
  let stack: ConsoleStack;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('creates a customer, finds it in the list, and links it to the customer sharing its phone number', async () => {
    // Someone already on file, with the same number written with full-width digits.
    await stack.dataSource.query(
      `INSERT INTO customers (id, same_person_id, name, phone, phone_normalized)
       SELECT v.id, v.id, '既存 顧客', '０７０－１２３４－５６７８', '07012345678' FROM (SELECT nextval(pg_get_serial_sequence('customers', 'id')) AS id) v`,
    );
    const operator = await stack.user('call_center', 'customer.editor@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/customers`);
    await page.click('#customer-create');
    await page.fill('#customer-name', 'ブラウザ 花子');
    await page.fill('#customer-name-kana', 'ぶらうざ');
    await page.fill('#customer-phone', '070-1234-5678');
    await page.click('#customer-save');
    const kanaItem = page.locator('.ant-form-item').filter({ has: page.locator('#customer-name-kana') });
    await kanaItem.locator('.ant-form-item-explain-error').waitFor();
    expect(await kanaItem.locator('.ant-form-item-explain-error').textContent()).toBe('全角カタカナで入力してください。');

    await page.fill('#customer-name-kana', 'ブラウザ ハナコ');
    await page.click('#customer-save');
    await page.waitForURL((url) => url.pathname === '/customers');
    await page.waitForSelector('text=顧客を登録しました。');

    await page.fill('#filter-phone', '07012345678');
    await page.click('#filter-search');
    await page.waitForURL((url) => url.search.includes('phone='));
    await page.waitForSelector('td:has-text("ブラウザ 花子")');
    await expectCount(page.locator('.ant-table-row'), 2);
    await stack.screenshot(page, '20-customer-list');

    // The same-person link: both rows show a group of two; the drawer lists both.
    const row = page.locator('.ant-table-row').filter({ hasText: 'ブラウザ 花子' });
    await row.locator('[data-testid^="same-person-"]').click();
    const members = page.locator('.ant-drawer [data-testid="same-person-member"]');
    await members.nth(1).waitFor();
    await expectCount(members, 2);
    expect(await members.allTextContents()).toEqual([expect.stringContaining('既存 顧客'), expect.stringContaining('ブラウザ 花子')]);
    await stack.screenshot(page, '21-customer-same-person');

    // Export with nothing selected is refused with the SPEC message.
    await page.keyboard.press('Escape');
    await page.click('#customer-export');
    await page.waitForSelector('text=顧客を1件以上選択してください。');
    await context.close();
  });
});

import { ConsoleStack, expectCount } from './console-stack';

jest.setTimeout(180_000);

describe('settings in Chromium', () => {
  let stack: ConsoleStack;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('edits a shop in its dialog, sees the new values in the list, and a server 422 under its field', async () => {
    await stack.dataSource.query(
      `INSERT INTO shops (name, code, type, edi_stop_amount, order_reminder_days, order_reminder_hour) VALUES ('ブラウザ店', 'BROWSER-1', 'platform_1', 5, 2, 9)`,
    );
    const approver = await stack.user('approver', 'settings.editor@example.com');
    const context = await stack.signedInContext(approver);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/settings`);
    const row = page.locator('.ant-table-row').filter({ hasText: 'BROWSER-1' });
    await row.locator('[data-testid="edi-stop-amount"]').waitFor();
    expect(await row.locator('[data-testid="edi-stop-amount"]').textContent()).toBe('5万円');

    await page.click('[data-testid="shop-edit-BROWSER-1"]');
    await page.waitForSelector('#shop-form');
    await page.fill('#shop-ediStopAmount', '12');
    await page.fill('#shop-orderReminderDays', '4');
    await page.click('#shop-form-save');
    await page.waitForSelector('text=保存しました。');
    await page.locator('#shop-form').waitFor({ state: 'detached' });
    await row.locator('[data-testid="edi-stop-amount"]', { hasText: '12万円' }).waitFor();
    expect(await row.locator('[data-testid="reminders"]').textContent()).toContain('4日後の9時');
    await stack.screenshot(page, '30-settings-shop-updated');
    const [stored] = await stack.dataSource.query(`SELECT edi_stop_amount, order_reminder_days, version FROM shops WHERE code = 'BROWSER-1'`);
    expect(stored).toEqual({ edi_stop_amount: 12, order_reminder_days: 4, version: 2 });

    // The console does not check the address itself: the server's 422 lands under the field.
    await page.click('[data-testid="shop-edit-BROWSER-1"]');
    await page.waitForSelector('#shop-form');
    await page.fill('#shop-admin-url', 'ftp://admin.example.jp');
    await page.click('#shop-form-save');
    const urlItem = page.locator('.ant-form-item').filter({ has: page.locator('#shop-admin-url') });
    await urlItem.locator('.ant-form-item-explain-error').waitFor();
    expect(await urlItem.locator('.ant-form-item-explain-error').textContent()).toBe('管理画面URLは http または https で始まるURLを入力してください。');
    await stack.screenshot(page, '31-settings-shop-server-error');
    await context.close();
  });

  it('shows read-only roles the settings without write buttons', async () => {
    const operator = await stack.user('operator', 'settings.reader@example.com');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/settings`);
    await page.locator('.ant-table-row').filter({ hasText: 'BROWSER-1' }).waitFor();
    expect(await page.locator('#shop-create').count()).toBe(0);
    expect(await page.locator('[data-testid="shop-edit-BROWSER-1"]').count()).toBe(0);
    await page.goto(`${stack.consoleUrl}/settings?tab=payment`);
    await page.waitForSelector('td:has-text("後払い")');
    await expectCount(page.locator('#payment-table .ant-table-row'), 6);
    await page.goto(`${stack.consoleUrl}/settings?tab=shipping`);
    await page.waitForSelector('#delivery-method-table');
    expect(await page.locator('#delivery-method-create').count()).toBe(0);
    await context.close();
  });

  it('keeps the contact makers reach a shop at, with the server’s refusal under the e-mail', async () => {
    await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('連絡先の店', 'BROWSER-CONTACT', 'platform_1')`);
    const approver = await stack.user('approver', 'settings.contact@example.com');
    const context = await stack.signedInContext(approver);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/settings`);
    await page.click('[data-testid="shop-edit-BROWSER-CONTACT"]');
    await page.waitForSelector('#shop-form');
    await page.fill('#shop-contact-company', '株式会社連絡先家具');
    await page.fill('#shop-contact-person', '発注担当 山田');
    await page.fill('#shop-contact-phone', '03-1234-0001');
    await page.fill('#shop-contact-fax', '03-1234-0002');
    await page.fill('#shop-contact-email', 'hacchu@');
    await page.click('#shop-form-save');
    const emailItem = page.locator('.ant-form-item').filter({ has: page.locator('#shop-contact-email') });
    await emailItem.locator('.ant-form-item-explain-error').waitFor();
    await page.fill('#shop-contact-email', 'hacchu@renraku-kagu.example.jp');
    await page.click('#shop-form-save');
    await page.locator('#shop-form').waitFor({ state: 'detached' });
    const [stored] = await stack.dataSource.query(
      `SELECT contact_company, contact_person, contact_phone, contact_fax, contact_email FROM shops WHERE code = 'BROWSER-CONTACT'`,
    );
    expect(stored).toEqual({
      contact_company: '株式会社連絡先家具',
      contact_person: '発注担当 山田',
      contact_phone: '03-1234-0001',
      contact_fax: '03-1234-0002',
      contact_email: 'hacchu@renraku-kagu.example.jp',
    });
    await page.click('[data-testid="shop-edit-BROWSER-CONTACT"]');
    expect(await page.inputValue('#shop-contact-company')).toBe('株式会社連絡先家具');
    await stack.screenshot(page, '32-settings-shop-contact');
    await context.close();
  });
});

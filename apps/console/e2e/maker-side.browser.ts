import { INestApplicationContext } from '@nestjs/common';
import { japanToday } from '@oms/domain';
import { loadConfig } from '@oms/infra';
import { extractPdfText } from '../../../libs/infra/test/support/pdf-text';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { createWorkers } from '../../workers/test/support/workers-app';
import { apiCall, ConsoleStack } from './console-stack';

jest.setTimeout(240_000);

/**
 * The makers' side in Chromium, with the real workers and a real SMTP server: staff order from
 * two makers; each maker's sheet arrives (e-mail, fax gateway); the link on it opens the public
 * confirmation page, where the maker accepts; staff see the sheets and the answer on the order and
 * send a sheet again; a signed-in maker sees only its own sheets and answers from the console.
 */
describe('order sheets and the maker confirmation page in Chromium', () => {
  let stack: ConsoleStack;
  let smtp: SmtpSink;
  let workers: INestApplicationContext;
  let shopId: string;
  let mailMaker: string;
  let faxMaker: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    smtp = await SmtpSink.start();
    workers = await createWorkers(loadConfig('workers', { ...stack.env.env, SMTP_URL: smtp.url, FAX_GATEWAY_ADDRESS: '{fax}@fax-gateway.test' }));
    [{ id: shopId }] = await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('発注ブラウザ店', 'BR-SHEET', 'platform_1') RETURNING id`);
    [{ id: mailMaker }] = await stack.dataSource.query(
      `INSERT INTO makers (code, name, order_method, email) VALUES ('BR-MAIL', '山本木工所', 'email', 'orders@yamamoto.example.jp') RETURNING id`,
    );
    [{ id: faxMaker }] = await stack.dataSource.query(`INSERT INTO makers (code, name, order_method, fax) VALUES ('BR-FAX', '鈴木家具', 'fax', '06-1234-5678') RETURNING id`);
  });

  afterAll(async () => {
    await workers?.close();
    await smtp?.close();
    await stack?.stop();
  });

  // The signed-in user's own API calls, from the page.
  const call = apiCall;

  it('takes staff from ordering to the maker’s answer and a resend, and the maker through the link', async () => {
    const operator = await stack.user('operator', 'sheets.operator@example.com');
    const staff = await stack.signedInContext(operator);
    const page = await staff.newPage();
    await page.goto(`${stack.consoleUrl}/orders`);
    const created = await call(page, 'POST', '/orders', {
      shop_id: Number(shopId),
      payment_method_id: 0,
      order_date: '2025-11-01',
      buyer_name: '山田 太郎',
      delivery_name: '佐藤 花子',
      delivery_address: '大阪府大阪市北区1-1',
      send_mail_flag: 0,
      lines: [
        { product_name: '檜の座卓', maker_id: Number(mailMaker), amount: 1, price_with_tax: 33000, tax_percentage: 10, wholesale_price: 18000 },
        { product_name: '桐箪笥', maker_id: Number(faxMaker), amount: 1, price_with_tax: 88000, tax_percentage: 10, wholesale_price: 50000 },
      ],
      confirmed_product_changes_at: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    const order = created.body.data;
    const sent = await call(page, 'PUT', `/orders/${order.id}/order_process`, { version: order.version, line_ids: order.lines.map((l: { id: string }) => Number(l.id)) });
    expect(sent.status).toBe(200);

    const mail = await smtp.waitFor('orders@yamamoto.example.jp');
    await smtp.waitFor('0612345678@fax-gateway.test');
    expect((await extractPdfText(mail.attachments[0].content)).text).toContain('檜の座卓');
    const link = /https?:\/\/\S+\/maker-confirm\/[A-Za-z0-9_-]{43}/.exec(mail.text!)![0];
    expect(link.startsWith(stack.consoleUrl)).toBe(true);

    // The maker, not signed in, opens the link from the mail.
    const makerContext = await stack.browser.newContext();
    const makerPage = await makerContext.newPage();
    await makerPage.goto(link);
    await makerPage.waitForSelector('[data-testid="confirm-page"]');
    expect(await makerPage.textContent('[data-testid="confirm-order-no"]')).toBe(order.order_no);
    expect(await makerPage.locator('[data-testid="confirm-lines"]').textContent()).toContain('檜の座卓');
    expect(await makerPage.locator('[data-testid="confirm-lines"]').textContent()).not.toContain('桐箪笥');
    await stack.screenshot(makerPage, '60-maker-confirm-ja');
    await makerPage.click('[data-testid="lang-en"]');
    await makerPage.waitForSelector('text=Please confirm this order');
    await stack.screenshot(makerPage, '61-maker-confirm-en');
    await makerPage.click('[data-testid="lang-ja"]');
    await makerPage.click('#answer-accept');
    // Accepting needs the date: nothing is sent without it.
    await makerPage.click('[data-testid="confirm-submit"]');
    await makerPage.waitForSelector('#maker-answer_estimatedShipDate_help:has-text("出荷予定日を入力してください")');
    // A past date typed and confirmed with Enter stays in the field, with the reason under it; nothing is sent.
    const dateField = '#maker-answer_estimatedShipDate';
    await makerPage.click(dateField);
    await makerPage.fill(dateField, '2020-01-15');
    await makerPage.keyboard.press('Enter');
    await makerPage.waitForSelector('#maker-answer_estimatedShipDate_help:has-text("本日以降の日付を入力してください。")');
    expect(await makerPage.inputValue(dateField)).toBe('2020-01-15');
    await makerPage.click('[data-testid="confirm-submit"]');
    await makerPage.waitForSelector('#maker-answer_estimatedShipDate_help:has-text("本日以降の日付を入力してください。")');
    expect(await makerPage.inputValue(dateField)).toBe('2020-01-15');
    await stack.screenshot(makerPage, '62-maker-confirm-past-date');
    const untouched = await stack.dataSource.query(`SELECT status FROM order_lines WHERE order_id = $1 ORDER BY id`, [order.id]);
    expect(untouched.map((l: { status: number }) => l.status)).toEqual([3, 3]);

    const shipOn = japanToday(new Date(Date.now() + 3 * 86_400_000));
    await makerPage.fill(dateField, shipOn);
    await makerPage.keyboard.press('Enter');
    await makerPage.click('[data-testid="confirm-submit"]');
    await makerPage.waitForSelector('[data-testid="confirm-result"]');
    await stack.screenshot(makerPage, '63-maker-confirm-answered');
    const lines = await stack.dataSource.query(`SELECT maker_id::text, status FROM order_lines WHERE order_id = $1 ORDER BY id`, [order.id]);
    expect(lines.map((l: { status: number }) => l.status)).toEqual([4, 3]);
    const part = async () =>
      (await stack.dataSource.query(`SELECT to_char(estimated_ship_date, 'YYYY-MM-DD') AS d FROM order_makers WHERE order_id = $1 AND maker_id = $2`, [order.id, mailMaker]))[0].d;
    expect(await part()).toBe(shipOn);

    // Answered, the link shows the answer given, and the ship date can change until the lines ship.
    await makerPage.reload();
    await makerPage.waitForSelector('[data-testid="confirm-page"][data-stage="answered"]');
    expect(await makerPage.textContent('[data-testid="confirm-current-status"]')).toBe('受注可');
    expect(await makerPage.locator('[data-testid="confirm-form"]').count()).toBe(0);
    const changedTo = japanToday(new Date(Date.now() + 6 * 86_400_000));
    await makerPage.click('#ship-date-change_estimatedShipDate');
    await makerPage.fill('#ship-date-change_estimatedShipDate', changedTo);
    await makerPage.keyboard.press('Enter');
    await makerPage.click('[data-testid="ship-date-change-submit"]');
    await makerPage.waitForSelector('[data-testid="ship-date-change-outcome"]:has-text("出荷予定日を変更しました。")');
    expect(await part()).toBe(changedTo);
    await stack.screenshot(makerPage, '64-maker-confirm-ship-date-changed');
    await makerContext.close();

    // Staff see both sheets sent and the answer on the order, and send the fax maker's sheet again.
    await page.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await page.waitForSelector(`[data-testid="order-sheets-${faxMaker}"]`);
    await page.waitForSelector(`[data-testid="order-sheets-${mailMaker}"] [data-status="sent"]`);
    expect(await page.textContent(`[data-testid="confirm-status-${mailMaker}"]`)).toBe('受注可');
    // The history names who answered: the maker, through the link (no account); the changed ship date is a row of its own.
    await page.waitForSelector('[data-testid="status-history"] tr:has-text("メーカー（確認ページ）")');
    await page.waitForSelector(`[data-testid="status-history"] tr:has-text("出荷予定日の変更"):has-text("${shipOn} → ${changedTo}")`);
    await page.click(`#sheet-request-${faxMaker}`);
    await page.click(`#sheet-request-ok-${faxMaker}`);
    await page.waitForFunction((id) => document.querySelectorAll(`[data-testid="order-sheets-${id}"] [data-status]`).length === 2, faxMaker, { timeout: 30_000 });
    await page.waitForFunction((id) => Array.from(document.querySelectorAll(`[data-testid="order-sheets-${id}"] [data-status]`)).every((e) => e.getAttribute('data-status') === 'sent'), faxMaker, { timeout: 30_000 });
    await stack.screenshot(page, '65-order-sheets');
    expect(smtp.to('0612345678@fax-gateway.test')).toHaveLength(2);
    await staff.close();

    // The fax maker, signed in, sees its own sheets only.
    const makerUser = await stack.user('maker', 'fax.maker@example.com', '鈴木 担当');
    await stack.dataSource.query(`UPDATE users SET maker_id = $1 WHERE id = $2`, [faxMaker, makerUser.id]);
    const own = await stack.signedInContext({ ...makerUser, makerId: faxMaker });
    const ownPage = await own.newPage();
    await ownPage.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await ownPage.waitForSelector(`[data-testid="order-sheets-${faxMaker}"]`);
    expect(await ownPage.locator(`[data-testid="order-sheets-${mailMaker}"]`).count()).toBe(0);
    expect(await ownPage.locator(`#sheet-request-${faxMaker}`).count()).toBe(0);
    await stack.screenshot(ownPage, '66-maker-own-sheets');
    await own.close();
  });
});

import { INestApplicationContext } from '@nestjs/common';
import { japanToday } from '@oms/domain';
import { loadConfig } from '@oms/infra';
import type { Page } from 'playwright-core';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { createWorkers } from '../../workers/test/support/workers-app';
import { apiData, ConsoleStack } from './console-stack';

jest.setTimeout(240_000);

const SAGAWA = 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={code}';

/**
 * The buyer's shipment notice in Chromium, with the real workers and a real SMTP server: staff set
 * up the delivery company's tracking URL and the mail template in settings (with its preview),
 * ship a line on the order, and the buyer's mail arrives once with the tracking link; the order
 * shows the code as that link and the mail in its history.
 */
describe('the shipment notice, from settings to the buyer’s mailbox', () => {
  let stack: ConsoleStack;
  let smtp: SmtpSink;
  let workers: INestApplicationContext;
  let shopId: string;
  let makerId: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    smtp = await SmtpSink.start();
    workers = await createWorkers(loadConfig('workers', { ...stack.env.env, SMTP_URL: smtp.url }));
    [{ id: shopId }] = await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('発送通知家具店', 'BR-SHIP', 'platform_1') RETURNING id`);
    [{ id: makerId }] = await stack.dataSource.query(
      `INSERT INTO makers (code, name, order_method, email) VALUES ('BR-SHIP-M', '佐藤木工', 'email', 'orders@sato-mokko.example.jp') RETURNING id`,
    );
  });

  afterAll(async () => {
    await workers?.close();
    await smtp?.close();
    await stack?.stop();
  });

  const fieldError = (page: Page, inputId: string) => page.locator('.ant-form-item').filter({ has: page.locator(inputId) }).locator('.ant-form-item-explain-error');

  it('ships a line in the console and the buyer gets one mail with the tracking link', async () => {
    const approver = await stack.user('approver', 'ship.approver@example.com', '発送 担当');
    const context = await stack.signedInContext(approver);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });

    // Settings, shipping: a delivery company whose tracking URL has {code} where the code goes.
    await page.goto(`${stack.consoleUrl}/settings?tab=shipping`);
    await page.click('#delivery-company-create');
    await page.fill('#delivery-company-name', '佐川急便');
    await page.fill('#delivery-company-trackingUrl', 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do');
    await page.click('#delivery-company-form-save');
    await fieldError(page, '#delivery-company-trackingUrl').waitFor();
    expect(await fieldError(page, '#delivery-company-trackingUrl').textContent()).toBe(
      '追跡URLには、追跡番号が入る場所に {code} を入れてください（ほかの { } は使えません）。',
    );
    await page.fill('#delivery-company-trackingUrl', SAGAWA);
    await page.click('#delivery-company-form-save');
    await page.waitForSelector('#delivery-company-table >> text=佐川急便');

    // Settings, mail: the shipment notice, an unknown placeholder refused, a preview, saved.
    await page.goto(`${stack.consoleUrl}/settings?tab=mail`);
    await page.waitForSelector('#mail-template-shipment_notice-subject');
    await page.fill('#mail-template-shipment_notice-subject', '【{{shop_name}}】発送のお知らせ {{order_number}}');
    await page.click('#mail-template-shipment_notice-preview');
    await fieldError(page, '#mail-template-shipment_notice-subject').waitFor();
    expect(await fieldError(page, '#mail-template-shipment_notice-subject').textContent()).toBe('差し込み項目「order_number」はありません。一覧にある項目を使ってください。');
    // A placeholder goes where the cursor is: here, the end of the subject just typed.
    await page.fill('#mail-template-shipment_notice-subject', '【{{shop_name}}】発送のお知らせ ');
    await page.click('[data-testid="placeholder-order_no"]');
    expect(await page.inputValue('#mail-template-shipment_notice-subject')).toBe('【{{shop_name}}】発送のお知らせ {{order_no}}');
    await page.click('#mail-template-shipment_notice-preview');
    await page.waitForSelector('[data-testid="mail-template-shipment_notice-preview-result"]');
    expect(await page.textContent('[data-testid="mail-template-shipment_notice-preview-subject"]')).toBe('【デモ家具店 本店】発送のお知らせ 20261120-0001234');
    expect(await page.textContent('[data-testid="mail-template-shipment_notice-preview-text"]')).toContain('https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=123456789012');
    await stack.screenshot(page, '72-mail-template-preview');
    await page.click('#mail-template-shipment_notice-save');
    await page.waitForSelector('text=保存しました。');

    // An order the maker has accepted, made through the API as staff would.
    const today = japanToday();
    let order = await apiData(page, 'POST', '/orders', {
      shop_id: Number(shopId),
      payment_method_id: 0,
      order_date: '2025-11-01',
      buyer_name: '鈴木 一郎',
      buyer_email: 'ichiro.suzuki@example.jp',
      delivery_name: '鈴木 花子',
      delivery_address: '京都府京都市中京区1-1',
      lines: [{ product_name: '栗の無垢ベンチ', maker_id: Number(makerId), amount: 1, price_with_tax: 44000, tax_percentage: 10 }],
      confirmed_product_changes_at: new Date().toISOString(),
    });
    const lineId = order.lines[0].id;
    for (const [command, body] of [
      ['order_process', {}],
      ['maker_received_process', { maker_receive_date: today, confirm_status: 1 }],
    ] as const) {
      const answer = await apiData(page, 'PUT', `/orders/${order.id}/${command}`, { version: order.version, line_ids: [Number(lineId)], ...body });
      order = { ...order, version: answer.version };
    }

    // Ship it on the order's page.
    await page.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await page.waitForSelector(`tr[data-row-key="${lineId}"] [data-status="4"]`);
    await page.check(`#line-check-${lineId}`);
    await page.click('#action-maker_ship_process');
    await page.waitForSelector('[data-testid="command-summary"]', { state: 'visible' });
    await page.fill('#command-shipDate', today);
    await page.keyboard.press('Enter');
    await page.click('#command-deliveryCompanyId');
    await page.keyboard.type('佐川急便');
    await page.keyboard.press('Enter');
    await page.fill('#command-trackingCode', '400012345678');
    await page.click('#command-submit');
    await page.waitForSelector(`tr[data-row-key="${lineId}"] [data-status="5"]`);

    // The buyer's mail, read from the SMTP server: the edited subject, the tracking link.
    const mail = await smtp.waitFor('ichiro.suzuki@example.jp', 30_000);
    expect(mail.subject).toBe(`【発送通知家具店】発送のお知らせ ${order.order_no}`);
    expect(mail.text).toContain('鈴木 一郎 様');
    expect(mail.text).toContain('・栗の無垢ベンチ × 1');
    expect(mail.text).toContain('https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=400012345678');

    // The code is that link on the order, and the history says the notice went, to whom.
    const code = page.locator(`[data-testid="tracking-code-${makerId}"]`);
    expect(await code.textContent()).toBe('400012345678');
    expect(await code.getAttribute('href')).toBe('https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=400012345678');
    const sent = '[data-testid="status-history"] [data-mail-status="sent"]';
    for (let i = 0; i < 20 && !(await page.locator(sent).count()); i++) {
      await page.reload();
      await page.waitForSelector('[data-testid="status-history"]');
    }
    expect(await page.textContent(sent)).toBe('発送通知メールを送信しました（宛先: ichiro.suzuki@example.jp）');
    await stack.screenshot(page, '73-order-shipment-notice');

    // One mail for one shipment.
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to('ichiro.suzuki@example.jp')).toHaveLength(1);
    await context.close();
  });
});

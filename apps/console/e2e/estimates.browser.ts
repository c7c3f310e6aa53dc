import { INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '@oms/infra';
import type { BrowserContext, Page } from 'playwright-core';
import { extractPdfText } from '../../../libs/infra/test/support/pdf-text';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { createWorkers } from '../../workers/test/support/workers-app';
import { ConsoleStack } from './console-stack';

jest.setTimeout(240_000);

const LINK = /https?:\/\/\S+\/estimate-approve\/[A-Za-z0-9_-]{43}/;

/**
 * Estimates in Chromium with the real workers and SMTP: an operator makes an estimate for a customer
 * chosen on the list and asks for approval and the stamp; the approver answers the mailed link
 * signed out, then the stamp round's link; the operator opens the stamped PDF.
 */
describe('estimates in Chromium', () => {
  let stack: ConsoleStack;
  let smtp: SmtpSink;
  let workers: INestApplicationContext;
  let customerId: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    smtp = await SmtpSink.start();
    workers = await createWorkers(loadConfig('workers', { ...stack.env.env, SMTP_URL: smtp.url }));
    [{ id: customerId }] = await stack.dataSource.query(
      `INSERT INTO customers (same_person_id, name, company_name, zip, address) VALUES (0, '見積 太郎', '見積商事株式会社', '150-0001', '東京都渋谷区神宮前1-1-1') RETURNING id::text AS id`,
    );
  });

  afterAll(async () => {
    await workers?.close();
    await smtp?.close();
    await stack?.stop();
  });

  /** The n-th mail to `address` (other approvers of the test database get their own). */
  async function nthLink(address: string, n: number): Promise<string> {
    const deadline = Date.now() + 30_000;
    while (smtp.to(address).length < n) {
      if (Date.now() > deadline) throw new Error(`no mail #${n} to ${address}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const mail = smtp.to(address)[n - 1];
    return LINK.exec(mail.text!)![0];
  }

  /** Opens a link signed out, and gives the answer the page offers. */
  async function answerThroughLink(link: string, step: 'approve' | 'stamp', screenshot: string): Promise<BrowserContext> {
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForSelector(`[data-testid="estimate-link-page"][data-step="${step}"]`);
    expect(await page.locator('[data-testid="estimate-lines"]').textContent()).toContain('桧のダイニングテーブル');
    await stack.screenshot(page, `${screenshot}-ja`);
    await page.click('[data-testid="lang-en"]');
    await page.waitForSelector('text=Estimate approval');
    await stack.screenshot(page, `${screenshot}-en`);
    await page.click('[data-testid="lang-ja"]');
    await page.click(`#estimate-${step}`);
    await page.waitForSelector('[data-testid="estimate-link-done"]');
    // The link answered once: opened again it says someone already answered.
    await page.reload();
    expect(await (await page.waitForSelector('[data-testid="estimate-link-problem"]')).getAttribute('data-code')).toBe('NAL-CTM-104');
    return context;
  }

  async function pdfOf(context: BrowserContext, page: Page, click: string): Promise<string> {
    const opened = context.waitForEvent('response', (r) => r.url().includes('/customers/estimates/download?') && r.status() === 200);
    await page.click(click);
    const response = await opened;
    expect(response.headers()['content-type']).toBe('application/pdf');
    // Chromium's PDF viewer keeps the bytes to itself: the same URL (its one-minute media token) read again.
    const again = await context.request.get(response.url());
    expect(again.status()).toBe(200);
    return (await extractPdfText(await again.body())).text;
  }

  it('takes an estimate from the customer list through approval and stamp by mailed links to the stamped PDF', async () => {
    const operator = await stack.user('operator', 'estimates.operator@example.com', '見積 担当');
    const approver = await stack.user('approver', 'estimates.approver@example.com', '承認 一郎');
    const staff = await stack.signedInContext(operator);
    const page = await staff.newPage();

    // The customer, chosen on the list.
    await page.goto(`${stack.consoleUrl}/customers?name=${encodeURIComponent('見積 太郎')}`);
    await page.waitForSelector('text=見積 太郎');
    await page.click('#customer-make-estimate');
    await page.waitForSelector('text=顧客を1件以上選択してください');
    await page.locator(`tr[data-row-key="${customerId}"] input[type="checkbox"]`).check();
    await page.click('#customer-make-estimate');
    await page.waitForURL((url) => url.pathname === `/customers/${customerId}/estimates/new`);

    // The form: two lines at two rates, a fee, a note.
    await page.fill('#estimate-personInCharge', '佐藤 花子');
    await page.fill('#estimate-line-0-productName', '桧のダイニングテーブル');
    await page.fill('#estimate-line-0-priceWithTax', '110000');
    await page.click('#estimate-line-add');
    await page.fill('#estimate-line-1-productName', '国産緑茶ギフト');
    await page.fill('#estimate-line-1-priceWithTax', '3240');
    await page.fill('#estimate-line-1-amount', '5');
    await page.fill('#estimate-line-1-taxPercentage', '8');
    await page.click('#estimate-fee1Id');
    await page.click('.ant-select-dropdown .ant-select-item-option[title="送料"]');
    await page.fill('#estimate-fee1Value', '2200');
    await page.click('#estimate-note-add');
    await page.fill('#estimate-note-0', '納期はご注文から約3週間です。');
    await stack.screenshot(page, '80-estimate-form');
    await page.click('#estimate-save');
    await page.waitForURL((url) => /^\/customers\/estimates\/\d+$/.test(url.pathname));
    await page.waitForSelector('[data-testid="estimate-page"]');
    // The server's totals: 110,000 + 16,200 + 2,200; tax per rate.
    expect(await page.textContent('[data-testid="estimate-total"]')).toBe('¥128,400');
    expect(await page.textContent('[data-testid="estimate-tax-8"]')).toBe('8%対象¥16,200（内消費税¥1,200）');
    const estimateNo = (await page.textContent('[data-testid="estimate-no"]'))!;
    expect(estimateNo).toMatch(/^E-\d{8}-\d{4,}$/);
    const draft = await pdfOf(staff, page, '#estimate-preview');
    expect(draft).toContain('下書き');

    // Approval and stamp asked for (both flags, the default).
    await page.click('#estimate-request_approve');
    await page.click('#estimate-request-ok');
    await page.waitForSelector('[data-testid="estimate-status"][data-status="4"]');
    await stack.screenshot(page, '81-estimate-requested');

    // The approver, signed out, answers the mailed link; then the stamp round's link arrives and is stamped.
    const approval = await answerThroughLink(await nthLink(approver.email, 1), 'approve', '82-estimate-link-approve');
    await approval.close();
    const stamp = await answerThroughLink(await nthLink(approver.email, 2), 'stamp', '83-estimate-link-stamp');
    await stamp.close();

    // The operator sees it done, with both steps through the link, and opens the stamped PDF.
    await page.reload();
    await page.waitForSelector('[data-testid="estimate-status"][data-status="6"]');
    expect(await page.locator('[data-testid="estimate-steps"]').textContent()).toContain('メールのリンクから');
    await stack.screenshot(page, '84-estimate-done');
    const stamped = await pdfOf(staff, page, '#estimate-preview');
    expect(stamped).not.toContain('下書き');
    expect(stamped).toContain(estimateNo);

    // The customer's history lists it with its revision's PDF.
    await page.click('#estimate-history');
    await page.waitForSelector(`text=${estimateNo}`);
    await stack.screenshot(page, '85-estimate-history');
    await staff.close();
  });
});

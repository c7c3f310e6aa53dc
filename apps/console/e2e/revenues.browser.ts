import { INestApplicationContext } from '@nestjs/common';
import { japanToday } from '@oms/domain';
import { loadConfig } from '@oms/infra';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { createWorkers } from '../../workers/test/support/workers-app';
import { apiData, ConsoleStack } from './console-stack';

jest.setTimeout(240_000);

/** Screenshots the docs show (the revenue list of a month), written by this test. */
const DOCS_SCREENSHOTS = resolve(__dirname, '../../../docs/screenshots');

/**
 * Revenue in Chromium with the real API and the real workers: an order is shipped through the API,
 * the workers make its revenue record (order.revenue_changed → the revenues queue → revenue_sync);
 * the accountant opens the revenue section, filters a month, reads its totals, downloads the month's
 * SS CSV, and enters the record's actual shipping cost.
 */
describe('revenue in Chromium', () => {
  let stack: ConsoleStack;
  let smtp: SmtpSink;
  let workers: INestApplicationContext;
  let shopId: string;
  let makerId: string;
  let deliveryCompanyId: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    // The shipment also sends the buyer's notice: a real SMTP server takes it.
    smtp = await SmtpSink.start();
    workers = await createWorkers(loadConfig('workers', { ...stack.env.env, SMTP_URL: smtp.url }));
    [{ id: shopId }] = await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('売上テスト家具店', 'BR-REV', 'platform_1') RETURNING id::text AS id`);
    [{ id: makerId }] = await stack.dataSource.query(`INSERT INTO makers (code, name, order_method, email) VALUES ('BR-REV-M', '売上木工', 'email', 'orders@rev-mokko.example.jp') RETURNING id::text AS id`);
    [{ id: deliveryCompanyId }] = await stack.dataSource.query(`INSERT INTO delivery_companies (name) VALUES ('売上テスト便') RETURNING id::text AS id`);
  });

  afterAll(async () => {
    await workers?.close();
    await smtp?.close();
    await stack?.stop();
  });

  it('lists a shipped order under its sales month with the totals, downloads the month’s SS CSV and saves a cost', async () => {
    const today = japanToday();

    // Staff take an order through to shipment with the API, as the order page does.
    const approver = await stack.user('approver', 'revenues.approver@example.com', '受注 担当');
    const staff = await stack.signedInContext(approver);
    const staffPage = await staff.newPage();
    await staffPage.goto(`${stack.consoleUrl}/dashboard`);
    await staffPage.waitForSelector('[data-testid="dashboard"]');
    let order = await apiData(staffPage, 'POST', '/orders', {
      shop_id: Number(shopId),
      payment_method_id: 0,
      order_date: today,
      buyer_name: '売上 太郎',
      buyer_email: 'taro.uriage@example.jp',
      delivery_name: '売上 太郎',
      delivery_address: '京都府京都市中京区1-1',
      lines: [
        { product_name: '栗の無垢ベンチ', maker_id: Number(makerId), amount: 1, price_with_tax: 44000, tax_percentage: 10 },
        { product_name: '栗の座布団', maker_id: Number(makerId), amount: 2, price_with_tax: 5500, tax_percentage: 10 },
      ],
      confirmed_product_changes_at: new Date().toISOString(),
    });
    const lineIds = order.lines.map((l: { id: string | number }) => Number(l.id));
    for (const [command, body] of [
      ['order_process', {}],
      ['maker_received_process', { maker_receive_date: today, confirm_status: 1 }],
      ['maker_ship_process', { ship_date: today, delivery_company_id: Number(deliveryCompanyId), tracking_code: '400012345678' }],
    ] as const) {
      const answer = await apiData(staffPage, 'PUT', `/orders/${order.id}/${command}`, { version: order.version, line_ids: lineIds, ...body });
      order = { ...order, version: answer.version };
    }
    await staff.close();

    // The workers make the record from the shipment's event.
    let revenue: { id: string; sales_month: string; total: number } | undefined;
    for (let i = 0; i < 300 && !revenue; i++) {
      [revenue] = await stack.dataSource.query(`SELECT id::text AS id, sales_month, total::int AS total FROM revenues WHERE order_id = $1`, [order.id]);
      if (!revenue) await new Promise((r) => setTimeout(r, 200));
    }
    expect(revenue).toBeDefined();
    const { sales_month: month, total } = revenue!;
    expect(total).toBe(55000);

    const accountant = await stack.user('accountant', 'revenues.accountant@example.com', '経理 花子');
    const context = await stack.signedInContext(accountant);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    // The revenue section opens the revenue list.
    await page.goto(`${stack.consoleUrl}/dashboard`);
    await page.click('[data-testid="sidebar"] [data-section="revenue"]');
    await page.waitForURL((url) => url.pathname === '/revenue');
    await page.waitForSelector('[data-testid="revenue-section-nav"]');

    const totalOf = async (key: string) => (await page.textContent(`[data-testid="total-${key}"] .ant-statistic-content`))?.trim();
    const filterMonth = async (yyyyMm: string) => {
      await page.click('#filter-salesMonth');
      await page.fill('#filter-salesMonth', yyyyMm);
      await page.keyboard.press('Enter');
      await page.click('#filter-search');
      await page.waitForURL((url) => url.searchParams.get('salesMonth') === yyyyMm);
    };

    // A month without sales: nothing, and zero totals.
    await filterMonth('2020-01');
    await page.waitForSelector('text=該当する売上はありません。');
    await page.waitForFunction(() => document.querySelector('[data-testid="total-count"] .ant-statistic-content')?.textContent?.trim() === '0件');

    // The order's sales month: its record, and the month's totals.
    await filterMonth(month);
    const row = page.locator(`tr[data-row-key="${revenue!.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`${order.order_no}-1`);
    expect(await row.textContent()).toContain('栗の無垢ベンチ他1点');
    expect(await row.textContent()).toContain('売上テスト家具店');
    expect(await totalOf('count')).toBe('1件');
    expect(await totalOf('total')).toBe('¥55,000');
    expect(await totalOf('taxTotal')).toBe('¥5,000');

    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(DOCS_SCREENSHOTS, 'revenues.png'), fullPage: true });
    await stack.screenshot(page, '95-revenue-list');

    // The month's SS CSV, with its media token.
    const opened = context.waitForEvent('response', (r) => r.url().includes('/revenues/ss?'));
    await page.click('#revenue-ss');
    const response = await opened;
    expect(new URL(response.url()).searchParams.get('sales_month')).toBe(month);
    expect(response.headers()['content-type']).toContain('text/csv');
    // The download's bytes stay with the browser: the same URL (its one-minute media token) read again.
    const again = await context.request.get(response.url());
    expect(again.headers()['content-type']).toContain('text/csv');
    expect(await again.text()).toContain(order.order_no);

    // The record's page: the accountant enters the actual shipping cost, and the margin follows.
    await page.bringToFront();
    await page.click(`#revenue-link-${revenue!.id}`);
    await page.waitForSelector('[data-testid="revenue-costs"]');
    const marginBefore = Number((await page.textContent('[data-testid="figure-margin"]'))!.replace(/[^\d-]/g, ''));
    await page.fill('#revenue-actualShipCost', '1200');
    await page.click('#revenue-save');
    await page.waitForSelector('text=売上を保存しました。');
    await page.waitForFunction((expected) => document.querySelector('[data-testid="figure-margin"]')?.textContent === expected, `¥${(marginBefore - 1200).toLocaleString('ja-JP')}`);
    const [saved] = await stack.dataSource.query(`SELECT actual_ship_cost::int AS cost, version FROM revenues WHERE id = $1`, [revenue!.id]);
    expect(saved.cost).toBe(1200);
    await stack.screenshot(page, '96-revenue-record');
    await context.close();
  });
});

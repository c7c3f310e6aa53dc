import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { addDays, japanToday } from '@oms/domain';
import type { Page } from 'playwright-core';
import { apiData, ConsoleStack } from './console-stack';

jest.setTimeout(240_000);

const DOCS_SCREENSHOTS = resolve(__dirname, '../../../docs/screenshots');

/**
 * The dashboard in Chromium on known data: the counts of the day's work, each opening the order
 * list filtered to what it counts, and the previous sign-in (not this one). Its screenshot is the
 * README's (docs/screenshots/dashboard.png).
 */
describe('the dashboard in Chromium', () => {
  let stack: ConsoleStack;
  let shopId: string;
  let makerId: string;
  const today = japanToday();

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    [{ id: shopId }] = await stack.dataSource.query(
      `INSERT INTO shops (name, code, type, order_reminder_days, order_reminder_hour) VALUES ('ダッシュボード家具店', 'BR-DASH', 'platform_1', 2, 9) RETURNING id`,
    );
    [{ id: makerId }] = await stack.dataSource.query(
      `INSERT INTO makers (code, name, order_method, email) VALUES ('BR-DASH-M', '森田木工', 'email', 'orders@morita.example.jp') RETURNING id`,
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** An order of one line, made and moved by the API as staff would; `steps` are the commands after creating it. */
  async function order(page: Page, buyer: string, paymentMethodId: number, steps: [string, object][] = []) {
    let o = await apiData(page, 'POST', '/orders', {
      shop_id: Number(shopId),
      payment_method_id: paymentMethodId,
      order_date: addDays(today, -10),
      buyer_name: buyer,
      delivery_name: buyer,
      delivery_address: '東京都千代田区1-1',
      lines: [{ product_name: '欅の座卓', maker_id: Number(makerId), amount: 1, price_with_tax: 33000, tax_percentage: 10 }],
      confirmed_product_changes_at: new Date().toISOString(),
    });
    for (const [command, body] of steps) {
      const answer = await apiData(page, 'PUT', `/orders/${o.id}/${command}`, { version: o.version, line_ids: o.lines.map((l: { id: string }) => Number(l.id)), ...body });
      o = { ...o, version: answer.version };
    }
    return o as { id: string; order_no: string };
  }

  it('shows the day’s counts and opens the list each one counts', async () => {
    const operator = await stack.user('operator', 'dash.operator@example.com', '今日 担当');
    await stack.dataSource.query(`UPDATE users SET previous_login_at = '2026-11-18T03:00:00Z', last_login_at = now() WHERE id = $1`, [operator.id]);
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${stack.consoleUrl}/dashboard`);
    await page.waitForSelector('[data-testid="dashboard"]');

    const ordered: [string, object] = ['order_process', {}];
    const received = (answer: object): [string, object] => ['maker_received_process', { maker_receive_date: today, ...answer }];
    await order(page, '未入金 一郎', 2);
    await order(page, '未入金 二郎', 2);
    const overdue = await order(page, '催促 三郎', 0, [ordered]);
    await stack.dataSource.query(`UPDATE order_makers SET maker_order_date = $2 WHERE order_id = $1`, [overdue.id, addDays(today, -3)]);
    await order(page, '回答待ち 四郎', 0, [ordered]);
    const refused = await order(page, '受注不可 五郎', 0, [ordered, received({ confirm_status: 3, refusal_reason: '廃番のため' })]);
    await order(page, '出荷 六郎', 0, [ordered, received({ confirm_status: 1, estimated_ship_date: today })]);
    await order(page, '出荷 七郎', 0, [ordered, received({ confirm_status: 1, estimated_ship_date: addDays(today, -1) })]);
    await order(page, '出荷 八郎', 0, [ordered, received({ confirm_status: 1, estimated_ship_date: addDays(today, 3) })]);

    await page.reload();
    await page.waitForSelector('[data-testid="today-work"]');
    const count = async (key: string) => (await page.locator(`[data-testid="count-${key}"] .ant-statistic-content-value`).textContent())?.trim();
    expect(await count('unpaid_orders')).toBe('2');
    expect(await count('order_errors')).toBe('1');
    expect(await count('answer_overdue')).toBe('1');
    expect(await count('refused')).toBe('1');
    expect(await count('ship_due')).toBe('2');
    expect(await page.textContent('[data-testid="count-refused"]')).toContain('メーカーが受注不可と回答');
    // The previous sign-in, not the one that opened this session.
    // In Japan's time, whatever the browser's (03:00 UTC is 12:00 in Tokyo).
    expect(await page.textContent('[data-testid="previous-login"]')).toBe('前回のログイン: 2026年11月18日 12:00');
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(DOCS_SCREENSHOTS, 'dashboard.png') });
    await stack.screenshot(page, '70-dashboard');

    // The refused count opens the list of what it counted, with the filter shown.
    await page.click('[data-testid="count-refused"]');
    await page.waitForURL((url) => url.pathname === '/orders' && url.searchParams.get('todo') === 'refused');
    await page.waitForSelector(`tr[data-row-key="${refused.id}"]`);
    const listed = async () => page.textContent('.ant-table-tbody');
    expect(await listed()).toContain('受注不可 五郎');
    for (const other of ['未入金 一郎', '催促 三郎', '回答待ち 四郎', '出荷 六郎']) expect(await listed()).not.toContain(other);
    expect(await page.textContent('.ant-form-item:has(#filter-todo)')).toContain('メーカーが受注不可と回答');
    await stack.screenshot(page, '71-dashboard-refused-list');

    // Back on the dashboard, the shipments due open theirs: two orders.
    await page.goto(`${stack.consoleUrl}/dashboard`);
    await page.click('[data-testid="count-ship_due"]');
    await page.waitForURL((url) => url.searchParams.get('todo') === 'ship_due');
    await page.waitForSelector('.ant-table-tbody >> text=出荷 七郎');
    expect(await listed()).toContain('出荷 六郎');
    for (const other of ['出荷 八郎', '受注不可 五郎', '未入金 一郎']) expect(await listed()).not.toContain(other);
    await context.close();
  });

  it('shows a maker only the counts over its own lines', async () => {
    const makerUser = await stack.user('maker', 'dash.maker@example.com', '森田 担当');
    await stack.dataSource.query(`UPDATE users SET maker_id = $1 WHERE id = $2`, [makerId, makerUser.id]);
    const context = await stack.signedInContext({ ...makerUser, makerId });
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/dashboard`);
    await page.waitForSelector('[data-testid="today-work"]');
    await page.waitForSelector('[data-testid="count-ship_due"]');
    expect(await page.locator('[data-testid="count-unpaid_orders"]').count()).toBe(0);
    // Order errors are the staff's: a maker has no such count.
    expect(await page.locator('[data-testid="count-order_errors"]').count()).toBe(0);
    expect((await page.locator('[data-testid="count-ship_due"] .ant-statistic-content-value').textContent())?.trim()).toBe('2');
    expect(await page.textContent('[data-testid="previous-login"]')).toBe('前回のログイン: —');
    await context.close();
  });
});

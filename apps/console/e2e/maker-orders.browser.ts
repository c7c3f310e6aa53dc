import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { ConsoleStack, expectCount } from './console-stack';

jest.setTimeout(240_000);

type WireOrder = { id: string; version: number; order_no: string; lines: { id: string; maker_id: string }[] };

const DOCS_SCREENSHOTS = resolve(__dirname, '../../../docs/screenshots');

/** What the shop knows and a maker must never read (DESIGN.md §8), as the page would print it. */
const BUYER = { name: '購入者 秘子', kana: 'コウニュウシャ ヒミコ', tel: '090-4444-5555', email: 'himiko.secret@example.jp', address: '東京都港区購入者町9-9' };
const STAFF_MEMO = 'スタッフ専用のメモ';
const FORBIDDEN_TEXT = [BUYER.name, BUYER.kana, BUYER.tel, BUYER.email, BUYER.address, STAFF_MEMO, '¥11,000', '¥44,000', '他社の座卓'];
const FORBIDDEN_LABELS = ['注文者', '支払方法', '税込単価', '決済手数料', '手数料・合計', 'エラー', '顧客', 'メモ'];

/**
 * A maker signed in to the console reads only what was ordered from it: the list and the detail
 * show its ordered lines at wholesale with the delivery, and none of the buyer, payment, retail
 * prices, totals, staff memo, errors or another maker's lines; an order not ordered from it is not
 * found. Staff see a long refusal reason wrap inside the maker card.
 */
describe('a maker’s orders in Chromium', () => {
  let stack: ConsoleStack;
  let shopId: string;
  let otherMaker: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    [{ id: shopId }] = await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('メーカー閲覧テスト店', 'BR-MKV', 'platform_1') RETURNING id`);
    [{ id: otherMaker }] = await stack.dataSource.query(`INSERT INTO makers (code, name, order_method, email) VALUES ('BR-MKV-O', '他社製作所', 'email', 'o@example.jp') RETURNING id`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** An API call from the page, as its signed-in user. */
  async function call(page: Page, method: string, path: string, body?: object) {
    const res = await page.evaluate(
      async ({ method, path, body }) => {
        const r = await fetch(`/api/v1${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('oms.accessToken')}` },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: r.status, body: await r.json().catch(() => null) };
      },
      { method, path, body },
    );
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body?.data;
  }

  async function createOrder(page: Page, makerId: string, withOther: boolean): Promise<WireOrder> {
    return call(page, 'POST', '/orders', {
      shop_id: Number(shopId),
      payment_method_id: 2,
      order_date: '2025-11-01',
      buyer_name: BUYER.name,
      buyer_kana: BUYER.kana,
      buyer_tel: BUYER.tel,
      buyer_email: BUYER.email,
      buyer_address: BUYER.address,
      delivery_name: '届け先 次郎',
      delivery_tel: '03-6666-7777',
      delivery_zip: '150-0002',
      delivery_address: '東京都渋谷区届け先1-2',
      preferred_date: '2025-12-05',
      preferred_period: 4,
      memo: STAFF_MEMO,
      supplier_memo: '化粧箱に入れてください',
      send_mail_flag: 0,
      lines: [
        { product_name: '桐たんす', maker_id: Number(makerId), amount: 1, price_with_tax: 11000, tax_percentage: 10, wholesale_price: 6000, option1: '白木' },
        ...(withOther ? [{ product_name: '他社の座卓', maker_id: Number(otherMaker), amount: 1, price_with_tax: 33000, tax_percentage: 10, wholesale_price: 20000 }] : []),
      ],
      confirmed_product_changes_at: new Date().toISOString(),
    });
  }

  /** Paid, then ordered from the maker (its lines only). */
  async function orderFrom(page: Page, order: WireOrder, makerId: string): Promise<WireOrder> {
    const paid = await call(page, 'PUT', '/orders/paid', { order_id: Number(order.id), version: order.version, line_ids: order.lines.map((l) => Number(l.id)) });
    return call(page, 'PUT', `/orders/${order.id}/order_process`, {
      version: paid.version,
      line_ids: order.lines.filter((l) => l.maker_id === makerId).map((l) => Number(l.id)),
    });
  }

  /** An operator's page (signed in, on the order list) and a maker user of a new maker. */
  async function staffAndMaker(n: number) {
    const operator = await stack.user('operator', `mkv.operator${n}@example.com`, `受注 担当${n}`);
    const makerUser = await stack.user('maker', `mkv.maker${n}@example.com`, `メーカー 担当${n}`);
    const staff = await stack.signedInContext(operator);
    const staffPage = await staff.newPage();
    await staffPage.setViewportSize({ width: 1366, height: 900 });
    await staffPage.goto(`${stack.consoleUrl}/orders`);
    await staffPage.waitForSelector('#order-create');
    return { makerUser, makerId: makerUser.makerId!, staff, staffPage };
  }

  /** None of the shop's data on the page, in text or as a label. */
  async function expectNothingOfTheShop(page: Page) {
    const text = (await page.textContent('body'))!;
    for (const forbidden of FORBIDDEN_TEXT) expect(text).not.toContain(forbidden);
    const labels = await page.$$eval('th, .ant-descriptions-item-label, .ant-card-head-title, .ant-descriptions-title', (els) => els.map((e) => e.textContent?.trim() ?? ''));
    for (const label of FORBIDDEN_LABELS) expect(labels).not.toContain(label);
  }

  it('shows the maker its ordered lines at wholesale with the delivery, and nothing of the shop', async () => {
    const { makerUser, makerId, staff, staffPage } = await staffAndMaker(1);
    const ordered = await orderFrom(staffPage, await createOrder(staffPage, makerId, true), makerId);
    const unpaid = await createOrder(staffPage, makerId, false);
    const paidOnly = await createOrder(staffPage, makerId, false);
    await call(staffPage, 'PUT', '/orders/paid', { order_id: Number(paidOnly.id), version: paidOnly.version, line_ids: paidOnly.lines.map((l) => Number(l.id)) });
    // The staff's detail of the same order does carry what the maker's must not (the check below bites).
    await staffPage.goto(`${stack.consoleUrl}/orders/${ordered.id}`);
    await staffPage.waitForSelector('[data-testid="order-payment"]');
    expect(await staffPage.textContent('body')).toContain(BUYER.email);
    await staff.close();

    const context = await stack.signedInContext(makerUser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${stack.consoleUrl}/orders`);
    await page.waitForSelector(`a[href="/orders/${ordered.id}"]`);
    // One order: the unpaid and the paid-only ones were never ordered from this maker.
    await expectCount(page.locator('a[href^="/orders/"]:not([href="/orders/create"])'), 1);
    expect(await page.locator(`a[href="/orders/${unpaid.id}"]`).count()).toBe(0);
    expect(await page.locator(`a[href="/orders/${paidOnly.id}"]`).count()).toBe(0);
    const headers = await page.$$eval('th', (els) => els.map((e) => e.textContent?.trim() ?? ''));
    expect(headers).toEqual(expect.arrayContaining(['お届け先氏名', '卸価格の合計', '卸価格']));
    await expectNothingOfTheShop(page);

    await page.click(`a[href="/orders/${ordered.id}"]`);
    await page.waitForSelector('[data-testid="order-wholesale-total"]');
    expect(await page.textContent('[data-testid="order-wholesale-total"]')).toBe('¥6,000');
    const delivery = (await page.textContent('[data-testid="order-delivery"]'))!;
    for (const text of ['届け先 次郎', '03-6666-7777', '150-0002', '東京都渋谷区届け先1-2', '2025年12月05日', '19-21時']) expect(delivery).toContain(text);
    expect(await page.textContent('[data-testid="order-header"]')).toContain('化粧箱に入れてください');
    expect(await page.textContent(`[data-testid="maker-part-${makerId}"]`)).toContain('桐たんす');
    await page.waitForSelector('[data-testid="status-history"] tr:has-text("メーカーへ発注")');
    await expectNothingOfTheShop(page);
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(DOCS_SCREENSHOTS, 'maker-order-view.png'), fullPage: true });
    await stack.screenshot(page, '70-maker-order-view');

    // An order not ordered from the maker is none of its own.
    await page.goto(`${stack.consoleUrl}/orders/${unpaid.id}`);
    await page.waitForURL(/\/not-found$/, { timeout: 15_000 });
    expect(await page.textContent('body')).not.toContain(BUYER.name);
    await context.close();
  });

  it('wraps a long refusal reason inside the maker card, with no receive date, and the refusal in the history', async () => {
    const { makerId, staff, staffPage: page } = await staffAndMaker(2);
    const order = await orderFrom(page, await createOrder(page, makerId, false), makerId);
    // One unbroken token of 100 characters (a pasted code or address), the longest reason there is.
    const reason = 'DISCONTINUED-MODEL-'.repeat(6).slice(0, 100);
    await call(page, 'PUT', `/orders/${order.id}/maker_received_process`, {
      version: order.version,
      line_ids: order.lines.map((l) => Number(l.id)),
      maker_receive_date: '2025-11-03',
      confirm_status: 3,
      refusal_reason: reason,
    });
    await page.goto(`${stack.consoleUrl}/orders/${order.id}`);
    const card = page.locator(`[data-testid="maker-part-${makerId}"]`);
    await card.waitFor();
    expect(await page.textContent(`[data-testid="refusal-reason-${makerId}"]`)).toBe(reason);
    const fits = await card.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
    expect(fits.scroll).toBeLessThanOrEqual(fits.client);
    expect(fits.page).toBeLessThanOrEqual(fits.view);
    // The card's other fields keep their width: the confirm status and the dates stay on one line (not one character per line).
    for (const testId of [`confirm-status-${makerId}`, `maker-receive-date-${makerId}`]) {
      const lines = await page.locator(`[data-testid="${testId}"]`).evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      expect(lines).toBeLessThan(1.5);
    }
    expect(await page.textContent(`[data-testid="maker-receive-date-${makerId}"]`)).toBe('—');
    await page.waitForSelector(`[data-testid="status-history"] tr:has-text("受注不可の回答"):has-text("${reason}")`);
    await stack.screenshot(page, '71-refusal-in-maker-card');
    await staff.close();
  });
});

import type { Page } from 'playwright-core';
import { apiData, ConsoleStack } from './console-stack';

jest.setTimeout(240_000);

/** One refresh of the chat (CHAT_REFRESH_SECONDS = 10) and some room for the answer. */
const AFTER_COUNTDOWN = 25_000;

/**
 * Conversations in Chromium with the real API: staff write to the maker of an order from the order's
 * page; the maker, signed in on its own view of the order, sees the message after the countdown
 * (as plain text, newlines kept) and answers; staff see the answer and the maker's status, and set
 * the thread processed. Then staff open a maker inquiry with its first message and mark it
 * 'processed and save'; the maker finds it in its own list.
 */
describe('conversations in Chromium', () => {
  let stack: ConsoleStack;
  let shopId: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    [{ id: shopId }] = await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('チャットテスト店', 'BR-CHAT', 'platform_1') RETURNING id::text AS id`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The thread's panel of a maker on the order page, opened; answers the conversation's id. */
  async function openThread(page: Page, makerId: string): Promise<string> {
    await page.click(`#maker-chat-${makerId}-toggle`);
    const panel = page.locator(`[data-testid="maker-chat-${makerId}"] [data-testid^="chat-panel-"]`);
    await panel.waitFor();
    return (await panel.getAttribute('data-testid'))!.replace('chat-panel-', '');
  }

  async function send(page: Page, conversationId: string, text: string) {
    await page.fill(`#chat-input-${conversationId}`, text);
    await page.click(`#chat-send-${conversationId}`);
  }

  /** The texts of the panel's messages, oldest first. */
  const contents = (page: Page, conversationId: string) =>
    page.$$eval(`[data-testid="chat-panel-${conversationId}"] [data-testid="chat-content"]`, (els) => els.map((e) => (e as HTMLElement).innerText));

  it('staff and a maker talk on an order, and a maker inquiry is marked processed', async () => {
    const operator = await stack.user('operator', 'chat.operator@example.com', '受注 チャット');
    const makerUser = await stack.user('maker', 'chat.maker@example.com', 'チャット工房');
    const makerId = makerUser.makerId!;
    const staff = await stack.signedInContext(operator);
    const staffPage = await staff.newPage();
    await staffPage.setViewportSize({ width: 1366, height: 900 });
    await staffPage.goto(`${stack.consoleUrl}/orders`);
    await staffPage.waitForSelector('#order-create');

    // An order paid and ordered from the maker (so the maker sees it), made through the API.
    const order = await apiData(staffPage, 'POST', '/orders', {
      shop_id: Number(shopId),
      payment_method_id: 2,
      order_date: '2026-11-20',
      buyer_name: 'チャット 太郎',
      delivery_name: 'チャット 太郎',
      delivery_address: '東京都千代田区1-1',
      lines: [{ product_name: '楢のスツール', maker_id: Number(makerId), amount: 1, price_with_tax: 22000, tax_percentage: 10, wholesale_price: 12000 }],
      confirmed_product_changes_at: new Date().toISOString(),
    });
    const lineIds = order.lines.map((l: { id: string }) => Number(l.id));
    const paid = await apiData(staffPage, 'PUT', '/orders/paid', { order_id: Number(order.id), version: order.version, line_ids: lineIds });
    await apiData(staffPage, 'PUT', `/orders/${order.id}/order_process`, { version: paid.version, line_ids: lineIds });

    // Both open the thread on the order's page: nobody wrote yet.
    await staffPage.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await staffPage.waitForSelector(`[data-testid="maker-part-${makerId}"]`);
    expect(await staffPage.getAttribute(`[data-testid="maker-chat-${makerId}-status"]`, 'data-status')).toBe('0');
    const conversationId = await openThread(staffPage, makerId);

    const maker = await stack.signedInContext(makerUser);
    const makerPage = await maker.newPage();
    await makerPage.setViewportSize({ width: 1366, height: 900 });
    await makerPage.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await makerPage.waitForSelector(`[data-testid="maker-part-${makerId}"]`);
    expect(await openThread(makerPage, makerId)).toBe(conversationId);
    await makerPage.waitForSelector(`[data-testid="chat-panel-${conversationId}"] .ant-empty`);
    // The countdown in seconds.
    expect(await makerPage.textContent(`[data-testid="chat-panel-${conversationId}"] [data-testid="chat-countdown"]`)).toMatch(/^\d+秒後に更新$/);
    // The maker's own view has no status select (staff set it).
    expect(await makerPage.locator(`#maker-chat-${makerId}-set-status`).count()).toBe(0);

    // Staff write: two lines, and markup that must stay text.
    const question = '塗装の色を確認させてください。\n<b>ナチュラル</b>でよろしいですか？';
    await send(staffPage, conversationId, question);
    await staffPage.waitForFunction((id) => document.querySelectorAll(`[data-testid="chat-panel-${id}"] [data-testid="chat-content"]`).length === 1, conversationId);
    expect(await staffPage.inputValue(`#chat-input-${conversationId}`)).toBe('');
    // Waiting for the maker, on the order's maker part.
    await staffPage.waitForSelector(`[data-testid="maker-chat-${makerId}-status"][data-status="1"]`);

    // The maker sees it after the countdown, as it was written.
    await makerPage.waitForFunction(
      (id) => document.querySelectorAll(`[data-testid="chat-panel-${id}"] [data-testid="chat-content"]`).length === 1,
      conversationId,
      { timeout: AFTER_COUNTDOWN },
    );
    expect(await contents(makerPage, conversationId)).toEqual([question]);
    expect(await makerPage.locator(`[data-testid="chat-panel-${conversationId}"] b`).count()).toBe(0);
    await stack.screenshot(makerPage, '120-maker-chat-on-order');

    // A second staff tab on the same thread: the first tab keeps polling, the second follows it without polling.
    const secondTab = await staff.newPage();
    const polls = new Map<Page, number>([
      [staffPage, 0],
      [secondTab, 0],
    ]);
    for (const tab of [staffPage, secondTab]) {
      tab.on('request', (r) => {
        if (r.url().includes(`/conversations/${conversationId}/message?since=`)) polls.set(tab, polls.get(tab)! + 1);
      });
    }
    await secondTab.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await secondTab.waitForSelector(`[data-testid="maker-part-${makerId}"]`);
    await openThread(secondTab, makerId);

    // The maker answers; staff see it after the countdown (in both tabs), and the thread waits for the company.
    await send(makerPage, conversationId, 'はい、ナチュラルで承ります。');
    for (const tab of [staffPage, secondTab]) {
      await tab.waitForFunction(
        (id) => document.querySelectorAll(`[data-testid="chat-panel-${id}"] [data-testid="chat-content"]`).length === 2,
        conversationId,
        { timeout: AFTER_COUNTDOWN },
      );
      expect(await contents(tab, conversationId)).toEqual([question, 'はい、ナチュラルで承ります。']);
    }
    expect(polls.get(staffPage)).toBeGreaterThan(0);
    expect(polls.get(secondTab)).toBe(0);
    await secondTab.close();
    await staffPage.waitForSelector(`[data-testid="maker-chat-${makerId}-status"][data-status="2"]`);

    // Staff close the thread: processed, on the order too.
    await staffPage.click(`#maker-chat-${makerId}-set-status`);
    await staffPage.click('.ant-select-item-option[title="対応済み"]');
    await staffPage.waitForSelector(`[data-testid="maker-chat-${makerId}-status"][data-status="3"]`);
    const [part] = await stack.dataSource.query(`SELECT status FROM conversations WHERE order_id = $1 AND maker_id = $2`, [order.id, makerId]);
    expect(Number(part.status)).toBe(3);
    await stack.screenshot(staffPage, '121-staff-chat-on-order');

    // A maker inquiry: staff ask the maker, then mark it processed.
    await staffPage.goto(`${stack.consoleUrl}/maker-inquiries`);
    await staffPage.click('#maker-inquiry-create');
    await staffPage.waitForURL('**/maker-inquiries/create');
    await staffPage.click('#maker-inquiry-maker');
    await staffPage.keyboard.type('チャット工房');
    await staffPage.keyboard.press('Enter');
    await staffPage.fill('#maker-inquiry-memo', '来月の納期の件');
    await staffPage.fill('#maker-inquiry-message', '来月の納期を教えてください。');
    await staffPage.click('#maker-inquiry-submit');
    await staffPage.waitForURL(/\/maker-inquiries\/\d+$/);
    const inquiryId = staffPage.url().split('/').pop()!;
    await staffPage.waitForSelector('[data-testid="chat-content"]:has-text("来月の納期を教えてください。")');
    expect(await staffPage.getAttribute('[data-testid="maker-inquiry-state"]', 'data-status')).toBe('1');
    await staffPage.click('#maker-inquiry-processed');
    await staffPage.waitForSelector('text=対応済みにして保存しました。');
    await staffPage.waitForSelector('[data-testid="maker-inquiry-state"][data-status="3"]');
    const [inquiry] = await stack.dataSource.query(`SELECT memo FROM maker_inquiries WHERE id = $1`, [inquiryId]);
    expect(inquiry.memo).toBe('来月の納期の件');
    await stack.screenshot(staffPage, '122-maker-inquiry-processed');

    // The maker finds it in its own list, processed, without the staff's memo.
    await makerPage.goto(`${stack.consoleUrl}/maker-inquiries`);
    const row = makerPage.locator(`tr[data-row-key="${inquiryId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('対応済み');
    expect(await makerPage.textContent('body')).not.toContain('来月の納期の件');
    await maker.close();
    await staff.close();
  });
});

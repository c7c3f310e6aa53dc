import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { givenOrder } from '../../api/test/support/order-fixtures';
import { ConsoleStack, SCREENSHOTS } from './console-stack';

jest.setTimeout(240_000);

type WireOrder = { id: string; version: number; lines: { id: string; status: number }[] };

/**
 * Orders in Chromium against the real API: one order from unpaid through paid, ordered, order
 * received and shipped on OrderInformation (with the offer to order from makers after paid), the
 * reload prompt when the order changed in between, and a batch refusal with its translated code.
 */
describe('orders in Chromium', () => {
  let stack: ConsoleStack;
  let shopId: string;
  let makerId: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    [{ id: shopId }] = await stack.dataSource.query(`INSERT INTO shops (name, code, type) VALUES ('受注ブラウザ店', 'BR-ORD', 'platform_1') RETURNING id`);
    [{ id: makerId }] = await stack.dataSource.query(
      `INSERT INTO makers (code, name, order_method, email) VALUES ('BR-ORD-M', 'ブラウザ木工', 'email', 'orders@maker.example.com') RETURNING id`,
    );
    await stack.dataSource.query(`INSERT INTO delivery_companies (name) VALUES ('ブラウザ運輸')`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** POST /orders from the page itself, with the signed-in user's token: an unpaid order of one free line. */
  async function createOrder(page: Page, buyer: string): Promise<WireOrder> {
    const body = {
      shop_id: Number(shopId),
      payment_method_id: 2,
      // Before any date the browser may type: the ship date must not come before the order date (NAL_ORD-191).
      order_date: '2025-11-01',
      buyer_name: buyer,
      delivery_name: buyer,
      delivery_address: '東京都千代田区1-1',
      send_mail_flag: 0,
      lines: [{ product_name: '檜の座卓', maker_id: Number(makerId), amount: 1, price_with_tax: 11000, tax_percentage: 10 }],
      confirmed_product_changes_at: new Date().toISOString(),
    };
    const answer = await page.evaluate(async (payload) => {
      const res = await fetch('/api/v1/orders', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('oms.accessToken')}` },
        body: JSON.stringify(payload),
      });
      return { status: res.status, body: await res.json() };
    }, body);
    expect(answer.status).toBe(201);
    return answer.body.data as WireOrder;
  }

  /** Selects a line on the page, opens an action and waits for its modal. */
  async function openAction(page: Page, lineId: string, action: string) {
    await page.check(`#line-check-${lineId}`);
    await page.click(`#action-${action}`);
    await page.waitForSelector('[data-testid="command-summary"]', { state: 'visible' });
  }

  const lineStatus = (page: Page, lineId: string, status: number) => page.waitForSelector(`tr[data-row-key="${lineId}"] [data-status="${status}"]`);

  it('takes an order from unpaid to shipped on OrderInformation, and asks for a reload when it changed meanwhile', async () => {
    const operator = await stack.user('operator', 'order.operator@example.com', '受注 担当');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/orders`);
    await page.waitForSelector('#order-create');
    const order = await createOrder(page, 'ブラウザ 太郎');
    const lineId = order.lines[0].id;

    await page.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await page.waitForSelector('[data-testid="order-number"]');
    await lineStatus(page, lineId, 1);

    // Paid: every line is now paid, so the console offers to order from the makers at once.
    await openAction(page, lineId, 'paid');
    await page.click('#command-submit');
    await page.waitForSelector('.ant-modal-confirm-title >> text=この注文の商品はすべて入金済みになりました').catch(async (error: Error) => {
      await stack.screenshot(page, '50-order-paid-popup-missing');
      throw error;
    });
    await stack.screenshot(page, '50-order-paid-popup');
    await page.click('#paid-popup-ok');
    await lineStatus(page, lineId, 3);

    // The maker receives the order (confirm status 1, today).
    await openAction(page, lineId, 'maker_received_process');
    await page.click('#command-submit');
    await lineStatus(page, lineId, 4);
    expect(await page.textContent(`[data-testid="confirm-status-${makerId}"]`)).toBe('受注可');

    // Someone else changes the order between reading it and shipping: the reload prompt.
    await stack.dataSource.query(`UPDATE orders SET version = version + 1 WHERE id = $1`, [order.id]);
    const today = new Date().toISOString().slice(0, 10);
    const ship = async () => {
      await openAction(page, lineId, 'maker_ship_process');
      await page.fill('#command-shipDate', today);
      await page.keyboard.press('Enter');
      await page.click('#command-deliveryCompanyId');
      await page.keyboard.type('ブラウザ運輸');
      await page.keyboard.press('Enter');
      await page.fill('#command-trackingCode', 'TRK-0001');
      await page.click('#command-submit');
    };
    await ship();
    await page.waitForSelector('[data-testid="reload-prompt"]', { state: 'visible' });
    expect(await page.textContent('[data-testid="reload-prompt"]')).toContain('他のユーザーが注文を更新しました。再読み込みしてください。');
    await stack.screenshot(page, '51-order-reload-prompt');
    const [line] = await stack.dataSource.query(`SELECT status FROM order_lines WHERE id = $1`, [lineId]);
    expect(line.status).toBe(4);

    // The ship dialog stayed open with what was typed: after the reload, run it again as it is.
    await page.click('#order-reload');
    await page.waitForSelector('[data-testid="reload-prompt"]', { state: 'hidden' });
    expect(await page.inputValue('#command-trackingCode')).toBe('TRK-0001');
    await page.click('#command-submit');
    await lineStatus(page, lineId, 5);
    await page.waitForSelector('text=出荷を登録しました。');
    expect(await page.textContent(`[data-testid="tracking-code-${makerId}"]`)).toBe('TRK-0001');
    await page.waitForSelector('[data-testid="status-history"] >> text=出荷済み');
    await stack.screenshot(page, '52-order-shipped');
    await context.close();
  });

  it('prints an invoice and a delivery note from OrderInformation (a PDF each)', async () => {
    await stack.dataSource.query(`UPDATE settings_options SET company_name = 'ブラウザ商会', invoice_registration_number = 'T7000012050002' WHERE id = 1`);
    const order = await givenOrder(stack, { lines: [{ makerId, status: 5, priceWithTax: 11000 }] });
    const operator = await stack.user('operator', 'order.printer@example.com', '印刷 担当');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/orders/${order.id}`);
    await page.waitForSelector('#order-print');
    for (const kind of ['invoice', 'delivery_note']) {
      const opened = context.waitForEvent('response', (r) => r.url().includes('/orders/documents/download?') && r.url().includes(`kind=${kind}`));
      await page.click('#order-print');
      await page.click(`#print-${kind}`);
      const res = await opened;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
    }
    const issued = await stack.dataSource.query(`SELECT kind FROM print_documents WHERE order_id = $1 ORDER BY kind`, [order.id]);
    expect(issued.map((r: { kind: string }) => r.kind)).toEqual(['delivery_note', 'invoice']);
    await context.close();
  });

  it('fits at least three orders with their lines on a 1366×768 screen', async () => {
    const operator = await stack.user('operator', 'order.density@example.com', '一覧 担当');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${stack.consoleUrl}/orders`);
    await page.waitForSelector('#order-create');
    const orders: WireOrder[] = [];
    for (const n of [1, 2, 3, 4]) orders.push(await createOrder(page, `密度 ${n}郎`));

    await page.goto(`${stack.consoleUrl}/orders?keyword=${encodeURIComponent('密度')}`);
    for (const order of orders) await page.waitForSelector(`tr.order-line[data-row-key="${order.lines[0].id}"]`);
    // An order fits when its row and its line are both on the screen, without scrolling.
    const bottoms = await Promise.all(orders.map((o) => page.locator(`tr.order-line[data-row-key="${o.lines[0].id}"]`).boundingBox()));
    const fitting = bottoms.filter((box) => box && box.y + box.height <= 768).length;
    await page.screenshot({ path: join(SCREENSHOTS, '55-order-list-1366x768.png') });
    expect(fitting).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('creates an order in the form, with a field error under its field first, and opens OrderInformation', async () => {
    const operator = await stack.user('operator', 'order.creator@example.com', '登録 担当');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/orders`);
    await page.click('#order-create');
    await page.waitForURL('**/orders/create');

    await page.click('#order-shopId');
    await page.keyboard.type('BR-ORD');
    await page.keyboard.press('Enter');
    await page.click('#order-paymentMethodId');
    await page.click('.ant-select-item-option[title="銀行振込"]');
    await page.fill('#order-buyerName', 'フォーム 太郎');
    await page.fill('#order-buyerKana', 'ふぉーむ');
    await page.click('#order-copy-buyer');
    await page.fill('#line-0-productName', '欅の飾り棚');
    await page.click('#line-0-makerId');
    await page.keyboard.type('BR-ORD-M');
    await page.keyboard.press('Enter');
    await page.fill('#line-0-amount', '2');
    await page.fill('#line-0-priceWithTax', '5500');
    await page.click('#order-save');

    const kanaItem = page.locator('.ant-form-item').filter({ has: page.locator('#order-buyerKana') });
    await kanaItem.locator('.ant-form-item-explain-error').waitFor();
    expect(await kanaItem.locator('.ant-form-item-explain-error').textContent()).toBe('全角カタカナで入力してください。');
    await stack.screenshot(page, '54-order-form-error');

    // Copied from the buyer, the delivery kana was refused too.
    const deliveryKanaItem = page.locator('.ant-form-item').filter({ has: page.locator('#order-deliveryKana') });
    expect(await deliveryKanaItem.locator('.ant-form-item-explain-error').textContent()).toBe('全角カタカナで入力してください。');
    await page.fill('#order-buyerKana', 'フォーム タロウ');
    await page.fill('#order-deliveryKana', 'フォーム タロウ');
    await page.click('#order-save');
    await page.waitForURL((url) => /^\/orders\/\d+$/.test(url.pathname));
    await page.waitForSelector('text=受注を登録しました。');
    expect(await page.textContent('[data-testid="order-total"]')).toBe('¥11,000');
    expect(await page.textContent('[data-testid="order-header"]')).toContain('受注ブラウザ店');
    await context.close();
  });

  it('checks the selection in the list, and shows a refused order of a batch with its translated code', async () => {
    const operator = await stack.user('operator', 'order.batcher@example.com', '一括 担当');
    const context = await stack.signedInContext(operator);
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/orders`);
    await page.waitForSelector('#order-create');
    const stale = await createOrder(page, '一括 花子');
    const fresh = await createOrder(page, '一括 次郎');

    await page.fill('#filter-keyword', '一括');
    await page.click('#filter-search');
    await page.waitForURL((url) => url.search.includes('keyword='));
    await page.waitForSelector(`#line-check-${stale.lines[0].id}`);
    await page.waitForSelector(`#line-check-${fresh.lines[0].id}`);

    // Nothing selected: the SPEC's message, in Japanese.
    await page.click('#action-paid');
    await page.waitForSelector('text=商品を選択してください。');

    await page.check(`#line-check-${stale.lines[0].id}`);
    await page.check(`#line-check-${fresh.lines[0].id}`);
    // Paid elsewhere after the list was read (the order's version untouched): the API refuses that order only.
    await stack.dataSource.query(`UPDATE order_lines SET status = 2 WHERE id = $1`, [stale.lines[0].id]);
    await stack.dataSource.query(`UPDATE orders SET status = 2, line_statuses = '{2}' WHERE id = $1`, [stale.id]);
    await page.click('#action-paid');
    await page.waitForSelector('[data-testid="command-summary"]', { state: 'visible' });
    await page.click('#command-submit');

    const refused = page.locator(`[data-testid="batch-refused-${stale.id}"]`);
    await refused.waitFor();
    expect(await refused.textContent()).toContain('選択した商品に未入金のものがありません。');
    expect(await page.textContent('[data-testid="batch-results"]')).toContain('1件の注文を処理しました。1件は処理できませんでした。');
    await stack.screenshot(page, '53-order-batch-refusal');
    const [paid] = await stack.dataSource.query(`SELECT status FROM order_lines WHERE id = $1`, [fresh.lines[0].id]);
    expect(paid.status).toBe(2);
    await context.close();
  });
});

import { randomBytes } from 'node:crypto';
import { SecretBox } from '@oms/infra';
import type { Page } from 'playwright-core';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { startShopStandin, ShopStandin, StandinOrderSeed } from '../../api/test/support/shop-standins';
import { ConsoleStack, expectCount } from './console-stack';

jest.setTimeout(300_000);

const COLORME_CLIENT = { client_id: 'oms-browser-test', client_secret: randomBytes(12).toString('hex') };

/** A Japan date `days` from today, as the date field takes it. */
const japanDate = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

/**
 * Shops connected to their platforms in Chromium, through every real part: the platforms' local
 * stand-ins, the API, the workers (which make the platform calls, in the platforms' queues),
 * PostgreSQL and Redis. Staff make a MakeShop shop with its credentials in the shop dialog, test the
 * connection, fetch now and watch the run end, map the payment code the import met, and find the
 * imported orders in the orders list; a Color Me shop is authorized on the platform's page first.
 */
describe('shop platform connections in Chromium', () => {
  let stack: ConsoleStack;
  let smtp: SmtpSink;
  let makeshop: ShopStandin;
  let colorme: ShopStandin;
  let makerId: string;

  beforeAll(async () => {
    makeshop = await startShopStandin('makeshop', { MAKESHOP_STANDIN_SHOPS: JSON.stringify([{ shopId: 'ms-browser', token: 'ms-order-token' }]) });
    colorme = await startShopStandin('colorme');
    smtp = await SmtpSink.start();
    stack = await ConsoleStack.start({
      workers: true,
      config: {
        MAKESHOP_API_BASE_URL: makeshop.url,
        COLORME_API_BASE_URL: colorme.url,
        COLORME_AUTH_BASE_URL: colorme.url,
        COLORME_CLIENT_ID: COLORME_CLIENT.client_id,
        COLORME_CLIENT_SECRET: COLORME_CLIENT.client_secret,
        SMTP_URL: smtp.url,
        JOB_BACKOFF_MS: '300',
      },
    });
    // The platform sends the browser back to the API's address (PUBLIC_API_URL), which the browser reaches.
    await colorme.control('POST', '/clients', { ...COLORME_CLIENT, redirect_uris: [`${stack.env.config.PUBLIC_API_URL}/api/v1/shop-connections/oauth/callback`] });
    [{ id: makerId }] = await stack.dataSource.query(
      `INSERT INTO makers (code, name, order_method, email) VALUES ('BR-PF-M', '連携木工', 'email', 'orders@renkei.example.jp') RETURNING id`,
    );
  });

  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
    await makeshop?.stop();
    await colorme?.stop();
  });

  /** The catalogue's products of the shop, by the platform's product ids, so the imported lines match. */
  async function seedProducts(shopId: string, productIds: string[]) {
    for (const [n, productId] of productIds.entries()) {
      await stack.dataSource.query(
        `INSERT INTO products (product_code, shop_id, shop_product_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type)
         VALUES ($1, $2, $3, $4, $5, 1000, 10, 100, 1100, 'direct_delivery')`,
        [`PF-${shopId}-${n}`, shopId, productId, makerId, `連携の椅子${n}`],
      );
    }
  }

  const ordersOf = (buyers: string[], productIds: string[], paymentCode: string): StandinOrderSeed[] =>
    buyers.map((buyerName, i) => ({
      orderedAt: new Date(Date.now() - (2 * 86400_000 - i * 3600_000)).toISOString(),
      buyerName,
      email: `buyer${i}@example.jp`,
      tel: `03-2222-000${i}`,
      zip: '100-0001',
      address: '東京都千代田区千代田1-1',
      paymentCode,
      paymentName: 'クレジット',
      shippingFee: 0,
      lines: [{ productId: productIds[i % productIds.length], name: `連携の椅子${i % productIds.length}`, quantity: 1, unitPrice: 1100 }],
    }));

  /** The shop made in the shop tab's dialog; answers its id. */
  async function createShop(page: Page, shop: { name: string; code: string; colorMe?: boolean; ecShopId?: string; orderAuthCode?: string }): Promise<string> {
    await page.goto(`${stack.consoleUrl}/settings`);
    await page.click('#shop-create');
    await page.waitForSelector('#shop-form');
    await page.fill('#shop-name', shop.name);
    await page.fill('#shop-code', shop.code);
    if (shop.colorMe) {
      await page.click('#shop-type');
      await page.click('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option:has-text("カラーミーショップ")');
    }
    if (shop.ecShopId) await page.fill('#shop-ec-shop-id', shop.ecShopId);
    if (shop.orderAuthCode) await page.fill('#shop-orderAuthCode', shop.orderAuthCode);
    await page.click('#shop-form-save');
    await page.locator('#shop-form').waitFor({ state: 'detached' });
    const [{ id }] = await stack.dataSource.query(`SELECT id::text FROM shops WHERE code = $1`, [shop.code]);
    return id;
  }

  /** From the shop's row in the list to its connection page. */
  async function openConnection(page: Page, code: string) {
    await page.goto(`${stack.consoleUrl}/settings`);
    await page.click(`[data-testid="shop-connection-${code}"]`);
    await page.waitForSelector('[data-testid="connection-status-badge"]');
  }

  /** The first run imports orders placed from this date on. */
  async function importFrom(page: Page, date: string) {
    await page.click('#connection-import-from');
    await page.fill('#connection-import-from', date);
    await page.keyboard.press('Enter');
    await page.click('#connection-schedule-save');
    await page.locator('.ant-notification-notice', { hasText: '保存しました。' }).first().waitFor();
  }

  /** Fetch now, and wait on the page for the run it starts to end (the page reads the connection again meanwhile). */
  async function fetchNow(page: Page, imported: string) {
    await page.click('#connection-fetch-now');
    await page.locator('.ant-notification-notice', { hasText: '取り込みを開始しました。' }).first().waitFor();
    await page.locator('[data-testid="connection-last-run-imported"]', { hasText: imported }).waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="connection-waiting"]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="connection-last-run-finished"]').textContent()).toMatch(/^\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}$/);
  }

  it('connects a MakeShop shop, tests it, fetches now, maps the payment code and lists the imported orders', async () => {
    const approver = await stack.user('approver', 'platforms.makeshop@example.com', '連携 担当');
    const context = await stack.signedInContext(approver);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 1000 });

    // A MakeShop shop without its order auth code: the page says what is missing, and offers no call.
    const shopId = await createShop(page, { name: 'メイクショップ家具店', code: 'BR-MS', ecShopId: 'ms-browser' });
    await openConnection(page, 'BR-MS');
    expect(await page.textContent('[data-testid="connection-missing"]')).toContain('連携に必要な情報が足りません：受注API認証コード');
    expect(await page.isDisabled('#connection-test')).toBe(true);
    await stack.screenshot(page, '90-shop-connection-missing');

    // The order auth code given in the shop's dialog.
    await page.goto(`${stack.consoleUrl}/settings`);
    await page.click('[data-testid="shop-edit-BR-MS"]');
    await page.waitForSelector('#shop-form');
    await page.fill('#shop-orderAuthCode', 'ms-order-token');
    await page.click('#shop-form-save');
    await page.locator('#shop-form').waitFor({ state: 'detached' });
    await openConnection(page, 'BR-MS');
    expect(await page.locator('[data-testid="connection-missing"]').count()).toBe(0);

    // Test connection: the workers call the stand-in with the shop's credentials.
    await page.click('#connection-test');
    const result = page.locator('[data-testid="connection-test-result"]');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toBe('接続できました。');
    await page.locator('[data-testid="connection-status-badge"][data-status="ok"]').waitFor();
    expect(await page.textContent('[data-testid="connection-last-run"]')).toBe('まだ取り込んでいません。');

    // Three orders on the platform, of products the catalogue knows by the platform's ids.
    const productIds = ['100000000001', '100000000002'];
    await seedProducts(shopId, productIds);
    const buyers = ['佐藤 花子', '鈴木 一郎', '高橋 美咲'];
    await makeshop.control('POST', '/orders', { shop: 'ms-browser', orders: ordersOf(buyers, productIds, 'R') });

    await importFrom(page, japanDate(-5));
    await fetchNow(page, '3');
    await stack.screenshot(page, '91-shop-connection-fetched');

    // The payment code the import met came in unmapped: staff map it and save the table.
    await page.locator('[data-testid="payment-mapping-code"]', { hasText: 'R' }).waitFor();
    expect(await page.textContent('[data-testid="payment-mappings-unmapped"]')).toBe('未設定の決済コードが1件あります。');
    await page.click('#payment-mapping-0-method');
    await page.click('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option:has-text("クレジットカード")');
    await page.click('#payment-mappings-save');
    await page.locator('[data-testid="payment-mappings-unmapped"]').waitFor({ state: 'detached' });
    const [mapping] = await stack.dataSource.query(`SELECT ec_payment_code, payment_method_id FROM shop_payment_mappings WHERE shop_id = $1`, [shopId]);
    expect(mapping).toEqual({ ec_payment_code: 'R', payment_method_id: 1 });
    await stack.screenshot(page, '92-shop-connection-mapped');

    // The shop's orders in the orders list.
    await page.click('#connection-orders');
    await page.waitForURL(/\/orders\?shopId=/);
    for (const buyer of buyers) await page.locator('.ant-table-row', { hasText: buyer }).first().waitFor();
    await expectCount(page.locator('.ant-table-row').filter({ hasText: /佐藤 花子|鈴木 一郎|高橋 美咲/ }), 3);
    await stack.screenshot(page, '93-shop-imported-orders');
    await context.close();
  });

  it('authorizes a Color Me shop on the platform’s page, then tests and imports through it', async () => {
    const approver = await stack.user('approver', 'platforms.colorme@example.com', '連携 担当2');
    const context = await stack.signedInContext(approver);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 1000 });

    const shopId = await createShop(page, { name: 'カラーミー家具店', code: 'BR-CM', colorMe: true });
    await openConnection(page, 'BR-CM');
    expect(await page.textContent('[data-testid="connection-missing"]')).toContain('カラーミーショップの認可');

    // Off to the platform's approval page, and back through the API to this page.
    await page.click('#connection-authorize');
    await page.waitForURL(`${colorme.url}/oauth/authorize?**`);
    await page.fill('#shop', 'カラーミー家具店（本店）');
    await stack.screenshot(page, '94-colorme-approve');
    await page.click('#approve');
    await page.waitForURL(`${stack.consoleUrl}/settings/shops/${shopId}/connection**`);
    expect(await page.textContent('[data-testid="connection-authorization-outcome"]')).toBe('カラーミーショップの認可が完了しました。');
    expect(await page.locator('[data-testid="connection-missing"]').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');

    await page.click('#connection-test');
    await page.locator('[data-testid="connection-test-result"]').waitFor({ timeout: 60_000 });
    expect(await page.textContent('[data-testid="connection-test-result"]')).toBe('接続できました（ショップ名：カラーミー家具店（本店））。');
    await stack.screenshot(page, '95-colorme-authorized');

    // Orders on the shop the approval made (the stand-in knows it by the token the API stored, sealed).
    const [{ sealed }] = await stack.dataSource.query(`SELECT access_token_sealed AS sealed FROM shop_connections WHERE shop_id = $1`, [shopId]);
    const token = SecretBox.fromConfig(stack.env.config).open(sealed);
    const productIds = ['100000001', '100000002'];
    await seedProducts(shopId, productIds);
    const buyers = ['伊藤 健太', '渡辺 さくら'];
    await colorme.control('POST', '/orders', { shop: token, orders: ordersOf(buyers, productIds, '12345') });
    await importFrom(page, japanDate(-5));
    await fetchNow(page, '2');

    await page.click('#connection-orders');
    await page.waitForURL(/\/orders\?shopId=/);
    for (const buyer of buyers) await page.locator('.ant-table-row', { hasText: buyer }).first().waitFor();
    await stack.screenshot(page, '96-colorme-imported-orders');
    await context.close();
  });
});

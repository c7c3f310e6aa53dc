import { INestApplicationContext } from '@nestjs/common';
import { japanToday } from '@oms/domain';
import { loadConfig, writeZenginFile, ZenginFileRecord } from '@oms/infra';
import iconv from 'iconv-lite';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { givenOrder } from '../../api/test/support/order-fixtures';
import { createWorkers } from '../../workers/test/support/workers-app';
import { ConsoleStack, expectCount } from './console-stack';

jest.setTimeout(240_000);

/** Screenshots the docs show (the results of an upload), written by this test. */
const DOCS_SCREENSHOTS = resolve(__dirname, '../../../docs/screenshots');

const ACCOUNT = { bankCode: '0005', bankName: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｪｲ', branchCode: '001', branchName: 'ﾎﾝﾃﾝ', accountNo: '1234567', accountName: 'ｶ)ﾃﾞﾓｼﾖｯﾌﾟ' };

/**
 * Deposits in Chromium with the real API and the real workers: the accountant uploads the bank's
 * Shift_JIS 全銀 file, sees the matching's progress (the workers start only then, so the progress is
 * seen), then the results; applies the candidate of a transfer nobody's name matched, takes it back,
 * and downloads the result CSV.
 */
describe('deposits in Chromium', () => {
  let stack: ConsoleStack;
  let smtp: SmtpSink;
  let workers: INestApplicationContext | undefined;
  let makerId: string;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
    smtp = await SmtpSink.start();
    [{ id: makerId }] = await stack.dataSource.query(`INSERT INTO makers (code, name, order_method, email) VALUES ('BR-DEP-M', '入金木工', 'email', 'orders@maker.example.com') RETURNING id::text AS id`);
  });

  afterAll(async () => {
    await workers?.close();
    await smtp?.close();
    await stack?.stop();
  });

  /** An unpaid bank-transfer order (payment method 2) of `total` yen for a buyer, maybe of a customer. */
  const order = (total: number, buyer: { name: string; kana: string }, customerId?: string) =>
    givenOrder(stack, { lines: [{ makerId, priceWithTax: total }], buyer, customerId });
  const lineStatuses = async (orderId: string) => (await stack.dataSource.query(`SELECT status FROM order_lines WHERE order_id = $1`, [orderId])).map((r: { status: number }) => r.status);

  it('uploads a 全銀 file, shows the progress then the results, applies a candidate, takes it back and downloads the result', async () => {
    const today = japanToday();
    const exact = await order(3300, { name: '鈴木 花子', kana: 'スズキ ハナコ' });
    const over = await order(2200, { name: '高橋 健', kana: 'タカハシ ケン' });
    const feeShort = await order(11000, { name: '伊藤 翔', kana: 'イトウ ショウ' });
    const [{ id: company }] = await stack.dataSource.query(`INSERT INTO customers (same_person_id, name, name_kana) VALUES (0, '有限会社森田工務店', 'ユウゲンガイシャモリタコウムテン') RETURNING id::text AS id`);
    const unmatched = await order(9900, { name: '森田 一', kana: 'モリタ ハジメ' }, company);
    let inquiry = 300000;
    const rec = (amount: number, payerName: string): ZenginFileRecord => ({ inquiryNo: String(++inquiry), accountDate: today, amount, payerName });
    const file = writeZenginFile({
      kind: 'transfer',
      account: ACCOUNT,
      records: [rec(3300, 'ｽｽﾞｷ ﾊﾅｺ'), rec(2500, 'ﾀｶﾊｼ ｹﾝ'), rec(11000 - 440, 'ｲﾄｳ ｼﾖｳ'), rec(9900, 'ﾓﾘﾀｺｳﾑﾃﾝ ｹｲﾘ'), rec(1234, 'ﾅｶﾑﾗ ｼﾞﾛｳ')],
    });

    const accountant = await stack.user('accountant', 'deposits.accountant@example.com', '経理 花子');
    const context = await stack.signedInContext(accountant);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    // The revenue section opens the revenue list; its sub-navigation, the deposits.
    await page.goto(`${stack.consoleUrl}/dashboard`);
    await page.click('[data-testid="sidebar"] [data-section="revenue"]');
    await page.waitForURL((url) => url.pathname === '/revenue');
    await page.click('#revenue-nav-deposits');
    await page.waitForURL((url) => url.pathname === '/revenue/deposits');
    await page.setInputFiles('input[type="file"]', { name: `nyukin-${today}.txt`, mimeType: 'text/plain', buffer: file });
    await page.waitForURL((url) => /^\/revenue\/deposits\/\d+$/.test(url.pathname));
    const depositId = Number(new URL(page.url()).pathname.split('/').pop());

    // No worker yet: the upload waits, and says so.
    await page.waitForSelector('text=照合しています（0/5件）。');
    expect(await page.getAttribute('[data-testid="deposit-progress"] .ant-progress', 'aria-valuenow')).toBe('0');
    await stack.screenshot(page, '90-deposit-progress');

    // The workers start: the page, asking every second, shows the results.
    workers = await createWorkers(loadConfig('workers', { ...stack.env.env, SMTP_URL: smtp.url }));
    await page.waitForSelector('[data-testid="record-filters"]', { timeout: 60_000 });
    const records: { id: number; line: number }[] = await stack.dataSource.query(`SELECT id::int AS id, line FROM deposit_records WHERE deposit_id = $1 ORDER BY line`, [depositId]);
    const [toExact, toOver, toFeeShort, waiting, noMatch] = records.map((r) => r.id);
    const state = (id: number) => page.getAttribute(`[data-testid="record-state-${id}"]`, 'data-state');
    await expectCount(page.locator('tr.deposit-record'), 5);
    expect(await Promise.all([toExact, toOver, toFeeShort, waiting, noMatch].map(state))).toEqual(['matched', 'matched', 'matched', 'review', 'review']);
    expect(await page.textContent(`[data-testid="record-status-${toOver}"]`)).toBe('過入金');
    const row = (id: number) => page.locator(`tr[data-row-key="${id}"]`);
    expect(await row(toOver).textContent()).toContain('+¥300');
    expect(await row(toFeeShort).textContent()).toContain('¥440');
    expect(await row(toExact).textContent()).toContain(`${exact.orderNo}-1`);
    const count = async (key: string) => (await page.textContent(`[data-testid="count-${key}"] .ant-statistic-content-value`))?.trim();
    expect([await count('notPaid'), await count('exact'), await count('over'), await count('under'), await count('review')]).toEqual(['2', '2', '1', '0', '2']);
    for (const o of [exact, over, feeShort]) expect(await lineStatuses(o.id)).toEqual([2]);
    // The unmatched transfer offers the order of its amount.
    await page.waitForSelector(`[data-testid="candidates-${waiting}"] >> text=${unmatched.orderNo}-1`);
    // The upload's toast closed: it would cover the page's buttons in the picture.
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click();
    await page.waitForSelector('.ant-notification-notice', { state: 'detached' });
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(DOCS_SCREENSHOTS, 'deposits.png'), fullPage: true });
    await stack.screenshot(page, '91-deposit-results');

    // Applied by hand: the order paid, the record matched by hand.
    await page.click(`#apply-${waiting}-${unmatched.id}`);
    await page.waitForSelector('[data-testid="apply-outcome"]:has-text("差額¥0（一致）")');
    await stack.screenshot(page, '92-deposit-apply');
    await page.click('#apply-submit');
    await page.waitForSelector('text=入金を適用しました。');
    await page.waitForSelector(`[data-testid="record-state-${waiting}"][data-state="matched"]`);
    expect(await row(waiting).textContent()).toContain('手動');
    expect(await lineStatuses(unmatched.id)).toEqual([2]);

    // Taken back with a reason: the order unpaid again, the record waiting for staff again.
    await page.click(`#revert-record-${waiting}`);
    await page.fill('#revert-reason', '別の受注の入金');
    await page.click('#revert-submit');
    await page.waitForSelector('text=入金を取り消しました。');
    await page.waitForSelector(`[data-testid="record-state-${waiting}"][data-state="review"]`);
    expect(await lineStatuses(unmatched.id)).toEqual([1]);
    const [history] = await stack.dataSource.query(`SELECT note FROM order_status_history WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, [unmatched.id]);
    expect(history.note).toBe('入金取消: 別の受注の入金');

    // The result CSV in Shift_JIS: every record with what became of it.
    const opened = context.waitForEvent('response', (r) => r.url().includes(`/deposits/${depositId}/download-result?`));
    await page.hover(`#result-csv-${depositId}`);
    await page.click(`#result-csv-${depositId}-sjis`);
    const response = await opened;
    expect(new URL(response.url()).searchParams.get('encoding')).toBe('sjis');
    expect(response.headers()['content-type']).toContain('Shift_JIS');
    // The download's bytes stay with the browser: the same URL (its one-minute media token) read again.
    const again = await context.request.get(response.url());
    const csv = iconv.decode(await again.body(), 'cp932').split('\r\n');
    expect(csv[0]).toBe('行,照会番号,勘定日,金額,振込依頼人名,EDI情報,処理,入金ステータス,照合方法,受注番号,差額,振込手数料,確認理由');
    expect(csv[1]).toContain(`消込済,一致,名義,${exact.orderNo}-1`);
    expect(csv[2]).toContain(`消込済,過入金,名義,${over.orderNo}-1,300`);
    expect(csv[4]).toContain('ﾓﾘﾀｺｳﾑﾃﾝ ｹｲﾘ');
    expect(csv[4]).toContain('要確認,未入金');

    // The history lists the upload with its counts.
    await page.click('#deposit-back');
    // Shown first as last read (while it was matched), then as it is now.
    await page.waitForSelector(`[data-testid="history-${depositId}-review"]:has-text("2")`);
    expect(await page.textContent(`[data-testid="history-${depositId}-exact"]`)).toBe('2');
    await stack.screenshot(page, '93-deposit-history');
    await context.close();
  });
});

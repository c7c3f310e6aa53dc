import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { chooseOption, envelope, renderRoutes, useMockServer, Where } from '../../test-utils';
import { ShopAuthorizationReturn, ShopConnectionPage } from './ShopConnectionPage';

vi.setConfig({ testTimeout: 30_000 });

const server = useMockServer();

const approver = { id: 1, name: '設定 担当', email: 'settings@example.com', role: 'approver', permissions: ['settings.read', 'settings.write', 'orders.read'] };

/** GET /shops/7/connection as the API answers it (snake_case). */
function wireConnection(extra: Record<string, unknown> = {}, lastRun: Record<string, unknown> = {}) {
  return {
    shop_id: 7,
    shop_name: '北欧家具店',
    platform: 'platform_1',
    status: 'ok',
    missing_credentials: [],
    oauth_available: false,
    authorized_at: null,
    import_enabled: false,
    import_interval_minutes: 15,
    import_from: null,
    last_error: null,
    last_error_at: null,
    last_run: { started_at: '2026-11-20T01:00:00Z', finished_at: '2026-11-20T01:00:05Z', imported: 12, updated: 3, flagged: 1, ...lastRun },
    version: 4,
    ...extra,
  };
}

const paymentMethods = [
  { id: 1, code: 'credit', name_ja: 'クレジットカード', name_en: 'Credit card', is_postpaid: false, business_only: false, fee_with_tax: null },
  { id: 2, code: 'bank', name_ja: '銀行振込', name_en: 'Bank transfer', is_postpaid: false, business_only: false, fee_with_tax: null },
];
const page = (data: unknown[]) => ({ data, pagination: { from: 1, to: data.length, total: data.length, current_page: 1, per_page: 200, last_page: 1 } });

describe('settings: a shop’s connection page', () => {
  let connections: object[];
  let mappings: object[];

  let toasted: ReturnType<typeof vi.fn<(message: string) => void>>;

  beforeEach(() => {
    setLanguage('ja');
    toasted = vi.fn<(message: string) => void>();
    vi.spyOn(toast, 'success').mockImplementation(toasted);
    saveSession('token', 900);
    connections = [wireConnection()];
    mappings = [
      { ec_payment_code: 'C', ec_payment_name: 'クレジット', payment_method_id: 1 },
      { ec_payment_code: 'R', ec_payment_name: '銀行振込', payment_method_id: null },
    ];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: approver })),
      // Each read answers the next view, the last one from then on.
      http.get('/api/v1/shops/7/connection', () => HttpResponse.json({ data: connections.length > 1 ? connections.shift() : connections[0] })),
      http.get('/api/v1/shops/7/connection/payment-mappings', () => HttpResponse.json({ data: mappings })),
      http.get('/api/v1/payments/search', () => HttpResponse.json(page(paymentMethods))),
    );
  });

  const renderPage = (url = '/settings/shops/7/connection') =>
    renderRoutes(url, { '/settings/shops/:id/connection': <ShopConnectionPage pollMs={200} />, '/orders': <div>orders</div> }, undefined);

  it('shows the status and the last run, and links to the shop’s orders', async () => {
    connections = [wireConnection({ status: 'failing', last_error: 'MakeShop: 認証エラー', last_error_at: '2026-11-20T02:00:00Z' })];
    renderPage();
    const badge = await screen.findByTestId('connection-status-badge');
    expect(badge.textContent).toBe('エラー');
    expect(screen.getByTestId('connection-last-error').textContent).toBe('2026年11月20日 11:00 MakeShop: 認証エラー');
    expect(screen.getByTestId('connection-last-run-imported').textContent).toBe('12');
    expect(screen.getByTestId('connection-last-run-updated').textContent).toBe('3');
    expect(screen.getByTestId('connection-last-run-flagged').textContent).toBe('1');
    expect(screen.getByTestId('connection-last-run-finished').textContent).toBe('2026年11月20日 10:00');
    expect(screen.getByText('北欧家具店の連携')).toBeTruthy();
    expect(document.querySelector('#connection-orders')!.getAttribute('href')).toBe('/orders?shopId=7');
    expect(screen.queryByTestId('connection-missing')).toBeNull();
  });

  it('explains what a MakeShop shop lacks, and offers no platform call without it', async () => {
    connections = [wireConnection({ status: 'not_connected', missing_credentials: ['ec_shop_id', 'order_auth_code'], last_run: { started_at: null, finished_at: null, imported: 0, updated: 0, flagged: 0 } })];
    renderPage();
    const missing = await screen.findByTestId('connection-missing');
    expect(missing.textContent).toContain('連携に必要な情報が足りません：ECショップID、受注API認証コード');
    expect(missing.textContent).toContain('ショップの編集で「ECショップID」と「受注API認証コード」を設定してください。');
    expect(screen.getByTestId('connection-last-run').textContent).toBe('まだ取り込んでいません。');
    expect(document.querySelector<HTMLButtonElement>('#connection-test')!.disabled).toBe(true);
    expect(document.querySelector<HTMLButtonElement>('#connection-fetch-now')!.disabled).toBe(true);
  });

  it('saves the schedule with the version read, and says so when someone saved since', async () => {
    const puts: Record<string, unknown>[] = [];
    let stale = false;
    server.use(
      http.put('/api/v1/shops/7/connection', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        if (stale) return envelope(400, 'NAL-SHOP-003');
        connections = [wireConnection({ import_enabled: true, import_interval_minutes: 30, import_from: '2026-11-01', version: 5 })];
        return HttpResponse.json({ data: connections[0] });
      }),
    );
    renderPage();
    await screen.findByTestId('connection-schedule');
    const user = userEvent.setup();
    await user.click(document.querySelector('#connection-import-enabled')!);
    const interval = document.querySelector<HTMLInputElement>('#connection-import-interval')!;
    await user.clear(interval);
    await user.type(interval, '30');
    const from = document.querySelector<HTMLInputElement>('#connection-import-from')!;
    await user.click(from);
    await user.type(from, '2026-11-01{Enter}');
    await user.click(document.querySelector('#connection-schedule-save')!);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ import_enabled: true, import_interval_minutes: 30, import_from: '2026-11-01', version: 4 });
    await waitFor(() => expect(toasted).toHaveBeenCalledWith('保存しました。'));

    // A second save stands on the version the first one answered; a stale one is refused with its reload.
    stale = true;
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#connection-import-interval')!.value).toBe('30'));
    await user.click(document.querySelector('#connection-schedule-save')!);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ version: 5 });
    expect((await screen.findByTestId('connection-stale')).textContent).toContain('ショップの連携設定は他のユーザーによって更新されました。再読み込みしてください。');
  });

  it('refuses an interval out of 5–1440 before sending, and shows NAL-SHOP-004 above the form', async () => {
    let sent = 0;
    server.use(
      http.put('/api/v1/shops/7/connection', () => {
        sent++;
        return envelope(422, 'NAL-SHOP-004', { params: { missing: 'ec_shop_id, order_auth_code' } });
      }),
    );
    renderPage();
    await screen.findByTestId('connection-schedule');
    const user = userEvent.setup();
    const interval = document.querySelector<HTMLInputElement>('#connection-import-interval')!;
    await user.clear(interval);
    await user.type(interval, '4');
    await user.click(document.querySelector('#connection-schedule-save')!);
    expect(await screen.findByText('5以上の値を入力してください。')).toBeTruthy();
    expect(sent).toBe(0);
    await user.clear(interval);
    await user.type(interval, '60');
    await user.click(document.querySelector('#connection-schedule-save')!);
    expect((await screen.findByTestId('connection-schedule-refusal')).textContent).toBe('ショップに連携用の認証情報がまだありません（ECショップID、受注API認証コード）。');
  });

  it('tests the connection: the platform’s shop name on success, what failed otherwise', async () => {
    const answers = [
      HttpResponse.json({ data: { ok: true, shop_name: 'テストショップ', kind: null, message: null } }),
      HttpResponse.json({ data: { ok: false, shop_name: null, kind: 'auth', message: 'MakeShop refused the order auth code' } }),
      envelope(422, 'NAL-SHOP-004', { params: { missing: 'order_auth_code' } }),
    ];
    server.use(http.post('/api/v1/shops/7/connection/test', () => answers.shift()!));
    renderPage();
    await screen.findByTestId('connection-status-badge');
    const user = userEvent.setup();
    await user.click(document.querySelector('#connection-test')!);
    expect((await screen.findByTestId('connection-test-result')).textContent).toBe('接続できました（ショップ名：テストショップ）。');

    // The workers recorded the failure: the status read again says so.
    connections = [wireConnection({ status: 'failing', last_error: 'MakeShop refused the order auth code', last_error_at: '2026-11-20T03:00:00Z' })];
    await user.click(document.querySelector('#connection-test')!);
    await waitFor(() => expect(screen.getByTestId('connection-test-result').textContent).toBe('接続できませんでした：認証情報が受け付けられませんでした — MakeShop refused the order auth code'));
    await waitFor(() => expect(screen.getByTestId('connection-status-badge').textContent).toBe('エラー'));

    await user.click(document.querySelector('#connection-test')!);
    expect((await screen.findByTestId('connection-refusal')).textContent).toBe('ショップに連携用の認証情報がまだありません（受注API認証コード）。');
    expect(screen.queryByTestId('connection-test-result')).toBeNull();
  });

  it('shows a 503 NAL-SHOP-007 (the workers did not take the call in time) with its message', async () => {
    server.use(http.post('/api/v1/shops/7/connection/test', () => envelope(503, 'NAL-SHOP-007')));
    renderPage();
    await screen.findByTestId('connection-status-badge');
    await userEvent.setup().click(document.querySelector('#connection-test')!);
    // The client sends a 503 again twice (with the same key) before it gives up.
    expect((await screen.findByTestId('connection-refusal', {}, { timeout: 10_000 })).textContent).toBe(
      'プラットフォームへの呼び出しが時間内に処理されませんでした。しばらくしてからもう一度お試しください。',
    );
  });

  it('fetches now and reads the connection again until the run it started has finished', async () => {
    let fetched = 0;
    server.use(
      http.post('/api/v1/shops/7/connection/fetch-now', () => {
        fetched++;
        // Read after the click: not started yet, then running, then finished.
        connections = [
          wireConnection(),
          wireConnection({}, { started_at: '2026-11-21T01:00:00Z', finished_at: null, imported: 100, updated: 0, flagged: 0 }),
          wireConnection({}, { started_at: '2026-11-21T01:00:00Z', finished_at: '2026-11-21T01:02:00Z', imported: 240, updated: 2, flagged: 0 }),
        ];
        mappings = [...mappings, { ec_payment_code: 'Z', ec_payment_name: '後払い', payment_method_id: null }];
        return HttpResponse.json({ data: wireConnection() }, { status: 202 });
      }),
    );
    renderPage();
    await screen.findByTestId('connection-status-badge');
    await userEvent.setup().click(document.querySelector('#connection-fetch-now')!);
    await waitFor(() => expect(toasted).toHaveBeenCalledWith('取り込みを開始しました。'));
    // SWR answers reads within 2 s of the reload after the click from that one: the polls read anew after it.
    const polled = { timeout: 6000 };
    expect(screen.getByTestId('connection-waiting').textContent).toBe('取り込みの開始を待っています…');
    await waitFor(() => expect(screen.getByTestId('connection-last-run').dataset.running).toBe('yes'), polled);
    expect(screen.getByTestId('connection-last-run-finished').textContent).toBe('実行中…');
    expect(screen.queryByTestId('connection-waiting')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('connection-last-run-finished').textContent).toBe('2026年11月21日 10:02'), polled);
    expect(screen.getByTestId('connection-last-run-imported').textContent).toBe('240');
    expect(fetched).toBe(1);
    // The payment code the run met is in the table now.
    await waitFor(() => expect(screen.getAllByTestId('payment-mapping-code').map((c) => c.textContent)).toEqual(['C', 'R', 'Z']));
  });

  it('saves the payment mapping as a whole table, unmapped codes mapped by staff', async () => {
    let saved: unknown;
    server.use(
      http.put('/api/v1/shops/7/connection/payment-mappings', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ data: (saved as { mappings: unknown[] }).mappings });
      }),
    );
    renderPage();
    const table = await screen.findByTestId('payment-mappings');
    expect(screen.getByTestId('payment-mappings-unmapped').textContent).toBe('未設定の決済コードが1件あります。');
    expect(within(table).getAllByTestId('payment-mapping-code').map((c) => c.textContent)).toEqual(['C', 'R']);
    // The unmapped code shows "未設定" in its select.
    expect(table.querySelectorAll('.ant-select-content')[1].textContent).toBe('未設定');
    await chooseOption('payment-mapping-1-method', '銀行振込');
    // A code staff type in themselves.
    const user = userEvent.setup();
    await user.click(document.querySelector('#payment-mapping-add')!);
    await user.type(document.querySelector('#payment-mapping-2-code')!, 'D');
    await user.type(document.querySelector('#payment-mapping-2-name')!, '代金引換');
    await user.click(document.querySelector('#payment-mappings-save')!);
    await waitFor(() =>
      expect(saved).toEqual({
        mappings: [
          { ec_payment_code: 'C', ec_payment_name: 'クレジット', payment_method_id: 1 },
          { ec_payment_code: 'R', ec_payment_name: '銀行振込', payment_method_id: 2 },
          { ec_payment_code: 'D', ec_payment_name: '代金引換', payment_method_id: null },
        ],
      }),
    );
    await waitFor(() => expect(toasted).toHaveBeenCalledWith('保存しました。'));
    await waitFor(() => expect(screen.getByTestId('payment-mappings-unmapped').textContent).toBe('未設定の決済コードが1件あります。'));
  });

  it('shows a duplicate code under its row (422)', async () => {
    server.use(
      http.put('/api/v1/shops/7/connection/payment-mappings', () =>
        HttpResponse.json(
          { error: { error_code: 'NAL-422', message: 'invalid', errors: [{ field: 'mappings.2.ec_payment_code', error_code: 'unique' }], request_id: 'r1' } },
          { status: 422 },
        ),
      ),
    );
    renderPage();
    await screen.findByTestId('payment-mappings');
    const user = userEvent.setup();
    await user.click(document.querySelector('#payment-mapping-add')!);
    await user.type(document.querySelector('#payment-mapping-2-code')!, 'C');
    await user.click(document.querySelector('#payment-mappings-save')!);
    const rowError = () => document.querySelector('#payment-mapping-2-code')!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');
    await waitFor(() => expect(rowError()?.textContent).toBe('既に使用されています。'));
  });

  it('shows how Color Me’s authorization went, and forgets it in the URL', async () => {
    connections = [wireConnection({ platform: 'platform_2', oauth_available: true, authorized_at: '2026-11-20T01:00:00Z' })];
    renderRoutes('/settings/shops/7/connection?authorization=denied&reason=access_denied', { '/settings/shops/:id/connection': <ShopConnectionPage pollMs={200} /> }, undefined);
    const outcome = await screen.findByTestId('connection-authorization-outcome');
    expect(outcome.textContent).toBe('カラーミーショップで認可が拒否されました。 理由：access_denied');
    expect(document.querySelector('#connection-authorize')!.textContent).toBe('カラーミーショップで再認可');
  });
});

describe('settings: the authorization’s return without a shop', () => {
  it('goes to the shop list', async () => {
    renderRoutes('/settings/shops?authorization=expired', { '/settings/shops': <ShopAuthorizationReturn />, '/settings': <Where /> });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings?tab=shop'));
  });
});

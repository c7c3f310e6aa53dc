import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { DepositPage } from './DepositPage';
import { OrderDepositHistory } from './OrderDepositHistory';
import { wireLine, wireOrder } from '../orders/test-fixtures';
import { accountant, keysetPage, operator, refusal, threeRecords, wireDeposit, wirePayment, wireRecord } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

describe('an upload’s page', () => {
  let me: object;
  let views: object[];
  let records: ReturnType<typeof threeRecords>;
  let recordQueries: string[];
  let puts: { path: string; body: unknown }[];
  let answer: (path: string) => Response;
  /** The transfer fees the order setting lists (GET /settings/option). */
  let transferFees: number[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    me = accountant;
    views = [wireDeposit()];
    records = threeRecords();
    recordQueries = [];
    puts = [];
    answer = () => HttpResponse.json({ data: {} });
    transferFees = [220, 440];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      // Each GET answers the next view of the upload; the last one stays.
      http.get('/api/v1/settings/option', () => HttpResponse.json({ data: { transfer_fees: transferFees } })),
      http.get('/api/v1/deposits/7', () => HttpResponse.json({ data: views.length > 1 ? views.shift() : views[0] })),
      http.get('/api/v1/deposits/7/records', ({ request }) => {
        recordQueries.push(new URL(request.url).search);
        return HttpResponse.json({ data: records, pagination: keysetPage(records.length) });
      }),
      http.put('/api/v1/deposits/*', async ({ request }) => {
        const path = new URL(request.url).pathname.replace('/api/v1', '');
        puts.push({ path, body: await request.json() });
        return answer(path);
      }),
    );
  });

  const renderPage = (url = '/revenue/deposits/7') => renderRoutes(url, { '/revenue/deposits/:id': <DepositPage />, '/orders/:id': <div data-testid="order-page" /> });
  const row = (id: number) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

  it('shows the matching’s progress, asking every second, then the results: counts, each record’s status, orders and difference', async () => {
    views = [wireDeposit({ state: 'matching', progress: { decided: 3, total: 7 }, record_count: 7, matched_at: null }), wireDeposit()];
    renderPage();
    await screen.findByText('照合しています（3/7件）。');
    expect(document.querySelector('[data-testid="deposit-progress"] .ant-progress')?.getAttribute('aria-valuenow')).toBe('42');
    expect(recordQueries).toEqual([]); // not read while matching

    await screen.findByTestId('record-filters', {}, { timeout: 5000 });
    expect(screen.queryByTestId('deposit-progress')).toBeNull();
    expect(screen.getByTestId('deposit-title').textContent).toBe('入金ファイル「nyukin-1120.txt」');
    expect(screen.getByTestId('deposit-state-7').textContent).toBe('照合済み');
    const count = (key: string) => screen.getByTestId(`count-${key}`).querySelector('.ant-statistic-content-value')?.textContent;
    expect(['notPaid', 'exact', 'over', 'under', 'review'].map(count)).toEqual(['1', '1', '1', '0', '1']);
    expect(screen.getByTestId('deposit-summary').textContent).toContain('全銀（振込入金通知）');

    await waitFor(() => expect(row(101)).toBeTruthy());
    expect(row(101).textContent).toContain('消込済');
    expect(row(101).textContent).toContain('一致');
    expect(row(101).textContent).toContain('受注番号');
    expect(within(row(101)).getByTestId('order-link-11').textContent).toBe('20261101-0000011-1');
    expect(row(102).textContent).toContain('過入金');
    expect(row(102).textContent).toContain('+¥300');
    expect(row(103).textContent).toContain('要確認');
    expect(row(103).textContent).toContain('該当する受注なし');
    // The record left for staff shows its candidates, open.
    const candidates = screen.getByTestId('candidates-103');
    expect(candidates.textContent).toContain('20261101-0000021-1');
    expect(candidates.textContent).toContain('伊藤 翔');
    expect(candidates.textContent).toContain('−¥440');

    // Filters go to the API and the URL: by state, then by SPEC status.
    await userEvent.click(document.querySelector('#filter-state-review')!.closest('label')!);
    await waitFor(() => expect(recordQueries.at(-1)).toContain('state=review'));
    await userEvent.click(document.querySelector('#filter-status')!);
    await userEvent.click(await screen.findByTitle('過入金（1）'));
    await waitFor(() => expect(recordQueries.at(-1)).toBe('?state=review&status=3&page=1&per_page=50'));
  });

  it('applies a candidate with the record’s amount, a fee-short transfer counted as the transfer fee, and reads the results again', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByText('適用'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('apply-summary').textContent).toContain('20261101-0000021-1');
    expect((document.querySelector('#apply-amount') as HTMLInputElement).value).toBe('10560');
    expect((document.querySelector('#apply-transferFee') as HTMLInputElement).value).toBe('440');
    expect(screen.getByTestId('apply-outcome').textContent).toBe('差額¥0（一致）');
    // The order's total instead, and no fee: over by 440.
    await userEvent.click(document.querySelector('#apply-use-total')!);
    expect(screen.getByTestId('apply-outcome').textContent).toBe('差額+¥440（過入金）');
    await userEvent.click(document.querySelector('#apply-use-record')!);
    await userEvent.clear(document.querySelector('#apply-transferFee')!);
    await userEvent.type(document.querySelector('#apply-transferFee')!, '440');

    const reads = recordQueries.length;
    await userEvent.click(document.querySelector('#apply-submit')!);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/deposits/21/update',
      body: { version: 4, type: 0, amount: 10560, paid_date: '2026-11-20', record_id: 103, transfer_fee: 440, settlement_fee: 0, other_fee: 0, shipping_fee: 0 },
    });
    await waitFor(() => expect(done).toHaveBeenCalledWith('入金を適用しました。'));
    await waitFor(() => expect(recordQueries.length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('finds an order by its number as one more candidate, any order, and applies the record to it', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const orderQueries: string[] = [];
    const numbered = (id: string, orderNo: string, branchNo: number, extra: Record<string, unknown> = {}) =>
      wireOrder(id, [wireLine(`${id}1`, 5)], { order_no: orderNo, branch_no: branchNo, version: 6, total: 10560, buyer_name: '伊藤 翔太', buyer_kana: 'イトウ ショウタ', order_date: '2026-11-05', ...extra });
    server.use(
      http.get('/api/v1/orders', ({ request }) => {
        orderQueries.push(new URL(request.url).search);
        // The keyword matches within other text too: an order whose EC id holds the number is no answer.
        const orders = [numbered('31', '20261105-0000031', 1, { total: 9000 }), numbered('32', '20261105-0000031', 2), numbered('40', '20261106-0000040', 1, { ec_order_id: 'EC-20261105-0000031' })];
        return HttpResponse.json({ data: orders, pagination: keysetPage(orders.length) });
      }),
    );
    renderPage();
    const search = await screen.findByTestId('order-search-103');
    const input = within(search).getByRole('searchbox');

    // Not an order number: said so, nothing asked.
    await userEvent.type(input, '2026110-31{Enter}');
    expect(search.textContent).toContain('受注番号は「20261101-0000021」または「20261101-0000021-1」の形で入力してください。');
    expect(orderQueries).toEqual([]);

    // With its branch, full-width as a Japanese input method types it: that branch only.
    await userEvent.clear(input);
    await userEvent.type(input, '２０２６１１０５－０００００３１－２{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('candidates-103')).queryByTestId('order-link-32')).not.toBeNull());
    expect(orderQueries).toEqual(['?keyword=20261105-0000031&per_page=20']);
    const candidates = screen.getByTestId('candidates-103');
    expect(within(candidates).queryByTestId('order-link-31')).toBeNull();
    expect(within(candidates).queryByTestId('order-link-40')).toBeNull();
    // The record's own candidate stays beside it.
    expect(within(candidates).getByTestId('order-link-21')).toBeTruthy();
    const found = candidates.querySelector<HTMLElement>('tr[data-row-key="32"]')!;
    expect(found.textContent).toContain('20261105-0000031-2');
    expect(found.textContent).toContain('2026年11月05日');
    expect(found.textContent).toContain('伊藤 翔太');
    expect(found.textContent).toContain('¥10,560');
    expect(found.textContent).toContain('検索');
    expect(screen.getByTestId('order-search-result-103').textContent).toBe('1件見つかりました。');

    // Without the branch: every branch of the number.
    await userEvent.clear(input);
    await userEvent.type(input, '20261105-0000031{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('candidates-103')).queryByTestId('order-link-31')).not.toBeNull());
    expect(screen.getByTestId('order-search-result-103').textContent).toBe('2件見つかりました。');

    await userEvent.click(document.querySelector('#apply-103-32')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('apply-summary').textContent).toContain('20261105-0000031-2 伊藤 翔太 ¥10,560');
    expect(screen.getByTestId('apply-outcome').textContent).toBe('差額¥0（一致）');
    await userEvent.click(document.querySelector('#apply-submit')!);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/deposits/32/update',
      body: { version: 6, type: 0, amount: 10560, paid_date: '2026-11-20', record_id: 103, transfer_fee: 0, settlement_fee: 0, other_fee: 0, shipping_fee: 0 },
    });
    await waitFor(() => expect(done).toHaveBeenCalledWith('入金を適用しました。'));
  });

  it('offers the search on a record without candidates, and says when no order has the number', async () => {
    records = [wireRecord(104, { state: 'review', review_reason: 'no_match', status: 1, matched_by: null, version: 1 }), wireRecord(105, { state: 'review', review_reason: 'cancellation', status: 1, matched_by: null, takes_back: true })];
    server.use(http.get('/api/v1/orders', () => HttpResponse.json({ data: [], pagination: keysetPage(0) })));
    renderPage();
    const search = await screen.findByTestId('order-search-104');
    // A bank's cancellation pays no order: nothing to search for.
    expect(screen.queryByTestId('candidates-105')).toBeNull();
    await userEvent.type(within(search).getByRole('searchbox'), '20261105-0000099{Enter}');
    expect((await screen.findByTestId('order-search-result-104')).textContent).toBe('受注番号20261105-0000099の受注はありません。');
    expect(screen.getByTestId('candidates-104').textContent).toContain('候補の受注はありません。');
  });

  it('counts a shortfall as a transfer fee only when the order setting lists it', async () => {
    transferFees = [110];
    renderPage();
    await userEvent.click(await screen.findByText('適用'));
    await screen.findByTestId('apply-outcome');
    // The settings are read when the dialog opens; until then the default fees apply.
    await waitFor(() => expect((document.querySelector('#apply-transferFee') as HTMLInputElement).value).toBe('0'));
    expect(screen.getByTestId('apply-outcome').textContent).toBe('差額−¥440（不足）');
  });

  it('keeps a refused amount under its field, and on NAL_ORD-193 says so and offers the reload', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    answer = () =>
      puts.length === 1
        ? HttpResponse.json(refusal('NAL-422', [{ field: 'amount', error_code: 'max', params: { max: 99999999 } }]), { status: 422 })
        : HttpResponse.json(refusal('NAL_ORD-193'), { status: 400 });
    renderPage();
    await userEvent.click(await screen.findByText('適用'));
    await userEvent.click(document.querySelector('#apply-submit')!);
    await screen.findByText('99999999以下の値を入力してください。');
    expect(error).not.toHaveBeenCalled();

    await userEvent.click(document.querySelector('#apply-submit')!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('他のユーザーが注文を更新しました。再読み込みしてください。'));
    expect((await screen.findByTestId('deposit-stale')).textContent).toContain('再読み込みしてください');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reads = recordQueries.length;
    await userEvent.click(document.querySelector('#deposit-reload')!);
    await waitFor(() => expect(recordQueries.length).toBeGreaterThan(reads));
    expect(screen.queryByTestId('deposit-stale')).toBeNull();
  });

  it('takes back a matched record with a reason, naming its order when the order has moved on', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    answer = () => (puts.length === 1 ? HttpResponse.json(refusal('NAL-DEP-041'), { status: 400 }) : HttpResponse.json({ data: records[0] }));
    renderPage();
    await waitFor(() => expect(document.querySelector('#revert-record-101')).not.toBeNull());
    await userEvent.click(document.querySelector('#revert-record-101')!);
    await userEvent.click(document.querySelector('#revert-submit')!);
    await screen.findByText('必須項目です。');
    expect(puts).toEqual([]);
    await userEvent.type(document.querySelector('#revert-reason')!, '別の受注の入金');
    await userEvent.click(document.querySelector('#revert-submit')!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('受注20261101-0000011-1はメーカーへ発注済みのため、入金を取り消せません。'));
    // Not stale: the dialog stays, and the same reason can be sent again.
    await userEvent.click(document.querySelector('#revert-submit')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith('入金を取り消しました。'));
    expect(puts.map((p) => p.path)).toEqual(['/deposits/records/101/revert', '/deposits/records/101/revert']);
    expect(puts[1].body).toEqual({ version: 2, reason: '別の受注の入金' });
  });

  it('takes back the whole upload with the version read', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    answer = () => HttpResponse.json({ data: wireDeposit({ state: 'reverted', reverted_at: '2026-11-21T01:00:00Z', revert_reason: '誤ったファイル', version: 2 }) });
    renderPage();
    await userEvent.click(await screen.findByText('一括取消'));
    await userEvent.type(document.querySelector('#revert-reason')!, '誤ったファイル');
    views = [wireDeposit({ state: 'reverted', reverted_at: '2026-11-21T01:00:00Z', revert_reason: '誤ったファイル', version: 2 })];
    await userEvent.click(document.querySelector('#revert-submit')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith('入金ファイルを取り消しました。'));
    expect(puts).toEqual([{ path: '/deposits/7/revert', body: { version: 1, reason: '誤ったファイル' } }]);
    expect((await screen.findByTestId('deposit-reverted')).textContent).toContain('理由: 誤ったファイル');
    expect(document.querySelector('#deposit-revert')).toBeNull();
  });

  it('offers no apply or revert to a role that may only read deposits, and speaks English', async () => {
    me = operator;
    setLanguage('en');
    renderPage();
    await waitFor(() => expect(row(103)).toBeTruthy());
    expect(row(102).textContent).toContain('Over');
    expect(screen.getByTestId('candidates-103').textContent).toContain('Amount');
    expect(screen.queryByText('Apply')).toBeNull();
    expect(screen.queryByTestId('order-search-103')).toBeNull();
    expect(document.querySelector('#revert-record-101')).toBeNull();
    expect(document.querySelector('#deposit-revert')).toBeNull();
    setLanguage('ja');
  });

  it('lists an order’s deposits and payments for those who may read deposits, and asks nothing for others', async () => {
    let asked = 0;
    server.use(
      http.get('/api/v1/deposits/orders/11', () => {
        asked++;
        return HttpResponse.json({ data: [wirePayment(11, { record_id: 101 }), wirePayment(11, { id: 111, deposit_id: null, type: 4, amount: 3000, reverted_at: '2026-11-21T03:00:00Z', revert_reason: '二重入力' })] });
      }),
    );
    renderRoutes('/orders/11', { '/orders/:id': <OrderDepositHistory order={{ id: '11', version: 3, total: 5500 }} onStale={() => undefined} /> });
    const table = await screen.findByTestId('order-deposits');
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(table.textContent).toContain('入金ファイル#7');
    expect(table.textContent).toContain('現金');
    expect(table.textContent).toContain('二重入力');

    me = { ...operator, permissions: ['orders.read'] };
    asked = 0;
    const { container } = renderRoutes('/orders/11', { '/orders/:id': <OrderDepositHistory order={{ id: '11', version: 3, total: 5500 }} onStale={() => undefined} /> });
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toBe(0);
    expect(container.querySelector('[data-testid="order-deposits"]')).toBeNull();
  });
});

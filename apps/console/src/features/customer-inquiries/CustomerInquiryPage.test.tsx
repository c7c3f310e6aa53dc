import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSWRConfig } from 'swr';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { chooseOption, renderRoutes, useMockServer } from '../../test-utils';
import { refusal } from '../deposits/test-fixtures';
import { CustomerInquiryPage } from './CustomerInquiryPage';
import { operator, wireCustomerThread, wireDetail } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const returnRequest = {
  purchase_date: '2026-11-01',
  delivery_date: '2026-11-18',
  return_request: 2,
  return_method: 1,
  desired_dates: null,
  pickup_date: '2026-11-26',
  pickup_slot: 2,
  return_zip: '150-0001',
  return_address: '東京都渋谷区神宮前1-1-1',
  bank_name: 'みずほ銀行',
  bank_branch: '渋谷支店',
  bank_account_type: 1,
  bank_account_number: '1234567',
  bank_account_holder: 'ヤマダ ハナコ',
  agreed_at: '2026-11-20T01:00:00Z',
};

describe('customer inquiries: an inquiry’s page', () => {
  let me: object;
  let views: object[];
  let puts: Record<string, unknown>[];
  let answer: () => Response;

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    me = operator;
    views = [wireDetail()];
    puts = [];
    answer = () => HttpResponse.json({ data: wireDetail() });
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/customer-inquiries/21', () => HttpResponse.json({ data: views.length > 1 ? views.shift() : views[0] })),
      http.put('/api/v1/customer-inquiries/21', async ({ request }) => {
        puts.push((await request.json()) as Record<string, unknown>);
        return answer();
      }),
      http.get('/api/v1/conversations/customer/4', () => HttpResponse.json({ data: wireCustomerThread(80, 4) })),
      http.get('/api/v1/conversations/80/message', ({ request }) =>
        new URL(request.url).searchParams.get('since') ? new HttpResponse(null, { status: 304 }) : HttpResponse.json({ data: [], next_cursor: null, since_cursor: 's-1', more_changes: false, status: 0, version: 1 }),
      ),
    );
  });

  const renderPage = () => renderRoutes('/customer-inquiries/21', { '/customer-inquiries/:id': <CustomerInquiryPage /> });

  it('shows a return request’s details, the overdue deadline, the customer’s other inquiries, orders and thread', async () => {
    views = [wireDetail({ kind: 'return', inquiry_type: 3, method: 1, created_by_name: null, overdue: true, reply_due_at: '2026-11-21T08:00:00Z', return_request: returnRequest, order: { id: 55 }, order_no: '20261101-0000055' })];
    renderPage();
    await screen.findByTestId('chat-panel-80');
    expect(screen.getByTestId('customer-inquiry-state').textContent).toBe('未対応');
    expect(screen.getByTestId('customer-inquiry-due-overdue').textContent).toBe('回答期限超過');
    expect(screen.getByTestId('customer-inquiry-due').textContent).toContain('2026年11月21日 17:00');
    expect(screen.getByTestId('customer-inquiry-pickup').textContent).toBe('2026年11月26日 14:00-16:00');
    expect(screen.getByTestId('customer-inquiry-bank').textContent).toBe('みずほ銀行 / 渋谷支店 / 普通 / 1234567 / ヤマダ ハナコ');
    const details = screen.getByTestId('customer-inquiry-return').textContent!;
    expect(details).toContain('返品（返金）');
    expect(details).toContain('集荷');
    expect(details).toContain('2026年11月18日');
    expect(details).toContain('〒150-0001 東京都渋谷区神宮前1-1-1');
    expect(screen.getByTestId('customer-inquiry-subject').textContent).toContain('フォーム（お客様）');
    expect(document.querySelector('#customer-inquiry-order-link')!.getAttribute('href')).toBe('/orders/55');
    expect(document.querySelector('#customer-inquiry-customer-link')!.getAttribute('href')).toBe('/customers/4');

    expect(screen.getByTestId('customer-inquiry-history').querySelector('.ant-card-head-title')!.textContent).toBe('この顧客の履歴（山田 花子）');
    const other = document.querySelector('#customer-inquiry-other-19')!;
    expect(other.getAttribute('href')).toBe('/customer-inquiries/19');
    expect(other.closest('tr')!.textContent).toContain('完了');
    expect(screen.getByTestId('order-link-55').textContent).toBe('20261101-0000055-1');
    expect(screen.getByTestId('order-link-55').getAttribute('href')).toBe('/orders/55');
  });

  it('saves the handling with the version read; NAL-INQ-001 offers a reload that brings the newer inquiry', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    views = [wireDetail(), wireDetail({ version: 5, state: 2, cs_memo: '別の人が回答', replied_at: '2026-11-20T05:00:00Z' })];
    answer = () => HttpResponse.json(refusal('NAL-INQ-001'), { status: 400 });
    renderPage();
    await screen.findByTestId('customer-inquiry-handling');
    expect((document.querySelector('#customer-inquiry-cs-memo') as HTMLTextAreaElement).value).toBe('折り返し電話済み');

    await chooseOption('customer-inquiry-state-select', '回答済み');
    await userEvent.type(document.querySelector('#customer-inquiry-cs-memo')!, '。メールで回答');
    await userEvent.click(document.querySelector('#customer-inquiry-save')!);
    expect((await screen.findByTestId('customer-inquiry-stale')).textContent).toContain('この問い合わせは他の人が更新しました。');
    expect(puts).toEqual([{ version: 3, state: 2, person_in_charge_id: 8, cs_memo: '折り返し電話済み。メールで回答' }]);
    expect(done).not.toHaveBeenCalled();

    await userEvent.click(document.querySelector('#customer-inquiry-reload')!);
    await waitFor(() => expect(screen.getByTestId('customer-inquiry-page').getAttribute('data-version')).toBe('5'));
    expect(screen.queryByTestId('customer-inquiry-stale')).toBeNull();
    expect(screen.getByTestId('customer-inquiry-state').textContent).toBe('回答済み');
    await waitFor(() => expect((document.querySelector('#customer-inquiry-cs-memo') as HTMLTextAreaElement).value).toBe('別の人が回答'));

    // Saved again on the version now read.
    answer = () => HttpResponse.json({ data: wireDetail({ version: 6, state: 3 }) });
    await chooseOption('customer-inquiry-state-select', '完了');
    await userEvent.click(document.querySelector('#customer-inquiry-save')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith('問い合わせを保存しました。'));
    expect(puts.at(-1)).toEqual({ version: 5, state: 3, person_in_charge_id: 8, cs_memo: '別の人が回答' });
  });

  /** Reads the inquiry again, as SWR does when the tab comes back into focus. */
  function ReadAgain() {
    const { mutate } = useSWRConfig();
    return <button type="button" data-testid="read-again" onClick={() => void mutate('/customer-inquiries/21')} />;
  }
  const renderPageReadAgain = () => renderRoutes('/customer-inquiries/21', { '/customer-inquiries/:id': <CustomerInquiryPage /> }, <ReadAgain />);
  const backToTheTab = () => userEvent.click(screen.getByTestId('read-again'));
  const memo = () => document.querySelector<HTMLTextAreaElement>('#customer-inquiry-cs-memo')!;

  it('an untouched handling form follows the inquiry read again, and saves on the version it now shows', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    views = [wireDetail(), wireDetail({ version: 4, state: 2, cs_memo: '別の人が回答', replied_at: '2026-11-20T05:00:00Z' })];
    renderPageReadAgain();
    await screen.findByTestId('customer-inquiry-handling');
    expect(memo().value).toBe('折り返し電話済み');

    await backToTheTab();
    await waitFor(() => expect(screen.getByTestId('customer-inquiry-page').getAttribute('data-version')).toBe('4'));
    await waitFor(() => expect(memo().value).toBe('別の人が回答'));
    await userEvent.click(document.querySelector('#customer-inquiry-save')!);
    await waitFor(() => expect(puts).toEqual([{ version: 4, state: 2, person_in_charge_id: 8, cs_memo: '別の人が回答' }]));
  });

  it('a handling form being edited keeps what was typed and the version it was read at, so its save is refused as stale', async () => {
    views = [wireDetail(), wireDetail({ version: 4, state: 2, cs_memo: '別の人が回答', replied_at: '2026-11-20T05:00:00Z' })];
    answer = () => HttpResponse.json(refusal('NAL-INQ-001'), { status: 400 });
    renderPageReadAgain();
    await screen.findByTestId('customer-inquiry-handling');
    await userEvent.type(memo(), '。メールで回答');

    await backToTheTab();
    await waitFor(() => expect(screen.getByTestId('customer-inquiry-page').getAttribute('data-version')).toBe('4'));
    expect(memo().value).toBe('折り返し電話済み。メールで回答');
    await userEvent.click(document.querySelector('#customer-inquiry-save')!);
    await screen.findByTestId('customer-inquiry-stale');
    expect(puts).toEqual([{ version: 3, state: 1, person_in_charge_id: 8, cs_memo: '折り返し電話済み。メールで回答' }]);
  });

  it('‘take it’ puts the signed-in user in charge and saves; the button is gone once they are', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    views = [wireDetail({ person_in_charge: null, cs_memo: null }), wireDetail({ version: 4, person_in_charge: { id: 1, name: '受付 担当' }, cs_memo: null })];
    renderPage();
    await screen.findByTestId('customer-inquiry-handling');
    await userEvent.click(document.querySelector('#customer-inquiry-take')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith('担当者を自分にして保存しました。'));
    expect(puts).toEqual([{ version: 3, state: 1, person_in_charge_id: 1, cs_memo: null }]);
    await waitFor(() => expect(screen.getByTestId('customer-inquiry-page').getAttribute('data-version')).toBe('4'));
    await waitFor(() => expect(document.querySelector('#customer-inquiry-take')).toBeNull());
  });

  it('names the customer in the history’s title, and leaves no empty brackets for a customer without a name', async () => {
    views = [wireDetail({ customer: { id: 4, name: null } })];
    renderPage();
    const history = await screen.findByTestId('customer-inquiry-history');
    expect(history.querySelector('.ant-card-head-title')!.textContent).toBe('この顧客の履歴');
  });

  it('shows the handling without a form to a role that may only read, and no thread without the customer chat', async () => {
    me = { ...operator, permissions: ['customers.read'] };
    renderPage();
    const handling = await screen.findByTestId('customer-inquiry-handling');
    expect(handling.textContent).toContain('佐藤 CS');
    expect(handling.textContent).toContain('折り返し電話済み');
    expect(document.querySelector('#customer-inquiry-save')).toBeNull();
    expect(screen.getByTestId('customer-inquiry-history')).toBeTruthy();
    expect(screen.queryByTestId('chat-panel-80')).toBeNull();
  });
});

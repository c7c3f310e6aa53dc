import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { chooseOption, renderRoutes, useMockServer, Where } from '../../test-utils';
import { keysetPage, refusal } from '../deposits/test-fixtures';
import { CustomerInquiryCreatePage } from './CustomerInquiryCreatePage';
import { CustomerInquiryListPage } from './CustomerInquiryListPage';
import { operator, shopsPage, wireInquiry } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`)!;

describe('customer inquiries: the list', () => {
  let me: object;
  let queries: URLSearchParams[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    me = operator;
    queries = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/shops', () => HttpResponse.json(shopsPage)),
      http.get('/api/v1/customer-inquiries', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const rows = [
          wireInquiry({ id: 22, reference: 'Q-OVERDUE', overdue: true, reply_due_at: '2026-11-19T08:00:00Z', person_in_charge: null }),
          wireInquiry({ id: 21, state: 2, kind: 'return', title: '返品のご依頼（注文番号 20261101-0000055）' }),
        ];
        return HttpResponse.json({ data: rows, pagination: { ...keysetPage(rows.length), next_cursor: 'C-next' } });
      }),
    );
  });

  const renderList = (url = '/customer-inquiries') =>
    renderRoutes(url, {
      '/customer-inquiries': (
        <>
          <CustomerInquiryListPage />
          <Where />
        </>
      ),
      '/customer-inquiries/:id': <Where />,
    });

  it('flags an inquiry waiting past its reply deadline, and shows each row’s state, kind and person in charge', async () => {
    renderList();
    await screen.findByRole('link', { name: 'Q-OVERDUE' });
    const overdue = screen.getByTestId('customer-inquiry-due-22');
    expect(overdue.getAttribute('data-overdue')).toBe('true');
    expect(screen.getByTestId('customer-inquiry-due-22-overdue').textContent).toBe('回答期限超過');
    expect(overdue.textContent).toContain('2026年11月19日 17:00');
    expect(rowOf(22).querySelector('[data-state]')!.textContent).toBe('未対応');
    expect(rowOf(22).textContent).toContain('本店');

    // Not overdue: the deadline without the flag.
    expect(screen.getByTestId('customer-inquiry-due-21').getAttribute('data-overdue')).toBe('false');
    expect(screen.queryByTestId('customer-inquiry-due-21-overdue')).toBeNull();
    expect(rowOf(21).querySelector('[data-state]')!.textContent).toBe('回答済み');
    expect(rowOf(21).textContent).toContain('返品・交換');
    expect(rowOf(21).textContent).toContain('佐藤 CS');
    expect(rowOf(21).textContent).toContain('2026年11月20日 10:00');
  });

  it('keeps the filters and the order in the URL and sends them; the pager moves by cursor; a row opens the inquiry', async () => {
    renderList('/customer-inquiries?state=1&overdue=1&from=2026-11-01&to=2026-11-30');
    await screen.findByRole('link', { name: 'Q-OVERDUE' });
    expect(Object.fromEntries(queries[0])).toEqual({ state: '1', overdue: '1', from: '2026-11-01', to: '2026-11-30', page: '1', per_page: '50' });
    expect((document.querySelector('#filter-overdue') as HTMLInputElement).checked).toBe(true);

    await chooseOption('filter-method', '電話');
    await userEvent.type(document.querySelector('#filter-keyword')!, '  配送 ');
    await userEvent.click(document.querySelector('#filter-overdue')!);
    await userEvent.click(document.querySelector('#filter-search')!);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/customer-inquiries?state=1&method=2&from=2026-11-01&to=2026-11-30&keyword=%E9%85%8D%E9%80%81&page=1&perPage=50'),
    );
    await waitFor(() => expect(Object.fromEntries(queries.at(-1)!)).toEqual({ state: '1', method: '2', from: '2026-11-01', to: '2026-11-30', keyword: '配送', page: '1', per_page: '50' }));

    // The deadline order keeps the filters and starts at the first page.
    await userEvent.click(screen.getByTestId('customer-inquiry-sort-reply_due_at'));
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('reply_due_at'));
    expect(queries.at(-1)!.get('keyword')).toBe('配送');
    expect(screen.getByTestId('where').textContent).toContain('sort=reply_due_at');

    await userEvent.click(document.querySelector('#page-next')!);
    await waitFor(() => expect(queries.at(-1)!.get('after')).toBe('C-next'));
    expect(queries.at(-1)!.get('sort')).toBe('reply_due_at');

    // Clearing keeps the order.
    await userEvent.click(document.querySelector('#filter-reset')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/customer-inquiries?sort=reply_due_at&page=1&perPage=50'));

    await userEvent.click(await screen.findByText('返品のご依頼（注文番号 20261101-0000055）'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/customer-inquiries/21'));
  });

  it('shows what the API refused in the filters', async () => {
    server.use(http.get('/api/v1/customer-inquiries', () => HttpResponse.json(refusal('NAL-422', [{ field: 'to', error_code: 'date_after', params: { other: 'from' } }]), { status: 422 })));
    renderList('/customer-inquiries?from=2026-11-30&to=2026-11-01');
    expect((await screen.findByTestId('customer-inquiry-list-error')).textContent).toContain('開始日');
  });

  it('offers recording an inquiry only to those who may write', async () => {
    me = { ...operator, permissions: ['customers.read'] };
    renderList();
    await screen.findByRole('link', { name: 'Q-OVERDUE' });
    expect(document.querySelector('#customer-inquiry-create')).toBeNull();
  });
});

describe('customer inquiries: recording one', () => {
  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: operator })),
      http.get('/api/v1/shops', () => HttpResponse.json(shopsPage)),
    );
  });

  it('shows the missing phone or e-mail on both fields, then records the inquiry, says so and opens it', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/v1/customer-inquiries', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if (!body.phone && !body.email) {
          return HttpResponse.json(refusal('NAL-422', [{ field: 'phone', error_code: 'required' }, { field: 'email', error_code: 'required' }]), { status: 422 });
        }
        return HttpResponse.json({ data: wireInquiry({ id: 30 }) }, { status: 201 });
      }),
    );
    renderRoutes('/customer-inquiries/create', {
      '/customer-inquiries/create': <CustomerInquiryCreatePage />,
      '/customer-inquiries/:id': <Where />,
    });
    const name = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('#customer-inquiry-name');
      expect(found).not.toBeNull();
      return found!;
    });
    await chooseOption('customer-inquiry-method', 'FAX');
    await chooseOption('customer-inquiry-inquiryType', '注文・配送について');
    await chooseOption('customer-inquiry-shopId', '本店');
    await userEvent.type(name, '山田 花子');
    await userEvent.type(document.querySelector('#customer-inquiry-title')!, '配送日の変更');
    await userEvent.type(document.querySelector('#customer-inquiry-content')!, '来週にできますか。');
    await userEvent.click(document.querySelector('#customer-inquiry-submit')!);

    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBe(2));
    expect([...document.querySelectorAll('.ant-form-item-explain-error')].every((e) => e.textContent === '必須項目です。')).toBe(true);
    // Either ends the refusal on both.
    await userEvent.type(document.querySelector('#customer-inquiry-phone')!, '090-1234-5678');
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBe(0));

    await userEvent.click(document.querySelector('#customer-inquiry-submit')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/customer-inquiries/30'));
    expect(posted.at(-1)).toEqual({
      method: 3,
      inquiry_type: 2,
      shop_id: 3,
      name: '山田 花子',
      phone: '090-1234-5678',
      title: '配送日の変更',
      content: '来週にできますか。',
      company: null,
      position: null,
      email: null,
      product: null,
      order_no: null,
      person_in_charge_id: null,
      cs_memo: null,
    });
    expect(done).toHaveBeenCalledWith('問い合わせを登録しました。');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { renderRoutes, useMockServer } from '../../test-utils';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { CustomerListPage } from './CustomerListPage';

const server = useMockServer();

const me = { id: 1, name: 'CS', email: 'cs@example.com', role: 'call_center', permissions: ['customers.read', 'customers.write'] };
const row = (id: number, name: string, count: number) => ({
  id,
  same_person_id: 11,
  same_person_count: count,
  name,
  name_kana: null,
  phone: '03-1111-2222',
  email: null,
  company_name: null,
  shop_name: null,
  order_count: 0,
  updated_at: '2026-11-20T01:00:00Z',
  version: 1,
});

describe('customer list', () => {
  let exported: unknown[];
  let listQueries: string[];

  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    exported = [];
    listQueries = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/customers', ({ request }) => {
        listQueries.push(new URL(request.url).search);
        return HttpResponse.json({ data: [row(11, '山田 太郎', 2), row(12, '山田 花子', 2)], pagination: { from: 1, to: 2, total: 2, current_page: 1, per_page: 50, last_page: 1 } });
      }),
      http.get('/api/v1/customers/11/same-email-and-phone', () =>
        HttpResponse.json({ data: { customer_id: 11, same_person_id: 11, general_memo: '共通', customers: [row(11, '山田 太郎', 2), row(12, '山田 花子', 2)] } }),
      ),
      http.post('/api/v1/customers/export', async ({ request }) => {
        exported.push(await request.json());
        return HttpResponse.json({ data: 'http://api.example/api/v1/medias/download?key=k&sig=s' });
      }),
    );
  });

  function renderList(url = '/customers?phone=0311') {
    renderRoutes(url, { '/customers': <CustomerListPage /> });
  }

  it('searches with the filters of the URL', async () => {
    renderList();
    await screen.findByText('山田 太郎');
    expect(listQueries[0]).toBe('?phone=0311&page=1&per_page=50');
  });

  it('refuses to export with nothing selected, with the SPEC message', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    renderList();
    await screen.findByText('山田 太郎');
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(error).toHaveBeenCalledWith('Please select at least one customer');
    expect(exported).toEqual([]);
  });

  it('exports the selected customers and opens the returned URL', async () => {
    const win = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => win as unknown as Window);
    renderList();
    await screen.findByText('山田 太郎');
    const boxes = screen.getAllByRole('checkbox');
    await userEvent.click(boxes[2]); // the second row (the first box selects all)
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(win.location.href).toBe('http://api.example/api/v1/medias/download?key=k&sig=s'));
    expect(exported).toEqual([{ customer_ids: [12] }]);
  });

  it('shows the same-person group in a drawer', async () => {
    renderList();
    await screen.findByText('山田 太郎');
    await userEvent.click(screen.getByTestId('same-person-11'));
    await screen.findByText('This customer');
    expect(screen.getAllByTestId('same-person-member')).toHaveLength(2);
    expect(screen.getByText('共通')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { CustomerListPage } from '../customers/CustomerListPage';

const server = useMockServer();

const me = { id: 1, name: 'Op', email: 'op@example.com', role: 'operator', permissions: ['customers.read', 'customers.write', 'estimates.edit'] };
const row = (id: number, name: string) => ({ id, same_person_id: id, same_person_count: 1, name, name_kana: null, phone: null, email: null, company_name: null, shop_name: null, order_count: 0, updated_at: '2026-11-20T01:00:00Z', version: 1 });

describe("the customer list's 'make estimate'", () => {
  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/customers', () => HttpResponse.json({ data: [row(11, '山田 太郎'), row(12, '鈴木 花子')], pagination: { from: 1, to: 2, total: 2, current_page: 1, per_page: 50, last_page: 1 } })),
    );
  });

  it('needs exactly one selected customer, with SPEC §8’s messages, then opens the form for that customer', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    renderRoutes('/customers', { '/customers': <CustomerListPage />, '/customers/:customerId/estimates/new': <div data-testid="new-estimate-screen" /> });
    await screen.findByText('山田 太郎');
    const user = userEvent.setup();
    const make = () => user.click(screen.getByRole('button', { name: /Make estimate/ }));
    await make();
    expect(error).toHaveBeenLastCalledWith('Please select at least one customer');
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]);
    await user.click(boxes[2]);
    await make();
    expect(error).toHaveBeenLastCalledWith('Please select only one customer');
    await user.click(boxes[1]);
    await make();
    await screen.findByTestId('new-estimate-screen');
    expect(error).toHaveBeenCalledTimes(2);
  }, 60_000);

  it('is not offered to a role that cannot edit estimates', async () => {
    server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: { ...me, role: 'accountant', permissions: ['customers.read'] } })));
    renderRoutes('/customers', { '/customers': <CustomerListPage /> });
    await screen.findByText('山田 太郎');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Make estimate/ })).toBeNull());
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { saveSession } from '../api/session';
import i18n, { setLanguage } from '../i18n';
import { routes } from '../routes';
import { allowedSections, FEATURES } from '../sections';
import { renderRoutes, useMockServer } from '../test-utils';
import { AppLayout } from './AppLayout';
import { ConsoleConfig } from './ConsoleConfig';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const user = (role: string, permissions: string[]) => ({ id: 1, name: 'User', email: 'u@example.com', role, permissions });

describe('side menu: queue dashboard', () => {
  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
  });

  it('is there for a system administrator, and opens Bull Board in a new tab with a media token', async () => {
    const popup = { location: { href: '' }, close: vi.fn(), opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: user('system_admin', ['orders.read', 'accounts.read', 'operations.admin']) })),
      http.get('/api/v1/medias/token', () => HttpResponse.json({ data: { token: 'media-9', expires_in: 60 } })),
    );
    renderRoutes('/dashboard', { '/dashboard': <AppLayout /> });
    const item = await screen.findByTestId('menu-queues');
    expect(item.textContent).toBe('キュー管理');
    await userEvent.click(item);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/admin/queues?token=media-9'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
  });

  it.each(['approver', 'operator', 'maker'])('is not there for %s', async (role) => {
    server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: user(role, ['orders.read', 'accounts.read']) })));
    renderRoutes('/dashboard', { '/dashboard': <AppLayout /> });
    await waitFor(() => expect(document.querySelector('[data-section=orders]')).not.toBeNull());
    expect(screen.queryByTestId('menu-queues')).toBeNull();
  });
});

describe('side menu: only areas that exist', () => {
  const everything = ['orders.read', 'catalogue.read', 'customers.read', 'deposits.read', 'revenue.read', 'accounts.read', 'maker-chat', 'settings.read'];
  const sectionsShown = () => [...document.querySelectorAll('[data-testid="sidebar"] [data-section]')].map((n) => n.getAttribute('data-section'));

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: user('approver', everything) })));
  });

  /** The console's own router at `url`, as main.tsx mounts it. */
  const renderApp = (url: string) =>
    render(
      <I18nextProvider i18n={i18n}>
        <ConsoleConfig>
          <AntApp>
            <SWRConfig value={{ provider: () => new Map() }}>
              <RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />
            </SWRConfig>
          </AntApp>
        </ConsoleConfig>
      </I18nextProvider>,
    );

  it('offers the revenue section (its list and deposits), the customer inquiries and the maker inquiries to a role that may use them', async () => {
    renderRoutes('/dashboard', { '/dashboard': <AppLayout /> });
    await waitFor(() => expect(sectionsShown()).toEqual(['orders', 'products', 'customers', 'makers', 'revenue', 'accounts', 'customerInquiries', 'makerInquiries', 'settings']));
    expect(document.querySelector('[data-testid="sidebar"]')!.textContent).toMatch(/顧客問い合わせ/);
  });

  it('opens the customer inquiries at /customer-inquiries, and the forbidden screen to a role without customers.read', async () => {
    const emptyPage = { from: null, to: null, total: 0, current_page: 1, per_page: 50, last_page: 1, next_cursor: null, prev_cursor: null };
    server.use(
      http.get('/api/v1/customer-inquiries', () => HttpResponse.json({ data: [], pagination: emptyPage })),
      http.get('/api/v1/shops', () => HttpResponse.json({ data: [], pagination: emptyPage })),
      http.get('/api/v1/users', () => HttpResponse.json({ data: [], pagination: emptyPage })),
    );
    const first = renderApp('/customer-inquiries');
    await screen.findByText('該当する問い合わせはありません。');
    first.unmount();
    server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: user('maker', ['orders.read', 'maker-chat']) })));
    renderApp('/customer-inquiries/3');
    await screen.findByTestId('forbidden');
  });

  it('answers a typed URL of no screen with not-found', async () => {
    renderApp('/no-such-screen');
    expect((await screen.findByTestId('not-found')).textContent).toBe('ページが見つかりません');
  });

  it('opens the revenue list at /revenue, the deposits beside it by the sub-navigation, and the forbidden screen to a role without revenue.read', async () => {
    const emptyPage = { from: null, to: null, total: 0, current_page: 1, per_page: 50, last_page: 1, next_cursor: null, prev_cursor: null };
    server.use(
      http.get('/api/v1/revenues', () => HttpResponse.json({ data: [], pagination: emptyPage, totals: { count: 0, products_total: 0, tax_total: 0, total: 0, wholesale_total: 0, reship_cost: 0, costs: 0, margin: 0 } })),
      http.get('/api/v1/deposits/history', () => HttpResponse.json({ data: [], pagination: emptyPage })),
      http.get('/api/v1/shops', () => HttpResponse.json({ data: [], pagination: emptyPage })),
      http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [] })),
      http.get('/api/v1/payments/search', () => HttpResponse.json({ data: [], pagination: emptyPage })),
      http.get('/api/v1/settings/time_shipments', () => HttpResponse.json({ data: [], pagination: emptyPage })),
    );
    const first = renderApp('/revenue');
    await screen.findByText('該当する売上はありません。');
    await userEvent.click(await screen.findByText('入金'));
    await screen.findByText('取り込んだ入金ファイルはありません。');
    first.unmount();
    server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: user('call_center', ['orders.read', 'customers.read']) })));
    renderApp('/revenue/deposits/7');
    await screen.findByTestId('forbidden');
  });

  it('shows an area only once it is switched on in the features, and still by role', () => {
    const withoutInquiries = new Set([...FEATURES].filter((key) => key !== 'customerInquiries'));
    expect(allowedSections(everything, withoutInquiries).map((s) => s.key)).not.toContain('customerInquiries');
    expect(allowedSections(everything).map((s) => s.key)).toContain('customerInquiries');
    expect(allowedSections(['orders.read']).map((s) => s.key)).toEqual(['orders']);
  });
});

import { japanToday } from '@oms/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { keysetPage } from '../deposits/test-fixtures';
import { RevenueListPage } from './RevenueListPage';
import { accountant, wireRevenue, wireTotals } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

describe('the revenue list', () => {
  let queries: URLSearchParams[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    queries = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: accountant })),
      http.get('/api/v1/shops', () => HttpResponse.json({ data: [{ id: 3, name: 'デモ家具店 本店' }], pagination: keysetPage(1) })),
      http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [{ id: 9, name: '栗木工', code: 'M9' }] })),
      http.get('/api/v1/payments/search', () => HttpResponse.json({ data: [{ id: 2, name_ja: '銀行振込', name_en: 'Bank transfer' }], pagination: keysetPage(1) })),
      http.get('/api/v1/revenues', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const month = query.get('sales_month');
        const rows =
          month === '2026-10'
            ? [wireRevenue({ id: 41, order_id: 601, order_no: '20261020-0000601', branch_no: 2, sales_month: '2026-10', ship_date: '2026-10-25', product_count: 1, margin: -300 })]
            : [wireRevenue()];
        const totals = month === '2026-10' ? wireTotals({ count: 1, total: 22000, tax_total: 2000, wholesale_total: 13000, reship_cost: 1500, costs: 7800, margin: -300 }) : wireTotals();
        return HttpResponse.json({ data: rows, pagination: { ...keysetPage(rows.length), next_cursor: 'C-next' }, totals });
      }),
    );
  });

  const renderList = (url = '/revenue') => renderRoutes(url, { '/revenue': <RevenueListPage />, '/revenue/list/:id': <div data-testid="revenue-page" />, '/orders/:id': <div data-testid="order-page" /> });
  const total = (key: string) => screen.getByTestId(`total-${key}`).querySelector('.ant-statistic-content')?.textContent;

  it('opens on the current Japan month with its totals and rows', async () => {
    renderList();
    await screen.findByText('20261105-0000501-1');
    expect(queries[0].get('sales_month')).toBe(japanToday().slice(0, 7));
    await waitFor(() => expect(total('count')).toBe('2件'));
    expect(['total', 'taxTotal', 'wholesaleTotal', 'reshipCost', 'costs', 'margin'].map(total)).toEqual(['¥66,000', '¥6,000', '¥39,000', '¥1,500', '¥2,140', '¥23,360']);
    const row = document.querySelector<HTMLElement>('tr[data-row-key="31"]')!;
    for (const text of ['2026年11月12日', '2026年11月', 'デモ家具店 本店', '鈴木 一郎', '栗の無垢ベンチ', '他2点', '¥44,000', '¥26,000', '¥16,360']) expect(row.textContent).toContain(text);
    expect(screen.getByTestId('order-link-31').getAttribute('href')).toBe('/orders/501');
  });

  it('filters a month: its totals and rows, the SS CSV of that month with the encoding chosen, and pages by cursor', async () => {
    const popup = { location: { href: '' }, close: vi.fn(), opener: {} };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    server.use(http.get('/api/v1/medias/token', () => HttpResponse.json({ data: { token: 'media-1', expires_in: 60 } })));
    renderList('/revenue?salesMonth=2026-10&keyword=601');
    await screen.findByText('20261020-0000601-2');
    expect(queries[0].get('sales_month')).toBe('2026-10');
    expect(queries[0].get('keyword')).toBe('601');
    await waitFor(() => expect(total('count')).toBe('1件'));
    expect(total('total')).toBe('¥22,000');
    expect(total('costs')).toBe('¥7,800');
    expect(total('margin')).toBe('−¥300');
    expect(document.querySelector<HTMLElement>('tr[data-row-key="41"]')!.textContent).not.toContain('他');

    await userEvent.click(document.querySelector('#revenue-csv-encoding')!);
    await userEvent.click(await screen.findByText('Shift_JIS（Excel用）'));
    await userEvent.click(document.querySelector('#revenue-ss')!);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/revenues/ss?sales_month=2026-10&keyword=601&encoding=sjis&token=media-1'));
    await userEvent.click(document.querySelector('#revenue-receivables')!);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/revenues/receivables?sales_month=2026-10&keyword=601&encoding=sjis&token=media-1'));
    await userEvent.click(document.querySelector('#revenue-prepays')!);
    await waitFor(() => expect(popup.location.href).toMatch(/^\/api\/v1\/revenues\/prepays\?date=\d{4}-\d{2}-\d{2}&encoding=sjis&token=media-1$/));

    await userEvent.click(document.querySelector('#page-next')!);
    await waitFor(() => expect(queries.at(-1)?.get('after')).toBe('C-next'));
    expect(queries.at(-1)?.get('sales_month')).toBe('2026-10');
  });

  it('offers no SS CSV without a sales month', async () => {
    renderList('/revenue?shipDateFrom=2026-10-01&shipDateTo=2026-10-31');
    await screen.findByText('20261105-0000501-1');
    expect(queries[0].get('sales_month')).toBeNull();
    expect(queries[0].get('ship_date_from')).toBe('2026-10-01');
    expect(document.querySelector<HTMLButtonElement>('#revenue-ss')!.disabled).toBe(true);
    expect(document.querySelector<HTMLButtonElement>('#revenue-receivables')!.disabled).toBe(false);
  });
});

import { japanToday } from '@oms/domain';
import dayjs from 'dayjs';
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

/** A monthly timeline entry as the API sends it, its range `from`–`to` days around Japan's today. */
const period = (id: number, month: string, from: number, to: number) => ({
  id,
  month,
  start_date: dayjs(japanToday()).add(from, 'day').format('YYYY-MM-DD'),
  finish_date: dayjs(japanToday()).add(to, 'day').format('YYYY-MM-DD'),
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
});

describe('the revenue list', () => {
  let queries: URLSearchParams[];
  let timeline: ReturnType<typeof period>[];
  let timelineQueries: URLSearchParams[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    queries = [];
    timeline = [];
    timelineQueries = [];
    server.use(
      http.get('/api/v1/settings/time_shipments', ({ request }) => {
        timelineQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: timeline, pagination: keysetPage(timeline.length) });
      }),
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

  it("opens on the monthly timeline's month whose range holds Japan's today, never asking for another month first; clear and the SS CSV use it too", async () => {
    // 2031-07 is nobody's calendar month now: only the timeline can make it the default.
    timeline = [period(2, '2031-08', 4, 34), period(1, '2031-07', -3, 3), period(0, '2031-06', -33, -4)];
    const popup = { location: { href: '' }, close: vi.fn(), opener: {} };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    server.use(http.get('/api/v1/medias/token', () => HttpResponse.json({ data: { token: 'media-1', expires_in: 60 } })));
    renderList();
    await screen.findByText('20261105-0000501-1');
    expect(timelineQueries[0].get('per_page')).toBe('200');
    expect(queries.map((q) => q.get('sales_month'))).toEqual(['2031-07']);
    expect(document.querySelector<HTMLInputElement>('#filter-salesMonth')!.value).toBe('2031-07');
    await userEvent.click(document.querySelector('#revenue-ss')!);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/revenues/ss?sales_month=2031-07&encoding=utf8&token=media-1'));

    await userEvent.type(document.querySelector('#filter-keyword')!, '601');
    await userEvent.click(document.querySelector('#filter-search')!);
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('601'));
    await userEvent.click(document.querySelector('#filter-reset')!);
    // Cleared back to the default month (its rows come from the cache of the first request).
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#filter-keyword')!.value).toBe(''));
    expect(document.querySelector<HTMLInputElement>('#filter-salesMonth')!.value).toBe('2031-07');
    expect(queries.map((q) => q.get('sales_month'))).not.toContain(japanToday().slice(0, 7));
  });

  it('falls back to the calendar month when no range of the timeline holds today', async () => {
    timeline = [period(1, '2031-07', 10, 40)];
    renderList();
    await screen.findByText('20261105-0000501-1');
    expect(timelineQueries).toHaveLength(1);
    expect(queries.map((q) => q.get('sales_month'))).toEqual([japanToday().slice(0, 7)]);
  });

  it('shows why the API refused the filter (a keyword over 100 characters), with no rows and no totals', async () => {
    server.use(
      http.get('/api/v1/revenues', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          { error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors: [{ field: 'keyword', error_code: 'max_length', params: { max: 100 } }] } },
          { status: 422 },
        );
      }),
    );
    renderList(`/revenue?keyword=${'x'.repeat(101)}`);
    const alert = await screen.findByTestId('revenue-list-error');
    expect(alert.textContent).toContain('売上を一覧できませんでした。');
    expect(alert.textContent).toContain('キーワード：100文字以内で入力してください。');
    expect(total('count')).toBe('—');
    // The form itself takes no more than the API does.
    expect(document.querySelector<HTMLInputElement>('#filter-keyword')!.maxLength).toBe(100);
  });

  it('shows a bad month of the URL as refused, in English too, and a refusal without fields by its message', async () => {
    setLanguage('en');
    server.use(
      http.get('/api/v1/revenues', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        if (query.get('sales_month') === '2026-13')
          return HttpResponse.json({ error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors: [{ field: 'sales_month', error_code: 'in', params: {} }] } }, { status: 422 });
        return HttpResponse.json({ error: { error_code: 'NAL-REVENUE-001', message: 'Not in the timeline.', params: { month: '2026-12' } } }, { status: 400 });
      }),
    );
    const { unmount } = renderList('/revenue?salesMonth=2026-13');
    expect((await screen.findByTestId('revenue-list-error')).textContent).toContain('Sales month: Choose one of the options.');
    // The picker shows no month rather than a rolled-over one (2026-13 is not 2027-01).
    expect(document.querySelector<HTMLInputElement>('#filter-salesMonth')!.value).toBe('');
    unmount();
    renderList('/revenue?salesMonth=2026-12');
    expect((await screen.findByTestId('revenue-list-error')).textContent).toContain('The sales month 2026-12 is not in the monthly timeline.');
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

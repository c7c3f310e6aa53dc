import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { deleteCookie, readCookie, saveSession, setCookie } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { ORDER_LIST_COOKIE } from './api/order-list-cookie';
import { OrderListPage } from './OrderListPage';
import { page, wireLine, wireOrder } from './test-fixtures';

// antd tables with their lines and a dozen filters render slowly in jsdom on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const me = {
  id: 1,
  name: 'Operator',
  email: 'op@example.com',
  role: 'operator',
  permissions: ['orders.read', 'orders.payment', 'orders.process', 'orders.maker', 'settings.read', 'customers.read', 'catalogue.read'],
};

describe('order list', () => {
  let listQueries: string[];
  let batches: { command: string; body: unknown }[];

  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    deleteCookie(ORDER_LIST_COOKIE);
    listQueries = [];
    batches = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/orders', ({ request }) => {
        listQueries.push(new URL(request.url).search);
        const orders = [wireOrder('1', [wireLine('10', 1), wireLine('11', 1)]), wireOrder('2', [wireLine('20', 1)], { version: 7 }), wireOrder('3', [wireLine('30', 2)])];
        return HttpResponse.json({ data: orders, pagination: page(orders.length) });
      }),
      http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [{ id: 2, name: '東京家具製作所', code: 'TK' }, { id: 4, name: '大阪木工', code: 'OS' }] })),
      http.get('/api/v1/shops', () => HttpResponse.json({ data: [{ id: 1, name: 'テスト店', code: 'T', type: 'platform_1' }], pagination: page(1) })),
      http.get('/api/v1/payments/search', () => HttpResponse.json({ data: [{ id: 2, code: 'bank_transfer', name_ja: '銀行振込', name_en: 'Bank transfer' }] })),
      http.get('/api/v1/customers/list', () => HttpResponse.json({ data: [{ id: 3, name: '山田 太郎' }] })),
      http.put('/api/v1/orders/batch/:command', async ({ request, params }) => {
        batches.push({ command: String(params.command), body: await request.json() });
        return HttpResponse.json({
          data: [
            { order_id: '1', ok: true, version: 4 },
            { order_id: '2', ok: false, error_code: 'NAL_ORD-169' },
          ],
        });
      }),
    );
  });

  const renderList = (url: string) => renderRoutes(url, { '/orders': <OrderListPage />, '/orders/:id': <div>order detail</div> });

  it('lists orders with their lines, expandable, and the row fields', async () => {
    renderList('/orders');
    await screen.findByText('20261122-0000001-1');
    const row = screen.getByText('20261122-0000001-1').closest('tr')!;
    expect(row.textContent).toContain('購入者 1');
    expect(row.textContent).toContain('テスト店');
    expect(row.textContent).toContain('¥22,000');
    expect(row.textContent).toContain('Unpaid');
    expect(screen.getByText('椅子 10')).toBeTruthy();
    expect(screen.getByText('椅子 30')).toBeTruthy();
  });

  it('sends the URL filters as the API query, and the filter form back through the URL', async () => {
    renderList('/orders?status=2&shopId=1&orderDateFrom=2026-11-01&preferredPeriod=4&hasErrors=1&sort=total');
    await screen.findByText('20261122-0000001-1');
    expect(listQueries[0]).toBe('?status=2&order_date_from=2026-11-01&shop_id=1&preferred_period=4&has_errors=1&sort=total&page=1&per_page=50');
    // The slot filter shows the slot by its label.
    expect(document.querySelector('#filter-preferredPeriod')!.closest('.ant-select')!.textContent).toContain('19:00–21:00');

    await userEvent.type(document.querySelector('#filter-keyword')!, '山田');
    await userEvent.click(document.querySelector('#filter-search')!);
    await waitFor(() => expect(listQueries.at(-1)).toContain('keyword=%E5%B1%B1%E7%94%B0'));
    const last = new URLSearchParams(listQueries.at(-1));
    expect(Object.fromEntries(last)).toEqual({
      status: '2',
      order_date_from: '2026-11-01',
      shop_id: '1',
      preferred_period: '4',
      has_errors: '1',
      keyword: '山田',
      sort: 'total',
      page: '1',
      per_page: '50',
    });
  });

  it("filters by the product the URL names (the product page's link), shows it by code and name, and clears it from its tag", async () => {
    server.use(http.get('/api/v1/products/7', () => HttpResponse.json({ data: { id: 7, product_code: 'P-7', product_name: '木製チェア' } })));
    renderList('/orders?productId=7');
    await screen.findByText('20261122-0000001-1');
    expect(listQueries[0]).toBe('?product_id=7&page=1&per_page=50');
    await waitFor(() => expect(screen.getByTestId('filter-product').textContent).toBe('P-7 木製チェア'), { timeout: 10_000 });

    await userEvent.click(screen.getByTestId('filter-product').querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(listQueries.at(-1)).toBe('?page=1&per_page=50'), { timeout: 10_000 });
    expect(screen.queryByTestId('filter-product')).toBeNull();
  });

  it('saves the params in the orderListParams cookie and restores the list from it', async () => {
    const first = renderList('/orders?makerId=2&perPage=100');
    await screen.findByText('20261122-0000001-1');
    expect(JSON.parse(readCookie(ORDER_LIST_COOKIE)!)).toEqual({ makerId: '2', page: 1, perPage: 100 });
    first.unmount();

    listQueries = [];
    renderList('/orders');
    await screen.findByText('20261122-0000001-1');
    expect(listQueries).toEqual(['?maker_id=2&page=1&per_page=100']);
  });

  it('sorts by a column through the query', async () => {
    setCookie(ORDER_LIST_COOKIE, 'not json');
    renderList('/orders');
    await screen.findByText('20261122-0000001-1');
    expect(listQueries[0]).toBe('?page=1&per_page=50');
    await userEvent.click(screen.getAllByText('Total')[0]);
    await waitFor(() => expect(listQueries.at(-1)).toBe('?sort=total&page=1&per_page=50'));
  });

  it('pages by cursor: next and previous follow the answer’s cursors, the last page is a jump, the first pages keep their numbers', async () => {
    const orders = [wireOrder('1', [wireLine('10', 1)])];
    // What the list answers for each place it is asked for (the query's after / before / last / page).
    const answer = (query: URLSearchParams) => {
      const at = query.get('after') ?? query.get('before') ?? (query.get('last') ? 'last' : `page-${query.get('page')}`);
      const current = { 'page-1': 1, 'page-3': 3, 'C1-next': 2, last: 20_000, 'CL-prev': 19_999 }[at] ?? 1;
      const from = (current - 1) * 50 + 1;
      return {
        data: orders,
        pagination: {
          ...page(1_000_000),
          from,
          to: from + 49,
          current_page: current,
          last_page: 20_000,
          total_is_estimate: true,
          next_cursor: current === 20_000 ? null : `C${current}-next`,
          prev_cursor: current === 1 ? null : `C${current === 20_000 ? 'L' : current}-prev`,
        },
      };
    };
    server.use(
      http.get('/api/v1/orders', ({ request }) => {
        const query = new URL(request.url).searchParams;
        listQueries.push(query.toString());
        return HttpResponse.json(answer(query));
      }),
    );
    renderList('/orders?perPage=50');
    await screen.findByText('20261122-0000001-1');
    expect(listQueries.at(-1)).toBe('page=1&per_page=50');
    expect(screen.getByTestId('page-range').textContent).toBe('1–50 of about 1000000');
    expect(document.querySelector('#page-prev')!.hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('#page-last')!.textContent).toBe('~20,000');

    await userEvent.click(document.querySelector('#page-next')!);
    await waitFor(() => expect(listQueries.at(-1)).toBe('per_page=50&after=C1-next'));
    await waitFor(() => expect(screen.getByTestId('page-range').textContent).toBe('51–100 of about 1000000'));

    await userEvent.click(document.querySelector('#page-last')!);
    await waitFor(() => expect(listQueries.at(-1)).toBe('per_page=50&last=1'));
    await waitFor(() => expect(document.querySelector('#page-next')!.hasAttribute('disabled')).toBe(true));
    expect(document.querySelector('[aria-current="page"]')!.textContent).toBe('~20,000');

    await userEvent.click(document.querySelector('#page-prev')!);
    await waitFor(() => expect(listQueries.at(-1)).toBe('per_page=50&before=CL-prev'));
    await waitFor(() => expect(document.querySelector('[aria-current="page"]')!.textContent).toBe('19,999'));

    // A numbered page is asked for by number, and a sort starts again at page 1 without the cursor.
    await userEvent.click(document.querySelector('#page-3')!);
    await waitFor(() => expect(listQueries.at(-1)).toBe('page=3&per_page=50'));
    await userEvent.click(screen.getAllByText('Total')[0]);
    await waitFor(() => expect(listQueries.at(-1)).toBe('sort=total&page=1&per_page=50'));
  }, 120_000);

  it('goes back to the first page when the API refuses the cursor of an old link', async () => {
    server.use(
      http.get('/api/v1/orders', ({ request }) => {
        const query = new URL(request.url).searchParams;
        listQueries.push(query.toString());
        if (query.has('after')) {
          return HttpResponse.json(
            { error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors: [{ field: 'after', error_code: 'cursor_invalid' }], request_id: 'r' } },
            { status: 422 },
          );
        }
        return HttpResponse.json({ data: [wireOrder('1', [wireLine('10', 1)])], pagination: { ...page(1), next_cursor: null, prev_cursor: null, total_is_estimate: false } });
      }),
    );
    renderList('/orders?status=2&after=stale');
    await waitFor(() => expect(listQueries).toEqual(['status=2&per_page=50&after=stale', 'status=2&page=1&per_page=50']), { timeout: 10_000 });
    await screen.findByText('20261122-0000001-1', {}, { timeout: 10_000 });
  });

  it('refuses an action with nothing selected, or with mixed statuses, with the SPEC messages', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    renderList('/orders');
    await screen.findByText('20261122-0000001-1');
    await userEvent.click(document.querySelector('#action-paid')!);
    expect(error).toHaveBeenLastCalledWith('Please select product');

    await userEvent.click(document.querySelector('#line-check-10')!);
    await userEvent.click(document.querySelector('#line-check-30')!);
    await userEvent.click(document.querySelector('#action-paid')!);
    expect(error).toHaveBeenLastCalledWith('Please select same status product');

    await userEvent.click(document.querySelector('#line-check-10')!);
    await userEvent.click(document.querySelector('#action-paid')!);
    expect(error).toHaveBeenLastCalledWith('Please select only Unpaid product');

    await userEvent.click(document.querySelector('#action-order_process')!);
    expect((await screen.findByTestId('command-summary')).textContent).toContain('1 product(s) of 1 order(s)');
    await userEvent.click(document.querySelector('#command-cancel')!);
    await userEvent.click(document.querySelector('#line-check-30')!);
    await userEvent.click(document.querySelector('#line-check-20')!);
    await userEvent.click(document.querySelector('#action-order_process')!);
    expect(error).toHaveBeenLastCalledWith('Please select all paid product');
    expect(batches).toEqual([]);
  });

  it('runs a batch over the lines selected across orders and shows each order’s result', async () => {
    renderList('/orders');
    await screen.findByText('20261122-0000001-1');
    await userEvent.click(document.querySelector('#order-check-1')!);
    await userEvent.click(document.querySelector('#line-check-20')!);
    expect(screen.getByTestId('selection-count').textContent).toBe('3 product(s) selected');
    await userEvent.click(document.querySelector('#action-paid')!);
    expect((await screen.findByTestId('command-summary')).textContent).toContain('3 product(s) of 2 order(s)');
    await userEvent.click(document.querySelector('#command-submit')!);

    const results = await screen.findByTestId('batch-results');
    expect(batches).toEqual([
      {
        command: 'paid',
        body: {
          orders: [
            { order_id: '1', version: 3, line_ids: ['10', '11'] },
            { order_id: '2', version: 7, line_ids: ['20'] },
          ],
        },
      },
    ]);
    expect(results.textContent).toContain('1 order(s) done, 1 refused.');
    expect(screen.getByTestId('batch-refused-2').textContent).toContain('No unpaid product among the selected products.');
    expect(results.textContent).toContain('20261122-0000002-1');
    // The refused order's line stays selected to try again.
    await waitFor(() => expect(screen.getByTestId('selection-count').textContent).toBe('1 product(s) selected'));
  });
});

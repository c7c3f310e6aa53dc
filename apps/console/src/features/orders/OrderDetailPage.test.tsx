import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { deleteCookie, saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { ORDER_LIST_COOKIE, saveOrderListQuery } from './api/order-list-cookie';
import { OrderDetailPage } from './OrderDetailPage';
import { OrderListPage } from './OrderListPage';
import { page, refusal, wireLine, wireMakerOrder, wireOrder } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const me = { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['orders.read', 'orders.payment', 'orders.process', 'orders.maker', 'settings.read'] };

describe('order detail (OrderInformation)', () => {
  let order: ReturnType<typeof wireOrder>;
  let reads: number;
  let commands: { path: string; body: unknown }[];

  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    deleteCookie(ORDER_LIST_COOKIE);
    reads = 0;
    commands = [];
    order = wireOrder('1', [wireLine('10', 1), wireLine('11', 2, { tax_percentage: 8, price_with_tax: 1080, tax: 80 })], {
      errors: [{ id: '5', maker_id: null, code: 'NAL_ORD-123', message: 'EDI stop', created_at: '2026-11-22T02:00:00Z' }],
      error_count: 1,
    });
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/orders/1', () => {
        reads++;
        return HttpResponse.json({ data: order });
      }),
      http.get('/api/v1/orders/1/history_status', () =>
        HttpResponse.json({
          data: [{ id: '1', order_line_id: '11', product_name: '椅子 11', from_status: 1, to_status: 2, command: 'confirm_payment', changed_by: '1', changed_by_name: '経理 花子', changed_at: '2026-11-22T03:00:00Z' }],
        }),
      ),
      http.get('/api/v1/delivery_companies', () => HttpResponse.json({ data: [{ id: 1, name: 'ヤマト運輸', tracking_url: null, version: 1 }], pagination: page(1) })),
      http.get('/api/v1/orders/1/order-sheets', () => HttpResponse.json({ data: [] })),
    );
  });

  const renderDetail = () => renderRoutes('/orders/1', { '/orders/:id': <OrderDetailPage />, '/orders': <OrderListPage /> });
  /** The command modal is rendered while closed too (forceRender): open is its wrapper shown. */
  const modalOpen = () => document.querySelector<HTMLElement>('[data-testid="command-modal"] .ant-modal-wrap')?.style.display !== 'none';

  it('shows the order: header, payment, amounts with tax per rate, the maker part with its lines, errors and history', async () => {
    renderDetail();
    expect((await screen.findByTestId('order-number')).textContent).toBe('20261122-0000001-1');
    expect(screen.getByTestId('order-payment').textContent).toContain('Bank transfer');
    expect(screen.getByTestId('order-total').textContent).toBe('¥22,000');
    expect(screen.getByTestId('maker-part-2').textContent).toContain('椅子 11');
    expect(screen.getByTestId('order-error-5').textContent).toContain("The order total reaches the shop's EDI stop amount");
    // What was recorded with it (the particulars) shows under the reader's text.
    expect(screen.getByTestId('order-error-5').querySelector('[data-testid="order-error-detail"]')!.textContent).toBe('EDI stop');
    await waitFor(() => expect(screen.getByTestId('status-history').textContent).toContain('経理 花子'));
    expect(screen.getByTestId('status-history').textContent).toContain('Unpaid');
  });

  it("shows a maker user the maker's view: its lines at wholesale and the delivery; no buyer, payment, prices, fees, staff memo or errors", async () => {
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: { ...me, role: 'maker', permissions: ['orders.read', 'orders.maker'] } })),
      http.get('/api/v1/orders/1', () => HttpResponse.json({ data: wireMakerOrder('1') })),
    );
    renderDetail();
    await screen.findByTestId('order-number');
    expect(screen.queryByTestId('order-payment')).toBeNull();
    expect(screen.queryByTestId('order-total')).toBeNull();
    expect(screen.getByTestId('order-wholesale-total').textContent).toBe('¥6,000');
    const header = [...document.querySelectorAll('[data-testid=order-header] .ant-descriptions-item-label')].map((l) => l.textContent);
    expect(header).toEqual(['Shop', 'Order date', 'Updated', 'Memo to makers', 'EDI note']);
    const delivery = screen.getByTestId('order-delivery').textContent;
    for (const text of ['お届け 1', '03-1111-2222', '150-0001', '東京都渋谷区1-1', '12月1日', '19:00–21:00']) expect(delivery).toContain(text);
    const part = screen.getByTestId('maker-part-2');
    expect(part.textContent).toContain('椅子 10');
    expect(part.textContent).toContain('Wholesale price');
    expect(part.textContent).toContain('¥6,000');
    expect(part.textContent).not.toContain('Price incl. tax');
    for (const label of ['Buyer', 'Payment', 'Settlement fee', 'Errors']) expect(document.body.textContent).not.toContain(label);
  });

  it('wraps a long refusal reason in the maker card, shows no receive date for a refusal, and the refusal in the history with its reason', async () => {
    const reason = '廃番'.repeat(60);
    const refused = wireOrder('1', [wireLine('10', 3)]);
    server.use(http.get('/api/v1/orders/1', () => HttpResponse.json({ data: { ...refused, makers: [{ ...refused.makers[0], confirm_status: 3, refusal_reason: reason, maker_receive_date: '2026-11-23' }] } })));
    server.use(
      http.get('/api/v1/orders/1/history_status', () =>
        HttpResponse.json({
          data: [{ id: '2', order_line_id: '10', product_name: '椅子 10', from_status: 3, to_status: 3, command: 'maker_refused', note: reason, changed_by: null, changed_by_name: null, changed_at: '2026-11-23T03:00:00Z' }],
        }),
      ),
    );
    renderDetail();
    const shown = await screen.findByTestId('refusal-reason-2');
    expect(shown.textContent).toBe(reason);
    expect(shown.style.overflowWrap).toBe('anywhere');
    expect(screen.getByTestId('maker-receive-date-2').textContent).toBe('—');
    await waitFor(() => expect(screen.getByTestId('status-history').textContent).toContain('Maker refused'));
    expect(screen.getByTestId('status-history').textContent).toContain(reason);
    expect(screen.getByTestId('status-history').textContent).toContain('Maker (confirmation page)');
  });

  it('shows the reload prompt on NAL_ORD-193, and reloads the order from it', async () => {
    server.use(
      http.put('/api/v1/orders/:id/:command', async ({ request, params }) => {
        commands.push({ path: `${params.id}/${params.command}`, body: await request.json() });
        return HttpResponse.json(refusal('NAL_ORD-193'), { status: 400 });
      }),
    );
    renderDetail();
    await screen.findByTestId('order-number');
    await userEvent.click(document.querySelector('#line-check-10')!);
    await userEvent.click(document.querySelector('#action-cancel')!);
    await screen.findByTestId('command-summary');
    await userEvent.click(document.querySelector('#command-submit')!);

    const prompt = await screen.findByTestId('reload-prompt');
    expect(prompt.textContent).toContain('The order was updated by another user. Please reload.');
    expect(commands).toEqual([{ path: '1/cancel', body: { version: 3, line_ids: ['10'], shipping_fee: 0, fee: 0 } }]);
    const before = reads;
    await userEvent.click(document.querySelector('#order-reload')!);
    await waitFor(() => expect(reads).toBeGreaterThan(before));
  });

  it('keeps the dialog open on a refused cancel, with its codes joined by newlines', async () => {
    server.use(
      http.put('/api/v1/orders/1/cancel', () =>
        HttpResponse.json({ error: { error_code: 'NAL_ORD-086', message: 'x', errors: [{ field: 'line_ids', error_code: 'NAL_ORD-084' }], request_id: 'r' } }, { status: 400 }),
      ),
    );
    renderDetail();
    await screen.findByTestId('order-number');
    await userEvent.click(document.querySelector('#line-check-10')!);
    await userEvent.click(document.querySelector('#action-cancel')!);
    await screen.findByTestId('command-summary');
    await userEvent.click(document.querySelector('#command-submit')!);
    const shown = await screen.findByTestId('command-refusal');
    expect(shown.textContent).toBe("This action is not allowed from the product's status.\nPlease select same status product.");
    expect(modalOpen()).toBe(true);
  });

  it('after paid with isShowPopup offers to order from makers, and orders with the new version', async () => {
    server.use(
      http.put('/api/v1/orders/paid', async ({ request }) => {
        commands.push({ path: 'paid', body: await request.json() });
        return HttpResponse.json({ data: { is_show_popup: true, order_updated_at: '2026-11-22T04:00:00Z', version: 4 } });
      }),
      http.put('/api/v1/orders/1/order_process', async ({ request }) => {
        commands.push({ path: '1/order_process', body: await request.json() });
        return HttpResponse.json({ data: order });
      }),
    );
    renderDetail();
    await screen.findByTestId('order-number');
    await userEvent.click(document.querySelector('#line-check-10')!);
    await userEvent.click(document.querySelector('#action-paid')!);
    await screen.findByTestId('command-summary');
    await userEvent.click(document.querySelector('#command-submit')!);
    await screen.findAllByText('Every product of this order is paid');
    await userEvent.click(document.querySelector('#paid-popup-ok')!);
    await waitFor(() => expect(commands).toHaveLength(2));
    expect(commands).toEqual([
      { path: 'paid', body: { order_id: '1', version: 3, line_ids: ['10'] } },
      { path: '1/order_process', body: { version: 4, line_ids: ['10', '11'] } },
    ]);
  });

  it('sends what the maker receive modal asks, and shows a 422 under its field', async () => {
    order = wireOrder('1', [wireLine('10', 3)]);
    server.use(
      http.put('/api/v1/orders/1/maker_received_process', async ({ request }) => {
        commands.push({ path: '1/maker_received_process', body: await request.json() });
        return HttpResponse.json(refusal('NAL-422', [{ field: 'refusal_reason', error_code: 'max_length', params: { max: 100 } }]), { status: 422 });
      }),
    );
    renderDetail();
    await screen.findByTestId('order-number');
    await userEvent.click(document.querySelector('#line-check-10')!);
    await userEvent.click(document.querySelector('#action-maker_received_process')!);
    await screen.findByTestId('command-summary');
    await userEvent.click(screen.getByText('Not accepted'));
    await userEvent.click(document.querySelector('#command-submit')!);
    const reasonItem = () => document.querySelector('#command-refusalReason')!.closest('.ant-form-item')!;
    await waitFor(() => expect(reasonItem().textContent).toContain('This field is required.'));
    expect(commands).toEqual([]);

    await userEvent.type(document.querySelector('#command-refusalReason')!, '在庫切れ');
    await userEvent.click(document.querySelector('#command-submit')!);
    await waitFor(() => expect(reasonItem().textContent).toContain('Enter at most 100 characters.'));
    expect(commands).toHaveLength(1);
    expect(commands[0].body).toMatchObject({ version: 3, line_ids: ['10'], confirm_status: 3, refusal_reason: '在庫切れ', maker_receive_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('keeps the ship dialog open with what was typed on a 400 and a 422, and closes it only when the ship succeeds', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    order = wireOrder('1', [wireLine('10', 4)]);
    let answer: 'refuse' | 'invalid' | 'accept' = 'refuse';
    server.use(
      http.put('/api/v1/orders/1/maker_ship_process', async ({ request }) => {
        commands.push({ path: '1/maker_ship_process', body: await request.json() });
        if (answer === 'accept') return HttpResponse.json({ data: order });
        if (answer === 'refuse') return HttpResponse.json(refusal('NAL_ORD-191'), { status: 400 });
        return HttpResponse.json(
          refusal('NAL-422', [
            { field: 'ship_date', error_code: 'date_before_today' },
            { field: 'tracking_code', error_code: 'max_length', params: { max: 20 } },
          ]),
          { status: 422 },
        );
      }),
    );
    renderDetail();
    await screen.findByTestId('order-number');
    await userEvent.click(document.querySelector('#line-check-10')!);
    await userEvent.click(document.querySelector('#action-maker_ship_process')!);
    await screen.findByTestId('command-summary');
    const shipDate = document.querySelector<HTMLInputElement>('#command-shipDate')!;
    await userEvent.type(shipDate, '2099-01-31{Enter}');
    await userEvent.type(document.querySelector('#command-trackingCode')!, 'TRK-12345');
    await userEvent.click(document.querySelector('#command-submit')!);

    // A 400: why, in the dialog, which keeps what the user typed.
    const why = await screen.findByTestId('command-refusal');
    expect(why.textContent).toBe('This ship date cannot be selected (before the order date or outside the monthly timeline).');
    expect(modalOpen()).toBe(true);
    expect(shipDate.value).toBe('2099-01-31');

    // A 422: each message under its field, the values still there.
    answer = 'invalid';
    await userEvent.click(document.querySelector('#command-submit')!);
    const itemOf = (id: string) => document.querySelector(id)!.closest('.ant-form-item')!;
    await waitFor(() => expect(itemOf('#command-trackingCode').textContent).toContain('Enter at most 20 characters.'));
    expect(itemOf('#command-shipDate').textContent).toContain('Enter today or an earlier date.');
    // Still open, still holding what the user typed; the 422 went under the fields, not above them.
    expect(modalOpen()).toBe(true);
    expect(shipDate.value).toBe('2099-01-31');
    expect(document.querySelector<HTMLInputElement>('#command-trackingCode')!.value).toBe('TRK-12345');
    expect(screen.queryByTestId('command-refusal')).toBeNull();
    expect(done).not.toHaveBeenCalled();

    answer = 'accept';
    await userEvent.click(document.querySelector('#command-submit')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith('The shipment was saved.'));
    await waitFor(() => expect(modalOpen()).toBe(false));
    expect(commands).toHaveLength(3);
    expect(commands[2].body).toEqual({ version: 3, line_ids: ['10'], ship_date: '2099-01-31', tracking_code: 'TRK-12345' });
  });

  it('deletes an order error, then reloads the order and the list from the saved params', async () => {
    const listQueries: string[] = [];
    let deleted: string | null = null;
    server.use(
      http.delete('/api/v1/errors', ({ request }) => {
        deleted = new URL(request.url).search;
        order = { ...order, errors: [], error_count: 0 };
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/v1/orders', ({ request }) => {
        listQueries.push(new URL(request.url).search);
        return HttpResponse.json({ data: [order], pagination: page(1) });
      }),
      http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [] })),
      http.get('/api/v1/shops', () => HttpResponse.json({ data: [], pagination: page(0) })),
      http.get('/api/v1/payments/search', () => HttpResponse.json({ data: [] })),
    );
    saveOrderListQuery({ hasErrors: '1', page: 1, perPage: 20 });
    renderDetail();
    await screen.findByTestId('order-error-5');
    await userEvent.click(document.querySelector('#order-error-delete-5')!);
    await userEvent.click(document.querySelector('#order-error-delete-ok-5')!);
    await waitFor(() => expect(screen.queryByTestId('order-error-5')).toBeNull());
    expect(deleted).toBe('?order_id=1&id=5');

    // Back on the list, opened bare: the saved params come back.
    await userEvent.click(screen.getByText('Order list'));
    await waitFor(() => expect(listQueries.at(-1)).toBe('?has_errors=1&page=1&per_page=20'));
  });
});

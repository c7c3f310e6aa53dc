import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { OrderDetailPage } from './OrderDetailPage';
import { page, refusal, wireLine, wireOrder } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const operator = { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['orders.read', 'orders.payment', 'orders.process', 'orders.maker', 'settings.read'] };
const maker = { id: 7, name: 'Maker', email: 'mk@example.com', role: 'maker', maker_id: 2, permissions: ['orders.read', 'orders.maker'] };

function wireSheet(id: string, revision: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    maker_id: '2',
    maker_name: '東京家具製作所',
    revision,
    resent: revision > 1,
    reason: revision > 1 ? 'resend' : 'ordered',
    method: 'fax',
    recipient: '0312345678@fax-gateway.example',
    status,
    hold_code: null,
    sent_at: status === 'sent' ? '2026-11-22T03:04:00Z' : null,
    attempts: status === 'pending' ? 0 : 1,
    last_error: null,
    created_at: '2026-11-22T03:00:00Z',
    ...extra,
  };
}

describe('order sheets on the order detail', () => {
  let me: typeof operator | typeof maker;
  let sheets: ReturnType<typeof wireSheet>[];
  let sheetReads: number;
  let requests: unknown[];
  let requestAnswer: () => Response;

  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    me = operator;
    sheetReads = 0;
    requests = [];
    sheets = [wireSheet('21', 2, 'failed', { last_error: '550 mailbox unavailable' }), wireSheet('20', 1, 'sent')];
    requestAnswer = () => HttpResponse.json({ data: { requested: true } }, { status: 202 });
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/orders/1', () => HttpResponse.json({ data: wireOrder('1', [wireLine('10', 3)]) })),
      http.get('/api/v1/orders/1/history_status', () => HttpResponse.json({ data: [] })),
      http.get('/api/v1/delivery_companies', () => HttpResponse.json({ data: [], pagination: page(0) })),
      http.get('/api/v1/orders/1/order-sheets', () => {
        sheetReads++;
        return HttpResponse.json({ data: sheets });
      }),
      http.post('/api/v1/orders/1/order-sheets', async ({ request }) => {
        requests.push(await request.json());
        return requestAnswer();
      }),
    );
  });

  const renderDetail = () => renderRoutes('/orders/1', { '/orders/:id': <OrderDetailPage /> });
  const block = () => screen.findByTestId('order-sheets-2', {}, { timeout: 10_000 });
  /** The sheets block once the sheets have been read. */
  const loaded = () => waitFor(() => expect(screen.getByTestId('order-sheets-2').textContent).toContain('Rev. '), { timeout: 10_000 });

  it('lists every revision with its method, recipient, status, error and sent time', async () => {
    renderDetail();
    await loaded();
    const rev2 = screen.getByTestId('sheet-21');
    expect(rev2.textContent).toContain('Re-sent');
    expect(rev2.textContent).toContain('Fax');
    expect(rev2.textContent).toContain('0312345678@fax-gateway.example');
    expect(screen.getByTestId('sheet-status-21').textContent).toBe('Failed');
    expect(screen.getByTestId('sheet-error-21').textContent).toBe('Error: 550 mailbox unavailable');
    const rev1 = screen.getByTestId('sheet-20');
    expect(rev1.textContent).not.toContain('Re-sent');
    expect(screen.getByTestId('sheet-status-20').textContent).toBe('Sent');
    expect(rev1.textContent).toMatch(/2026-11-22 \d\d:04/);
    expect(document.querySelector('#sheet-request-2')!.textContent).toBe('Resend the order sheet');
  });

  it('resends after confirming, with the maker and the version read, then follows the new revision', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    renderDetail();
    await loaded();
    await userEvent.click(document.querySelector('#sheet-request-2')!);
    await screen.findAllByText('Send the order sheet to 東京家具製作所 again?');
    const before = sheetReads;
    sheets = [wireSheet('22', 3, 'pending'), ...sheets];
    await userEvent.click(document.querySelector('#sheet-request-ok-2')!);

    await waitFor(() => expect(requests).toEqual([{ maker_id: '2', version: 3 }]));
    expect(success).toHaveBeenCalledWith('The order sheet will be sent shortly.');
    await waitFor(() => expect(sheetReads).toBeGreaterThan(before));
    expect((await screen.findByTestId('sheet-status-22')).textContent).toBe('Waiting to send');
    // On its way already: no second request meanwhile.
    expect(document.querySelector('#sheet-request-2')).toHaveProperty('disabled', true);

    sheets = [wireSheet('22', 3, 'sent'), ...sheets.slice(1)];
    await waitFor(() => expect(screen.getByTestId('sheet-status-22').textContent).toBe('Sent'), { timeout: 5000 });
  });

  it('offers to release a held sheet, saying why it is held', async () => {
    sheets = [wireSheet('23', 1, 'held', { hold_code: 'NAL_ORD-126' })];
    renderDetail();
    expect((await screen.findByTestId('sheet-status-23')).textContent).toBe('Held');
    expect(screen.getByTestId('sheet-hold-23').textContent).toBe("Held because: The deferred payment exceeds the shop's limit: the order sheet is held.");
    expect(document.querySelector('#sheet-request-2')!.textContent).toBe('Release and send');
    await userEvent.click(document.querySelector('#sheet-request-2')!);
    await screen.findAllByText('Release the held order sheet and send it to 東京家具製作所?');
    await userEvent.click(document.querySelector('#sheet-request-ok-2')!);
    await waitFor(() => expect(requests).toEqual([{ maker_id: '2', version: 3 }]));
  });

  it('asks for a reload when the order changed (NAL_ORD-193), and shows other refusals', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    requestAnswer = () => HttpResponse.json(refusal('NAL_ORD-193'), { status: 400 });
    renderDetail();
    await loaded();
    await userEvent.click(document.querySelector('#sheet-request-2')!);
    await userEvent.click(await waitFor(() => document.querySelector('#sheet-request-ok-2')!));
    expect((await screen.findByTestId('reload-prompt')).textContent).toBe('The order was updated by another user. Please reload.');

    requestAnswer = () => HttpResponse.json(refusal('NAL_ORD-134'), { status: 400 });
    await userEvent.click(document.querySelector('#order-reload')!);
    await userEvent.click(document.querySelector('#sheet-request-2')!);
    await waitFor(() => expect(document.querySelectorAll('#sheet-request-ok-2')).toHaveLength(1));
    await userEvent.click(document.querySelector('#sheet-request-ok-2')!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('This maker has no ordered products to send an order sheet for.'));
  });

  it('lets a maker download its sheets, without resending', async () => {
    me = maker;
    const popup = { location: { href: '' }, close: vi.fn(), opener: {} };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    server.use(http.get('/api/v1/medias/token', () => HttpResponse.json({ data: { token: 'media-1', expires_in: 60 } })));
    renderDetail();
    const sheetsBlock = await block();
    await waitFor(() => expect(sheetsBlock.textContent).toContain('Rev. 1'));
    expect(document.querySelector('#sheet-request-2')).toBeNull();
    await userEvent.click(within(sheetsBlock).getAllByText('PDF')[1]);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/orders/1/download-order-maker?maker_id=2&file_type=pdf&revision=1&token=media-1'));
    await userEvent.click(document.querySelector('#sheet-csv-21')!);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/orders/1/download-order-maker?maker_id=2&file_type=csv&revision=2&token=media-1'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { PrintDocumentsModal } from './PrintDocumentsModal';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();
const NUMBERS = { '11': '20261101-0000011', '12': '20261101-0000012', '13': '20261101-0000013' };
const errorOf = (id: string) => document.querySelector(`#${id}`)!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;

describe('printing documents of orders', () => {
  let sent: unknown[];
  let win: { location: { href: string }; close: ReturnType<typeof vi.fn> };

  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    sent = [];
    win = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => win as unknown as Window);
    server.use(http.get('/api/v1/medias/token', () => HttpResponse.json({ data: { token: 'media-1' } })));
  });

  it('a batch: prints the printable orders in one PDF and lists why the others could not be printed', async () => {
    server.use(
      http.post('/api/v1/orders/documents', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          data: {
            results: [
              { order_id: '11', ok: true, document_no: 'DLV-000001', reissue: false },
              { order_id: '12', ok: false, error_code: 'NAL-REVENUE-010' },
              { order_id: '13', ok: true, document_no: 'DLV-000002', reissue: true },
            ],
            download_path: '/orders/documents/download?kind=delivery_note&ids=11,13',
          },
        });
      }),
    );
    renderRoutes('/orders', { '/orders': <PrintDocumentsModal open orderIds={['11', '12', '13']} numbers={NUMBERS} onClose={() => undefined} /> });
    await userEvent.click(await screen.findByLabelText('Delivery note'));
    // A receipt's fields only for a receipt.
    expect(document.querySelector('#print-addressee')).toBeNull();
    await userEvent.click(document.querySelector('#print-submit')!);
    await waitFor(() => expect(screen.getByTestId('print-summary').textContent).toBe('Printed 2; 1 could not be printed.'));
    expect(sent).toEqual([{ kind: 'delivery_note', order_ids: [11, 12, 13] }]);
    expect(win.location.href).toBe('/api/v1/orders/documents/download?kind=delivery_note&ids=11%2C13&token=media-1');
    expect(screen.getByTestId('print-refused-12').textContent).toContain('Nothing of the order was shipped yet: no invoice or delivery note.');
    expect(screen.getByText('20261101-0000012')).toBeTruthy();
  });

  it('nothing printable: no window is left open, each refusal is shown', async () => {
    server.use(
      http.post('/api/v1/orders/documents', () =>
        HttpResponse.json({ data: { results: [{ order_id: '12', ok: false, error_code: 'NAL-REVENUE-013' }], download_path: null } }),
      ),
    );
    renderRoutes('/orders', { '/orders': <PrintDocumentsModal open orderIds={['12']} numbers={NUMBERS} onClose={() => undefined} /> });
    await userEvent.click(document.querySelector('#print-submit')!);
    await waitFor(() => expect(screen.getByTestId('print-refused-12').textContent).toContain('valid invoice registration number'));
    expect(win.close).toHaveBeenCalled();
    expect(win.location.href).toBe('');
  });

  it('the window is opened in the click, before anything is awaited (Safari), then pointed at the PDF', async () => {
    let openedBeforeRequest = false;
    server.use(
      http.post('/api/v1/orders/documents', () => {
        openedBeforeRequest = vi.mocked(window.open).mock.calls.length === 1;
        return HttpResponse.json({ data: { results: [{ order_id: '11', ok: true, document_no: 'INV-000001', reissue: false }], download_path: null } });
      }),
    );
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    renderRoutes('/orders', { '/orders': <PrintDocumentsModal open orderIds={['11']} numbers={NUMBERS} onClose={() => undefined} /> });
    const submit = document.querySelector<HTMLButtonElement>('#print-submit')!;
    // The click handler's synchronous part opens the window: no await (validation, request) comes first.
    submit.click();
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Opened 1 documents.'));
    expect(openedBeforeRequest).toBe(true);
    expect(win.location.href).toBe('/api/v1/orders/documents/download?kind=invoice&ids=11&token=media-1');
  });

  it('a blocked window: says so, prints nothing and does not navigate away', async () => {
    vi.mocked(window.open).mockImplementation(() => null);
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/v1/orders/documents', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { results: [], download_path: null } });
      }),
    );
    renderRoutes('/orders', { '/orders': <PrintDocumentsModal open orderIds={['11']} numbers={NUMBERS} onClose={() => undefined} /> });
    await userEvent.click(document.querySelector('#print-submit')!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('The browser blocked the window for the PDF. Allow pop-ups for this site and print again.'));
    expect(sent).toEqual([]);
  });

  it('more orders than a batch takes (200): says so before sending anything', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => String(i + 1));
    server.use(
      http.post('/api/v1/orders/documents', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { results: [], download_path: null } });
      }),
    );
    renderRoutes('/orders', { '/orders': <PrintDocumentsModal open orderIds={ids} numbers={{}} onClose={() => undefined} /> });
    expect((await screen.findByTestId('print-too-many')).textContent).toBe('Up to 200 orders can be printed at once; 201 are selected. Narrow the selection and print in parts.');
    const submit = document.querySelector<HTMLButtonElement>('#print-submit')!;
    expect(submit.disabled).toBe(true);
    submit.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(window.open).not.toHaveBeenCalled();
  });

  it('200 orders are one batch; a 422 on a field the form has not (order_ids) is a toast, the window closed and the modal usable again', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => String(i + 1));
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/v1/orders/documents', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors: [{ field: 'order_ids', error_code: 'max', params: { max: 200 } }] } },
          { status: 422 },
        );
      }),
    );
    renderRoutes('/orders', { '/orders': <PrintDocumentsModal open orderIds={ids} numbers={{}} onClose={() => undefined} /> });
    expect(screen.queryByTestId('print-too-many')).toBeNull();
    await userEvent.click(document.querySelector('#print-submit')!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Orders: Enter 200 or less.'));
    expect((sent[0] as { order_ids: number[] }).order_ids).toHaveLength(200);
    expect(win.close).toHaveBeenCalled();
    expect(document.querySelector('#print-submit')!.classList.contains('ant-btn-loading')).toBe(false);
  });

  it("a receipt asks its addressee and proviso, checks their length, and puts the server's 422 on the fields", async () => {
    server.use(
      http.post('/api/v1/orders/documents', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors: [{ field: 'proviso', error_code: 'unprintable', params: { characters: '㊙' } }] } },
          { status: 422 },
        );
      }),
    );
    renderRoutes('/orders/11', { '/orders/11': <PrintDocumentsModal open kind="receipt" orderIds={['11']} numbers={NUMBERS} onClose={() => undefined} /> });
    await userEvent.type(document.querySelector('#print-addressee')!, '宛'.repeat(51));
    await userEvent.click(document.querySelector('#print-submit')!);
    await waitFor(() => expect(errorOf('print-addressee')).toBe('Enter at most 50 characters.'));
    expect(sent).toEqual([]);
    await userEvent.clear(document.querySelector('#print-addressee')!);
    await userEvent.type(document.querySelector('#print-addressee')!, '株式会社ヤマダ 御中');
    await userEvent.type(document.querySelector('#print-proviso')!, '㊙');
    await userEvent.click(document.querySelector('#print-submit')!);
    await waitFor(() => expect(errorOf('print-proviso')).toBeTruthy());
    expect(sent).toEqual([{ kind: 'receipt', order_ids: [11], addressee: '株式会社ヤマダ 御中', proviso: '㊙' }]);
    expect(win.close).toHaveBeenCalled();
  });
});

import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { ExportModal } from './ExportModal';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

/** Replaces a DatePicker's text and confirms it. */
async function typeDate(id: string, value: string) {
  const user = userEvent.setup();
  const input = document.querySelector(`#${id}`) as HTMLInputElement;
  await user.click(input);
  await user.clear(input);
  await user.type(input, `${value}{Enter}`);
}

const errorOf = (id: string) => document.querySelector(`#${id}`)!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;

describe('order CSV export', () => {
  let sent: unknown[];

  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    sent = [];
    server.use(
      http.post('/api/v1/orders/export', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: 'http://api.example/api/v1/medias/download?key=orders.csv&sig=s' });
      }),
    );
  });

  it('checks the period before calling: from not after today, to not before from', async () => {
    renderRoutes('/orders', { '/orders': <ExportModal open onClose={() => undefined} /> });
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    await typeDate('export-from', tomorrow);
    await typeDate('export-to', dayjs().subtract(1, 'year').format('YYYY-MM-DD'));
    await userEvent.click(document.querySelector('#export-submit')!);
    await waitFor(() => expect(errorOf('export-from')).toBe('Enter today or an earlier date.'));
    expect(errorOf('export-to')).toBe('Enter a date on or after the start date.');
    expect(sent).toEqual([]);
  });

  it('posts the period and opens the returned URL', async () => {
    const win = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => win as unknown as Window);
    const onClose = vi.fn();
    renderRoutes('/orders', { '/orders': <ExportModal open onClose={onClose} /> });
    await typeDate('export-from', '2026-11-01');
    await typeDate('export-to', '2026-11-20');
    await userEvent.click(document.querySelector('#export-submit')!);
    await waitFor(() => expect(win.location.href).toBe('http://api.example/api/v1/medias/download?key=orders.csv&sig=s'));
    expect(sent).toEqual([{ date_kind: 1, from: '2026-11-01', to: '2026-11-20', encoding: 'utf8' }]);
    expect(onClose).toHaveBeenCalled();
  });
});

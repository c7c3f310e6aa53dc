import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { formatDate, setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { DepositListPage } from './DepositListPage';
import { DepositPage } from './DepositPage';
import { accountant, keysetPage, operator, refusal, wireDeposit } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

describe('deposits: upload and history', () => {
  let me: object;
  let historyQueries: string[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    me = accountant;
    historyQueries = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/deposits/history', ({ request }) => {
        historyQueries.push(new URL(request.url).search);
        const rows = [wireDeposit(), wireDeposit({ id: 6, file_name: 'orders.csv', format: 'order_csv', state: 'matching', progress: { decided: 1, total: 4 }, counts: { ...wireDeposit().counts, review: 0 } })];
        return HttpResponse.json({ data: rows, pagination: { ...keysetPage(60, 50), last_page: 2, next_cursor: 'C-next' } });
      }),
    );
  });

  const renderList = () => renderRoutes('/revenue/deposits', { '/revenue/deposits': <DepositListPage />, '/revenue/deposits/:id': <DepositPage /> });
  const choose = async (name: string) =>
    userEvent.upload(await waitFor(() => document.querySelector('input[type="file"]') as HTMLInputElement), new File(['1010...'], name, { type: 'text/plain' }));

  it('lists the uploads with who, when, state and the counts by status, and pages by cursor', async () => {
    renderList();
    await screen.findByText('nyukin-1120.txt');
    const row = document.querySelector<HTMLElement>('tr[data-row-key="7"]')!;
    expect(row.textContent).toContain('経理 花子');
    expect(row.textContent).toContain(formatDate('2026-11-20T01:00:00Z', true));
    expect(row.textContent).toContain('全銀（振込入金通知）');
    expect(row.textContent).toContain('¥18,860');
    expect(['notPaid', 'exact', 'over', 'under', 'review'].map((k) => screen.getByTestId(`history-7-${k}`).textContent)).toEqual(['1', '1', '1', '0', '1']);
    expect(screen.getByTestId('deposit-state-6').textContent).toBe('照合中');
    expect(screen.getByTestId('deposit-state-7').textContent).toBe('照合済み');
    expect(historyQueries).toEqual(['?page=1&per_page=50']);
    await userEvent.click(document.querySelector('#page-next')!);
    await waitFor(() => expect(historyQueries.at(-1)).toBe('?per_page=50&after=C-next'));
  });

  it('opens the files and the period CSVs with a media token', async () => {
    const popup = { location: { href: '' }, close: vi.fn(), opener: {} };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    server.use(http.get('/api/v1/medias/token', () => HttpResponse.json({ data: { token: 'media-1', expires_in: 60 } })));
    renderList();
    await screen.findByText('nyukin-1120.txt');
    await userEvent.click(document.querySelector('#original-7')!);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/deposits/7/download?token=media-1'));
    await userEvent.hover(document.querySelector('#result-csv-7')!);
    await userEvent.click(await screen.findByText('Shift_JIS（Excel用）'));
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/deposits/7/download-result?encoding=sjis&token=media-1'));
    await userEvent.click(document.querySelector('#deposit-advance')!);
    await waitFor(() => expect(popup.location.href).toMatch(/^\/api\/v1\/deposits\/advance-payments\?date=\d{4}-\d{2}-\d{2}&encoding=utf8&token=media-1$/));
    await userEvent.click(document.querySelector('#deposit-report')!);
    await waitFor(() => expect(popup.location.href).toMatch(/^\/api\/v1\/deposits\/report\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&encoding=utf8&token=media-1$/));
  });

  it('says when a file came before, sends it again confirmed on "Import again", and opens its page with the matching', async () => {
    const importedAt = '2026-11-20T01:30:00Z';
    const sent: { file: string | null; confirm: FormDataEntryValue | null }[] = [];
    server.use(
      http.post('/api/v1/deposits/payment', async ({ request }) => {
        const form = await request.formData();
        sent.push({ file: form.has('file') ? 'file' : null, confirm: form.get('confirm_reimport') });
        if (sent.length === 1)
          return HttpResponse.json(refusal('NAL-422', [{ field: 'file', error_code: 'NAL-UPL-002', params: { file_name: 'nyukin-1120.txt', imported_at: importedAt, imported_by: '経理 花子' } }]), { status: 422 });
        return HttpResponse.json({ data: wireDeposit({ id: 8, state: 'matching', progress: { decided: 0, total: 3 }, matched_at: null }) }, { status: 202 });
      }),
      http.get('/api/v1/deposits/8', () => HttpResponse.json({ data: wireDeposit({ id: 8, state: 'matching', progress: { decided: 0, total: 3 }, matched_at: null }) })),
    );
    renderList();
    await screen.findByText('nyukin-1120.txt');
    await choose('nyukin-1120-again.txt');
    const prompt = await screen.findByTestId('reimport-prompt');
    expect(prompt.textContent).toContain(`同じ内容のファイル「nyukin-1120.txt」を${formatDate(importedAt, true)}に経理 花子さんが取り込み済みです。`);
    expect(screen.queryByTestId('deposit-file-errors')).toBeNull();

    await userEvent.click(document.querySelector('#reimport-confirm')!);
    await screen.findByText('照合しています（0/3件）。');
    expect(sent).toEqual([
      { file: 'file', confirm: null },
      { file: 'file', confirm: 'true' },
    ]);
  });

  it('lists every problem of a malformed file by line and bytes, with the field named as the bank names it', async () => {
    server.use(
      http.post('/api/v1/deposits/payment', () =>
        HttpResponse.json(
          refusal('NAL-422', [
            { field: 'lines.3.amount', error_code: 'digits', params: { line: 3, from: 20, to: 29 } },
            { field: 'lines.5.total_amount', error_code: 'NAL-DEP-015', params: { trailer: 3000, records: 2000, line: 5, from: 8, to: 19 } },
            { field: 'lines.2.入金額', error_code: 'integer', params: { line: 2 } },
            { field: 'file', error_code: 'NAL-DEP-007' },
          ]),
          { status: 422 },
        ),
      ),
    );
    renderList();
    await screen.findByText('nyukin-1120.txt');
    await choose('broken.txt');
    const errors = await screen.findByTestId('deposit-file-errors');
    expect(errors.textContent).toContain('ファイルを取り込めませんでした（4件の問題）。');
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '3行目・20〜29バイト目（金額）: 数字で入力してください。',
      '5行目・8〜19バイト目（合計金額）: トレーラの合計金額（3000円）がデータ・レコードの合計（2000円）と合いません。',
      '2行目「入金額」: 整数で入力してください。',
      'トレーラ・レコードがありません。',
    ]);
  });

  it('offers no upload to a role that may only read deposits', async () => {
    me = operator;
    renderList();
    await screen.findByText('nyukin-1120.txt');
    expect(document.querySelector('#deposit-upload')).toBeNull();
    expect(document.querySelector('#deposit-report')).not.toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer, Where } from '../../test-utils';
import { keysetPage, refusal } from '../deposits/test-fixtures';
import { MakerInquiryListPage } from './MakerInquiryListPage';
import { MakerInquiryCreatePage, MakerInquiryPage } from './MakerInquiryPages';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const operator = { id: 1, name: '受注 担当', email: 'op@example.com', role: 'operator', permissions: ['orders.read', 'customers.read', 'maker-chat', 'chat', 'maker-inquiries.write'] };
const makerUser = { id: 5, name: 'メーカー 担当', email: 'mk@example.com', role: 'maker', permissions: ['orders.read', 'maker-chat', 'chat'] };

/** An inquiry as the API sends it (snake_case). */
function wireInquiry(extra: Record<string, unknown> = {}) {
  return {
    id: 12,
    method: 1,
    maker: { id: 9, name: '栗木工' },
    customer: { id: 4, name: '山田 花子' },
    memo: '納期の件',
    person_in_charge: null,
    created_by_name: '受注 担当',
    conversation_id: 70,
    state: 2,
    processed: false,
    last_message_at: '2026-11-20T03:00:00Z',
    last_author_side: 'maker',
    last_message: '来週出荷できます。',
    created_at: '2026-11-19T03:00:00Z',
    updated_at: '2026-11-20T03:00:00Z',
    version: 3,
    ...extra,
  };
}

describe('maker inquiries', () => {
  let me: object;
  let queries: URLSearchParams[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    me = operator;
    queries = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [{ id: 9, name: '栗木工', code: 'M9' }] })),
      http.get('/api/v1/customers/list', () => HttpResponse.json({ data: [{ id: 4, name: '山田 花子' }] })),
      http.get('/api/v1/maker-inquiries', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const rows = query.get('state') === '3' ? [wireInquiry({ id: 13, state: 3, processed: true })] : [wireInquiry()];
        return HttpResponse.json({ data: rows, pagination: { ...keysetPage(rows.length), next_cursor: 'C-next' } });
      }),
      http.get('/api/v1/conversations/70/message', ({ request }) =>
        new URL(request.url).searchParams.get('since') ? new HttpResponse(null, { status: 304 }) : HttpResponse.json({ data: [], next_cursor: null, since_cursor: 's-1', more_changes: false }),
      ),
    );
  });

  const renderList = (url = '/maker-inquiries') =>
    renderRoutes(url, {
      '/maker-inquiries': (
        <>
          <MakerInquiryListPage />
          <Where />
        </>
      ),
    });

  it('lists inquiries with their state badge, keeps the filters in the URL and sends them', async () => {
    renderList('/maker-inquiries?state=3');
    await screen.findByRole('link', { name: '#13' });
    expect(queries[0].get('state')).toBe('3');
    const row = document.querySelector('tr[data-row-key="13"]')!;
    expect(row.querySelector('[data-status]')!.textContent).toBe('対応済み');
    expect(row.textContent).toContain('山田 花子');
    expect(screen.getAllByText('顧客').length).toBeGreaterThan(0);

    await userEvent.click(document.querySelector('#filter-reset')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/maker-inquiries?page=1&perPage=50'));
    await screen.findByRole('link', { name: '#12' });
    expect(document.querySelector('tr[data-row-key="12"] [data-status]')!.textContent).toBe('当社回答待ち');

    await userEvent.type(document.querySelector('#filter-keyword')!, '  納期 ');
    await userEvent.click(document.querySelector('#filter-search')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/maker-inquiries?keyword=%E7%B4%8D%E6%9C%9F&page=1&perPage=50'));
    await waitFor(() => expect(queries.at(-1)!.get('keyword')).toBe('納期'));

    // The pager moves by cursor.
    await userEvent.click(document.querySelector('#page-next')!);
    await waitFor(() => expect(queries.at(-1)!.get('after')).toBe('C-next'));
  });

  it('shows a maker account its own inquiries without the shop’s columns or filters', async () => {
    me = makerUser;
    renderList();
    await screen.findByRole('link', { name: '#12' });
    expect(screen.queryAllByText('顧客')).toHaveLength(0);
    expect(document.querySelector('#filter-makerId')).toBeNull();
    expect(document.querySelector('#filter-method')).toBeNull();
  });

  it('a maker account asks with its message only', async () => {
    me = makerUser;
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const posted: unknown[] = [];
    server.use(
      http.post('/api/v1/maker-inquiries', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: wireInquiry({ id: 14, customer: null, memo: null }) }, { status: 201 });
      }),
    );
    renderRoutes('/maker-inquiries/create', { '/maker-inquiries/create': <MakerInquiryCreatePage />, '/maker-inquiries/:id': <Where /> });
    const message = await waitFor(() => {
      const found = document.querySelector<HTMLTextAreaElement>('#maker-inquiry-message');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(document.querySelector('#maker-inquiry-maker')).toBeNull();
    await userEvent.type(message, '納期を確認したいです。');
    await userEvent.click(document.querySelector('#maker-inquiry-submit')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/maker-inquiries/14'));
    expect(posted).toEqual([{ message: '納期を確認したいです。' }]);
    expect(done).toHaveBeenCalledWith('問い合わせを作成しました。');
  });

  it("'processed and save' sends the fields with the version read and processed; NAL-INQ-001 offers a reload", async () => {
    const puts: Record<string, unknown>[] = [];
    const views = [wireInquiry(), wireInquiry({ version: 5, state: 3, processed: true })];
    let answer = () => HttpResponse.json(refusal('NAL-INQ-001'), { status: 400 });
    server.use(
      http.get('/api/v1/maker-inquiries/12', () => HttpResponse.json({ data: views.length > 1 ? views.shift() : views[0] })),
      http.put('/api/v1/maker-inquiries/12', async ({ request }) => {
        puts.push((await request.json()) as Record<string, unknown>);
        return answer();
      }),
    );
    renderRoutes('/maker-inquiries/12', { '/maker-inquiries/:id': <MakerInquiryPage /> });
    await screen.findByTestId('chat-panel-70');
    expect(screen.getByTestId('maker-inquiry-state').textContent).toBe('当社回答待ち');

    await userEvent.click(document.querySelector('#maker-inquiry-processed')!);
    await screen.findByTestId('maker-inquiry-stale');
    expect(puts).toEqual([{ version: 3, method: 1, maker_id: 9, customer_id: 4, memo: '納期の件', processed: true }]);

    answer = () => HttpResponse.json({ data: wireInquiry({ version: 6, state: 3, processed: true }) });
    await userEvent.click(document.querySelector('#maker-inquiry-reload')!);
    await waitFor(() => expect(screen.getByTestId('maker-inquiry-page').getAttribute('data-version')).toBe('5'));
    expect(screen.getByTestId('maker-inquiry-state').textContent).toBe('対応済み');
    // Processed already: the page offers to reopen it instead.
    expect(document.querySelector('#maker-inquiry-processed')).toBeNull();
    expect(document.querySelector('#maker-inquiry-reopen')).not.toBeNull();
  });
});

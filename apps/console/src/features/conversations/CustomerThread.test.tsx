import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { CustomerThread } from './CustomerThread';

const server = useMockServer();

describe("a customer's staff-only thread", () => {
  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
  });

  it('opens the thread of the customer and shows its messages in the chat panel', async () => {
    server.use(
      http.get('/api/v1/conversations/customer/5', () =>
        HttpResponse.json({ data: { id: 12, kind: 'customer', status: 0, order_id: null, maker_id: null, maker_name: null, maker_inquiry_id: null, customer_id: 5, last_message_at: null, last_author_side: null, created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z', version: 1 } }),
      ),
      http.get('/api/v1/conversations/12/message', ({ request }) =>
        new URL(request.url).searchParams.get('since')
          ? new HttpResponse(null, { status: 304 })
          : HttpResponse.json({
              data: [{ id: 1, conversation_id: 12, content: '電話で返品の相談あり', attachment: null, author_id: 3, author_name: 'コール 担当', author_side: 'staff', mine: false, created_at: '2026-11-27T00:00:00Z', edited_at: null, deleted: false }],
              next_cursor: null,
              since_cursor: 'since-1',
              more_changes: false,
              status: 0,
              version: 1,
            }),
      ),
    );
    renderRoutes('/', { '/': <CustomerThread customerId={5} /> });
    await waitFor(() => expect(screen.getByTestId('chat-panel-12')).toBeTruthy());
    expect(screen.getByText('社内メモ（顧客スレッド）')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('chat-content').textContent).toBe('電話で返品の相談あり'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import { renderRoutes, useMockServer } from '../../test-utils';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { UserListPage } from './UserListPage';

const server = useMockServer();

const me = { id: 1, name: 'Admin', email: 'admin@example.com', role: 'approver', permissions: ['accounts.read', 'accounts.write'] };
const account = { id: 7, name: '鈴木 一郎', email: 'ichiro@example.com', role: 'operator', status: 'valid', last_login: null, updated_at: '2026-11-20T01:00:00Z', version: 1 };
const systemAdmin = { ...account, id: 8, name: '高橋 管理', email: 'root@example.com', role: 'system_admin' };

describe('account list', () => {
  let listQueries: string[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    listQueries = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/users', ({ request }) => {
        listQueries.push(new URL(request.url).search);
        return HttpResponse.json({ data: [account], pagination: { from: 1, to: 1, total: 1, current_page: 1, per_page: 20, last_page: 1 } });
      }),
    );
  });

  function renderList(url = '/account?perPage=20&role=operator') {
    renderRoutes(url, { '/account': <UserListPage /> });
  }

  it('asks the API with the filters and page size of the URL', async () => {
    renderList();
    await screen.findByText('ichiro@example.com');
    expect(listQueries[0]).toBe('?role=operator&page=1&per_page=20');
    expect(screen.getByText('全1件中1〜1件')).toBeTruthy();
  });

  it("keeps the server's message on screen when a delete is refused", async () => {
    server.use(
      http.delete('/api/v1/users/7', () =>
        HttpResponse.json({ error: { error_code: 'NAL-USER-004', message: 'You cannot delete your own account.', errors: [], request_id: 'r' } }, { status: 400 }),
      ),
    );
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('delete-7'));
    await user.click(await screen.findByRole('button', { name: 'はい' }));
    await waitFor(() => expect(screen.getByTestId('delete-error').textContent).toContain('自分自身のアカウントは削除できません。'));
    expect(screen.getByText('ichiro@example.com')).toBeTruthy();
  });

  describe('system administrator rows', () => {
    beforeEach(() => {
      server.use(
        http.get('/api/v1/users', () =>
          HttpResponse.json({ data: [account, systemAdmin], pagination: { from: 1, to: 2, total: 2, current_page: 1, per_page: 20, last_page: 1 } }),
        ),
      );
    });
    const editLinks = () => [...document.querySelectorAll('a[href$="/edit"]')].map((a) => a.getAttribute('href'));

    it('offers no edit or delete on them to a user who is not a system administrator', async () => {
      renderList();
      await screen.findByTestId('delete-7');
      expect(screen.queryByTestId('delete-8')).toBeNull();
      expect(editLinks()).toEqual(['/account/7/edit', '/account/7/edit']);
      expect(screen.getByText('高橋 管理').closest('a')).toBeNull();
    });

    it('offers them to a system administrator', async () => {
      server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: { ...me, role: 'system_admin' } })));
      renderList();
      await screen.findByTestId('delete-8');
      expect(editLinks()).toEqual(['/account/7/edit', '/account/7/edit', '/account/8/edit', '/account/8/edit']);
    });
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { renderRoutes, useMockServer } from '../../test-utils';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { saveSession } from '../../api/session';
import { useCurrentUser } from '../../auth/use-current-user';
import { setLanguage } from '../../i18n';
import { UserCreatePage } from './UserCreatePage';
import { UserEditPage } from './UserEditPage';

const server = useMockServer();

const me = (role: string) => ({ id: 1, name: 'Admin', email: 'admin@example.com', role, permissions: ['accounts.read', 'accounts.write'] });

beforeEach(() => {
  setLanguage('ja');
  saveSession('token', 900);
  server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: me('approver') })));
});

/** The page's SWR cache, to revalidate from the test. */
let swrMutate: ScopedMutator;

/** Shows the signed-in user's role once loaded, so a test can wait for it; hands out the cache's mutate. */
function Probe() {
  const { user } = useCurrentUser();
  swrMutate = useSWRConfig().mutate;
  return <span data-testid="signed-in-as">{user?.role}</span>;
}

function renderPage(url: string) {
  return renderRoutes(
    url,
    { '/account/create': <UserCreatePage />, '/account/:id/edit': <UserEditPage />, '/account': <div>account list</div> },
    <Probe />,
  );
}

const renderCreatePage = () => renderPage('/account/create');

const stored = (version: number) => ({
  id: 5,
  name: '鈴木 一郎',
  email: 'ichiro@example.com',
  role: 'operator',
  company_name: null,
  status: 'valid',
  allow_social_login: true,
  maker_id: null,
  avatar: null,
  last_login: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-20T01:00:00Z',
  version,
});

async function roleOptions() {
  await userEvent.setup().click(document.querySelector('#account-role')!);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
}

async function fillAndSave(name: string, email: string) {
  const user = userEvent.setup();
  await user.type(document.querySelector('#account-name')!, name);
  await user.type(document.querySelector('#account-email')!, email);
  await user.click(document.querySelector('#account-save')!);
}

describe('account form', () => {
  it('sends snake_case and goes to /account when created', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v1/users', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { id: 9, name: '山田 太郎', email: 'taro@example.com', role: 'operator' } }, { status: 201 });
      }),
      http.get('/api/v1/users', () => HttpResponse.json({ data: [], pagination: { from: null, to: null, total: 0, current_page: 1, per_page: 50, last_page: 1 } })),
    );
    renderCreatePage();
    await fillAndSave('山田 太郎', 'taro@example.com');
    await screen.findByText('account list');
    expect(sent).toEqual({ name: '山田 太郎', email: 'taro@example.com', role: 'operator', status: 'valid', allow_social_login: true, company_name: null, maker_id: null });
  });

  it('picks the maker of a maker account by name from the makers list, and sends its id', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/v1/makers/list', () =>
        HttpResponse.json({
          data: [
            { id: 3, name: '東京家具製作所', code: 'TK', status: 'enabled' },
            { id: 8, name: '大阪木工', code: 'OS', status: 'enabled' },
          ],
        }),
      ),
      http.post('/api/v1/users', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { id: 10, name: 'メーカー 担当', email: 'maker@example.com', role: 'maker' } }, { status: 201 });
      }),
    );
    renderCreatePage();
    const user = userEvent.setup();
    await user.click(document.querySelector('#account-role')!);
    await user.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'メーカー')!));
    // A searchable select of makers, not a number to type: typing part of a name narrows it down.
    await user.click(await waitFor(() => document.querySelector('#account-maker-id')!));
    await user.type(document.querySelector('#account-maker-id')!, '大阪');
    const options = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['大阪木工 (OS)']));
    await user.click(options()[0]);
    await fillAndSave('メーカー 担当', 'maker@example.com');
    await screen.findByText('account list');
    expect(sent).toMatchObject({ role: 'maker', maker_id: 8 });
  });

  it('shows a 422 under the field it names, translated', async () => {
    server.use(
      http.post('/api/v1/users', () =>
        HttpResponse.json(
          { error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors: [{ field: 'name', error_code: 'min_length', params: { min: 2 } }], request_id: 'r' } },
          { status: 422 },
        ),
      ),
    );
    renderCreatePage();
    await fillAndSave('短', 'short@example.com');
    const nameItem = document.querySelector('#account-name')!.closest('.ant-form-item')!;
    await waitFor(() => expect(nameItem.textContent).toContain('2文字以上で入力してください。'));
    expect(document.querySelector('#account-email')!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')).toBeNull();
  });

  it('shows a 400 refusal above the form and stays', async () => {
    server.use(
      http.get('/api/v1/users/5', () => HttpResponse.json({ data: stored(1) })),
      http.put('/api/v1/users/5', () =>
        HttpResponse.json({ error: { error_code: 'NAL-USER-005', message: 'You cannot change your own role or status.', errors: [], request_id: 'r' } }, { status: 400 }),
      ),
    );
    renderPage('/account/5/edit');
    await screen.findByDisplayValue('鈴木 一郎');
    await userEvent.setup().click(document.querySelector('#account-save')!);
    expect((await screen.findByTestId('form-refusal')).textContent).toContain('自分自身の権限やステータスは変更できません。');
    expect(screen.queryByText('account list')).toBeNull();
  });

  it('sends the version the form was loaded with, even after SWR revalidated a newer one', async () => {
    let version = 1;
    let reads = 0;
    let sent: { version: number } | undefined;
    server.use(
      http.get('/api/v1/users/5', () => {
        reads++;
        return HttpResponse.json({ data: stored(version) });
      }),
      http.put('/api/v1/users/5', async ({ request }) => {
        sent = (await request.json()) as { version: number };
        return HttpResponse.json({ data: stored(sent.version + 1) });
      }),
    );
    renderPage('/account/5/edit');
    await screen.findByDisplayValue('鈴木 一郎');

    version = 2; // someone else saved meanwhile
    await act(() => swrMutate('/users/5'));
    expect(reads).toBe(2);

    await userEvent.setup().click(document.querySelector('#account-save')!);
    await screen.findByText('account list');
    expect(sent).toMatchObject({ name: '鈴木 一郎', version: 1 });
  });

  it('does not offer the system administrator role to a user who is not one', async () => {
    renderCreatePage();
    await waitFor(() => expect(screen.getByTestId('signed-in-as').textContent).toBe('approver'));
    const options = await roleOptions();
    expect(options).toContain('オペレーター');
    expect(options).not.toContain('システム管理者');
  });

  it('offers the system administrator role to a system administrator', async () => {
    server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: me('system_admin') })));
    renderCreatePage();
    await waitFor(() => expect(screen.getByTestId('signed-in-as').textContent).toBe('system_admin'));
    expect(await roleOptions()).toContain('システム管理者');
  });
});

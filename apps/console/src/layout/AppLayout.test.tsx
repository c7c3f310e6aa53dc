import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../api/session';
import { setLanguage } from '../i18n';
import { renderRoutes, useMockServer } from '../test-utils';
import { AppLayout } from './AppLayout';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const user = (role: string, permissions: string[]) => ({ id: 1, name: 'User', email: 'u@example.com', role, permissions });

describe('side menu: queue dashboard', () => {
  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
  });

  it('is there for a system administrator, and opens Bull Board in a new tab with a media token', async () => {
    const popup = { location: { href: '' }, close: vi.fn(), opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: user('system_admin', ['orders.read', 'accounts.read', 'operations.admin']) })),
      http.get('/api/v1/medias/token', () => HttpResponse.json({ data: { token: 'media-9', expires_in: 60 } })),
    );
    renderRoutes('/dashboard', { '/dashboard': <AppLayout /> });
    const item = await screen.findByTestId('menu-queues');
    expect(item.textContent).toBe('キュー管理');
    await userEvent.click(item);
    await waitFor(() => expect(popup.location.href).toBe('/api/v1/admin/queues?token=media-9'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
  });

  it.each(['approver', 'operator', 'maker'])('is not there for %s', async (role) => {
    server.use(http.get('/api/v1/me', () => HttpResponse.json({ data: user(role, ['orders.read', 'accounts.read']) })));
    renderRoutes('/dashboard', { '/dashboard': <AppLayout /> });
    await waitFor(() => expect(document.querySelector('[data-section=orders]')).not.toBeNull());
    expect(screen.queryByTestId('menu-queues')).toBeNull();
  });
});

import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { clearSession } from '../api/session';
import { setLanguage } from '../i18n';
import { renderRoutes, useMockServer } from '../test-utils';
import { AuthCallbackPage } from './AuthCallbackPage';
import { RequireAuth } from './RequireAuth';
import { safeReturnPath } from './return-path';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const me = { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['orders.read'] };

/** The provider's redirect back to the console: the API exchanges the code for a session. */
function renderCallback(code: string) {
  server.use(
    http.get('/api/v1/auth/google/callback', () => HttpResponse.json({ data: { access_token: 'token', expires_in: 900 } })),
    http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
  );
  // The page reads the browser's own query (each code is exchanged once).
  const url = `/auth/google/callback?code=${code}&state=s`;
  window.history.replaceState(null, '', url);
  return renderRoutes(url, {
    '/auth/:provider/callback': <AuthCallbackPage />,
    '/orders/:id': <div data-testid="order-page">order page</div>,
    '/dashboard': <div data-testid="dashboard">dashboard</div>,
  });
}

describe('the page asked for before signing in', () => {
  beforeEach(() => {
    setLanguage('ja');
    clearSession();
    sessionStorage.clear();
  });

  it('is where the user lands after signing in from a link, query and hash included', async () => {
    renderRoutes('/orders/123?tab=history#lines', {
      '/orders/:id': (
        <RequireAuth>
          <div>order page</div>
        </RequireAuth>
      ),
      '/login': <div data-testid="login">login</div>,
    });
    await screen.findByTestId('login');
    cleanup();

    renderCallback('first');
    await screen.findByTestId('order-page');
    expect(screen.queryByTestId('dashboard')).toBeNull();
    // Taken once: the next sign-in starts from the Dashboard again.
    expect(sessionStorage.getItem('oms.returnPath')).toBeNull();
  });

  it('is the Dashboard when nothing was asked for', async () => {
    renderCallback('second');
    await screen.findByTestId('dashboard');
  });

  it('never sends the user to another site, whatever the storage holds', async () => {
    sessionStorage.setItem('oms.returnPath', '//evil.example.com/orders/1');
    renderCallback('third');
    await screen.findByTestId('dashboard');
  });

  it.each([
    ['/orders/123', '/orders/123'],
    ['/orders?status=2&page=3#top', '/orders?status=2&page=3#top'],
    ['//evil.example.com', null],
    ['/\\evil.example.com', null],
    ['/%5C/evil.example.com', '/%5C/evil.example.com'],
    ['https://evil.example.com/orders', null],
    ['javascript:alert(1)', null],
    ['orders/123', null],
    ['/\t/evil.example.com', null],
    ['/login', null],
    ['/auth/google/callback?code=x', null],
    [undefined, null],
  ])('keeps %j as %j', (path, kept) => {
    expect(safeReturnPath(path)).toBe(kept);
  });
});

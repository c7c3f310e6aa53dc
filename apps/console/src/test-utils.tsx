import { render } from '@testing-library/react';
import { setupServer, type SetupServer } from 'msw/node';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import i18n from './i18n';
import { ConsoleConfig } from './layout/ConsoleConfig';

/**
 * Renders screens as the console does (i18n, antd configured and its App, a fresh SWR cache, a router) at `url`.
 * `routes` maps paths to elements; `extra` renders beside the router (e.g. a probe of the current user).
 */
export function renderRoutes(url: string, routes: Record<string, ReactNode>, extra?: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ConsoleConfig>
        <AntApp>
          <SWRConfig value={{ provider: () => new Map() }}>
            {extra}
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                {Object.entries(routes).map(([path, element]) => (
                  <Route key={path} path={path} element={element} />
                ))}
              </Routes>
            </MemoryRouter>
          </SWRConfig>
        </AntApp>
      </ConsoleConfig>
    </I18nextProvider>,
  );
}

/**
 * The file's mock API (MSW): a request no handler answers fails the test; handlers and spies are
 * reset after each test.
 */
export function useMockServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}

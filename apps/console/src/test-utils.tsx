import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer, type SetupServer } from 'msw/node';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import i18n from './i18n';
import { ConsoleConfig } from './layout/ConsoleConfig';
import { HttpResponse } from 'msw';
import { createApiClient, type ApiHandlers } from './api/client';
import { clearSession, deleteCookie, saveSession } from './api/session';

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

/** The client's handlers as spies (onUnauthenticated…), made afresh before each test. */
export type HandlerSpies = { [K in keyof ApiHandlers]: ReturnType<typeof vi.fn> };

/**
 * What the api client's tests share: a stored session ('old', 15 minutes), no network-error cookie,
 * fresh handler spies before each test, and a client with short waits wired to them.
 */
export function useClientTest() {
  const spies = {} as HandlerSpies;
  beforeEach(() => {
    localStorage.clear();
    clearSession();
    deleteCookie('oms_network_error');
    saveSession('old', 900);
    Object.assign(spies, { onUnauthenticated: vi.fn(), onForbidden: vi.fn(), onNotFound: vi.fn(), onNetworkError: vi.fn() });
  });
  const client = (options: Parameters<typeof createApiClient>[0] = {}) => {
    const c = createApiClient({ refreshPollMs: 5, ...options });
    c.setHandlers(spies as unknown as ApiHandlers);
    return c;
  };
  return { handlers: spies, client };
}

/** An error answer in the envelope of DESIGN.md §4. */
export const envelope = (status: number, error_code: string, extra: object = {}) =>
  HttpResponse.json({ error: { error_code, message: `message ${error_code}`, errors: [], request_id: 'req-1', ...extra } }, { status });

/** Opens an antd Select by its input id and picks the option showing `label`. */
export async function chooseOption(id: string, label: string) {
  const user = userEvent.setup();
  await user.click(document.querySelector(`#${id}`)!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await user.click(option);
}

/** Where the router is (path and query), for a test of what a screen keeps in the URL. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

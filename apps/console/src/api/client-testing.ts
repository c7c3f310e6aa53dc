import { HttpResponse } from 'msw';
import { createApiClient, type ApiHandlers } from './client';
import { clearSession, deleteCookie, saveSession } from './session';

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

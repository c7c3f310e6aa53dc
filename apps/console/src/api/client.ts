import { IDEMPOTENCY_KEY_HEADER } from '@oms/domain';
import { toCamelKeys, toSnake, toSnakeKeys } from './case';
import { toFieldErrors, type FieldError, type FieldErrors } from './field-errors';
import { accessToken, clearSession, hasSession, saveSession, setCookie } from './session';
import type { AnswerOf, Pagination, WireError } from './wire';

/**
 * The console's one API client (SPEC.md §7 "Behaviour of answers", DESIGN.md §4).
 * 2xx, 400 and 422 come back as an ApiResult; everything else calls a handler and rejects.
 * A mutation carries an `Idempotency-Key`, one per call (one user action), and is sent again with
 * the same key when no answer came or the API could not answer (docs/decisions.md "Idempotency-Key").
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | Date | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export type { Pagination };

/** The error envelope's `error` (wire.ts WireError), as the screens use it. */
export type ApiErrorBody = Pick<WireError, 'message'> & {
  /** A catalogue code; `NAL-{status}` when the answer had no envelope (a proxy's error page). */
  errorCode: WireError['errorCode'] | `NAL-${number}`;
  errors: FieldError[];
  /** `errors` nested by field path, for forms. */
  fieldErrors: FieldErrors;
  /** What a business refusal names (camel-cased like the rest), for its message's placeholders. */
  params?: Readonly<Record<string, string | number>>;
  requestId?: string;
};

/**
 * A success: `data`, a list's `pagination`, and `extras`, the answer's other members when it has some (GET /revenues' `totals`).
 * A 304 (a poll that found no change) is a success with status 304 and no data.
 */
export type ApiSuccess<T> = { ok: true; status: number; data: T; pagination?: Pagination; extras?: Record<string, unknown> };
export type ApiFailure = { ok: false; status: 400 | 422; error: ApiErrorBody };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type RequestOptions = {
  query?: Query;
  /** Plain data is sent as JSON with snake_case keys; FormData and Blob are sent as they are. */
  body?: unknown;
  /** false for the calls made before sign-in (login URLs, refresh): no bearer, no refresh on 401. */
  auth?: boolean;
  /**
   * false for a screen that shows every failure itself (the public maker confirmation page): 403,
   * 404, 429, 5xx and no answer reject with their ApiError, calling no handler (no redirect, no toast).
   */
  routeErrors?: boolean;
  signal?: AbortSignal;
  /**
   * The mutation's `Idempotency-Key`; a fresh one when not given. Give one to send the same user
   * action again (the API answers the first answer without doing the work again).
   */
  idempotencyKey?: string;
};

export type ApiHandlers = {
  onUnauthenticated: () => void;
  onForbidden: () => void;
  onNotFound: () => void;
  /** `ERR-0{status}` or `ERR-ANOTHER`; the same code is in the `oms_network_error` cookie. */
  onNetworkError: (code: string) => void;
};

export type ApiClientOptions = {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** How often a request that got 401 checks whether the running refresh has finished. */
  refreshPollMs?: number;
  /** The waits before each resend of a mutation that got no answer (or 502, 503, 504, 409 NAL-IDEM-003): one resend per entry. */
  retryDelaysMs?: readonly number[];
};

const MUTATIONS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Two resends, a little apart: a restarting API or a proxy's hiccup, not an outage. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1500];

/**
 * A new `Idempotency-Key`: a random UUID. `crypto.randomUUID` exists only on secure pages (https,
 * localhost); an intranet served over http still has `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An answer after which a mutation is sent again with its key: a proxy found no API (502, 504), the
 * API could not reach what it needs (503), or the first request with the key is still running (409
 * NAL-IDEM-003). With the key, the work is done once however often it is sent.
 */
function worthResending({ status, body }: Exchange): boolean {
  if (status === 502 || status === 503 || status === 504) return true;
  return status === 409 && (body as WireErrorBody | undefined)?.error?.errorCode === 'NAL-IDEM-003';
}

/**
 * A blank window for a file, opened now: call it in the click itself, before any await. Safari blocks
 * as a pop-up a window.open that no longer runs in the click (and the page must not navigate away
 * instead). null when the browser blocked it all the same.
 */
export function openBlankWindow(): Window | null {
  const win = window.open('', '_blank');
  // What noopener would do: the opened page gets no handle on the console's window.
  if (win) win.opener = null;
  return win;
}

export const NETWORK_ERROR_COOKIE = 'oms_network_error';

/** Where the API is served, for URLs the browser opens itself (downloads, links). */
export const API_BASE_URL = '/api/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorCode?: string,
    readonly requestId?: string,
    /** A 422's field errors (a list read through SWR shows them: its query is the "form"). */
    readonly errors: readonly FieldError[] = [],
    /** What a business refusal names, for its message's placeholders. */
    readonly params?: ApiErrorBody['params'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `role=a&role=b`, keys in snake_case; undefined, null and '' are left out. */
export function toQueryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      params.append(toSnake(key), item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return params.toString();
}

type Exchange = { status: number; body: unknown };
type WireErrorBody = { error?: Partial<WireError> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The caller aborted the request: not a failure to report or to send again. */
const gaveUp = (err: unknown, opts: RequestOptions) => Boolean(opts.signal?.aborted) || (err as Error)?.name === 'AbortError';

/** The Web Lock that serialises refreshes across the console's tabs. */
export const REFRESH_LOCK = 'oms-refresh';

/** Runs `fn` holding the refresh lock; without the Web Locks API (old browsers, jsdom) just runs it. */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks: LockManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, fn) : fn();
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? API_BASE_URL;
  // Looked up at call time so that a fetch patched later (MSW in tests) is the one used.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const refreshPollMs = options.refreshPollMs ?? 100;
  const retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  let handlers: ApiHandlers = {
    onUnauthenticated: () => undefined,
    onForbidden: () => undefined,
    onNotFound: () => undefined,
    onNetworkError: () => undefined,
  };
  let refreshing = false;
  /** Why the last refresh of this tab failed short of ending the session; the requests that waited on it reject with it. */
  let refreshError: unknown = null;

  function networkFailure(code: string, status: number, body?: unknown): ApiError {
    setCookie(NETWORK_ERROR_COOKIE, code);
    handlers.onNetworkError(code);
    return errorOf(status, body, code);
  }

  /** 403, 404 and the rest (not 400, 401, 422) go to their handler; returns the ApiError to reject with. */
  function routed(status: number, body: unknown): ApiError {
    if (status === 403) handlers.onForbidden();
    else if (status === 404) handlers.onNotFound();
    else return networkFailure(`ERR-0${status}`, status, body);
    return errorOf(status, body);
  }

  /** One HTTP exchange, body read and camel-cased. A thrown fetch or body read is ERR-ANOTHER. */
  async function exchange(method: HttpMethod, path: string, opts: RequestOptions, token: string | null, idempotencyKey?: string): Promise<Exchange> {
    try {
      return await send(method, path, opts, token, idempotencyKey);
    } catch (err) {
      throw noAnswer(err, opts);
    }
  }

  /** What a request that got no answer rejects with; a caller that gave up is not a network failure. */
  function noAnswer(err: unknown, opts: RequestOptions): unknown {
    if (gaveUp(err, opts)) return err;
    if (opts.routeErrors === false) return errorOf(0, undefined, 'ERR-ANOTHER');
    return networkFailure('ERR-ANOTHER', 0);
  }

  async function send(method: HttpMethod, path: string, opts: RequestOptions, token: string | null, idempotencyKey?: string): Promise<Exchange> {
    const qs = toQueryString(opts.query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData || opts.body instanceof Blob) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(toSnakeKeys(opts.body));
    }
    const res = await fetchFn(`${baseUrl}${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
    const text = await res.text();
    return { status: res.status, body: toCamelKeys(parseJson(text)) };
  }

  /**
   * A mutation's exchange, sent again with the same key while it gets no answer or one worth
   * resending (`worthResending`), at most once per `retryDelaysMs` entry; a read is sent once.
   */
  async function exchangeWithResends(method: HttpMethod, path: string, opts: RequestOptions, token: string | null, idempotencyKey: string | undefined): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      const delay = idempotencyKey ? retryDelaysMs[attempt] : undefined;
      if (delay === undefined) return exchange(method, path, opts, token, idempotencyKey);
      try {
        const answer = await send(method, path, opts, token, idempotencyKey);
        if (!worthResending(answer)) return answer;
      } catch (err) {
        if (gaveUp(err, opts)) throw err;
      }
      await sleep(delay);
      if (opts.signal?.aborted) throw opts.signal.reason;
    }
  }

  /**
   * true with the new token stored, false when the server ended the session (401). Anything else
   * (429, 5xx, no answer) leaves the session alone and throws, routed like any other failure.
   */
  async function refresh(): Promise<boolean> {
    const { status, body } = await exchange('POST', '/auth/refresh', {}, null);
    if (status === 401) return false;
    if (status < 200 || status >= 300) throw routed(status, body);
    const { data } = body as { data: AnswerOf<'/auth/refresh', 'post'> };
    saveSession(data.accessToken, data.expiresIn);
    return true;
  }

  /**
   * After a 401 on a request sent with `sentToken`: true when a newer token is stored to retry with,
   * false when the session has ended. Only one refresh runs at a time, in this tab and across tabs:
   * a second refresh with the same (rotated) refresh cookie looks like token theft to the server,
   * which then revokes the whole sign-in.
   */
  async function renewAfter401(sentToken: string | null): Promise<boolean> {
    if (refreshing) {
      while (refreshing) await sleep(refreshPollMs);
      if (refreshError) throw refreshError;
      return hasSession();
    }
    refreshing = true;
    refreshError = null;
    try {
      return await withRefreshLock(async () => {
        // Another tab, or this one, refreshed while this request was on its way: just retry.
        if (hasSession() && accessToken() !== sentToken) return true;
        if (await refresh()) return true;
        clearSession();
        handlers.onUnauthenticated();
        return false;
      });
    } catch (err) {
      refreshError = err;
      throw err;
    } finally {
      refreshing = false;
    }
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const auth = opts.auth ?? true;
    const sentToken = auth ? accessToken() : null;
    // One call, one user action, one key: every resend below, and the one after a refresh, reuses it.
    const key = MUTATIONS.has(method) ? (opts.idempotencyKey ?? newIdempotencyKey()) : undefined;
    let answer = await exchangeWithResends(method, path, opts, sentToken, key);
    if (answer.status === 401 && auth) {
      if (!(await renewAfter401(sentToken))) throw errorOf(401, answer.body);
      answer = await exchangeWithResends(method, path, opts, accessToken(), key);
      if (answer.status === 401) {
        clearSession();
        handlers.onUnauthenticated();
        throw errorOf(401, answer.body);
      }
    }
    return settle<T>(answer, opts.routeErrors ?? true);
  }

  function settle<T>({ status, body }: Exchange, routeErrors: boolean): ApiResult<T> {
    // 304: a poll with a cursor (GET /conversations/{id}/message?since=) found nothing new; no body, no data.
    if (status === 304) return { ok: true, status, data: undefined as T };
    if (status >= 200 && status < 300) {
      const { data, pagination, ...extras } = (body ?? {}) as { data?: T; pagination?: Pagination };
      return { ok: true, status, data: data as T, ...(pagination ? { pagination } : {}), ...(Object.keys(extras).length ? { extras } : {}) };
    }
    if (status === 400 || status === 422) return { ok: false, status, error: errorBodyOf(status, body) };
    if (status === 401 || !routeErrors) throw errorOf(status, body); // 401: only reached by auth: false calls
    throw routed(status, body);
  }

  /**
   * Points a window at a download with a one-minute media token; returns the URL. The window is
   * opened here unless the caller opened it already (`openBlankWindow()` in its click, when it awaits
   * something first); it is closed when no token could be had.
   */
  async function download(path: string, query?: Query, win: Window | null = openBlankWindow()): Promise<string> {
    try {
      const res = await request<AnswerOf<'/medias/token', 'get'>>('GET', '/medias/token');
      if (!res.ok) throw errorOf(res.status, { error: res.error });
      const url = `${baseUrl}${path}?${toQueryString({ ...query, token: res.data.token })}`;
      if (win) win.location.href = url;
      return url;
    } catch (err) {
      win?.close();
      throw err;
    }
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    download,
    setHandlers(next: Partial<ApiHandlers>) {
      handlers = { ...handlers, ...next };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient();

export type SwrKey = string | readonly [path: string, query?: Query];

/** SWR fetcher on the default client: `useSWR(['/orders', { page: 1 }], swrFetcher)`. */
export async function swrFetcher<T>(key: SwrKey): Promise<{ data: T; pagination?: Pagination; extras?: Record<string, unknown> }> {
  const [path, query] = typeof key === 'string' ? [key, undefined] : key;
  const res = await api.get<T>(path, { query });
  if (!res.ok) throw errorOf(res.status, { error: res.error });
  return { data: res.data, pagination: res.pagination, extras: res.extras };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // e.g. a proxy's HTML error page
  }
}

function errorBodyOf(status: number, body: unknown): ApiErrorBody {
  const error = (body as WireErrorBody | undefined)?.error ?? {};
  const errors = error.errors ?? [];
  return {
    errorCode: error.errorCode ?? `NAL-${status}`,
    message: error.message ?? `HTTP ${status}`,
    errors,
    fieldErrors: toFieldErrors(errors),
    ...(error.params ? { params: error.params } : {}),
    ...(error.requestId ? { requestId: error.requestId } : {}),
  };
}

function errorOf(status: number, body: unknown, fallbackMessage?: string): ApiError {
  const error = (body as WireErrorBody | undefined)?.error;
  return new ApiError(status, error?.message ?? fallbackMessage ?? `HTTP ${status}`, error?.errorCode, error?.requestId ?? undefined, error?.errors ?? [], error?.params ?? undefined);
}

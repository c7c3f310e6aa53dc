import type {
  ChangedOrdersPage,
  ImportCursor,
  PlatformCredentials,
  PlatformDelivery,
  PlatformEndpoint,
  PlatformError,
  PlatformLimits,
  PlatformLine,
  PlatformOrder,
  PlatformPerson,
  PlatformResult,
  ShopPlatformAdapter,
  TrackingUpdate,
} from '@oms/domain';

/**
 * カラーミーショップ (Color Me Shop, `platform_2`): OAuth2 and the sales API (docs/shop-platforms.md §2, §4.3).
 * Each method makes at most one request; failures come back as values, never thrown.
 *
 * The import window (the cursor) is the sales' update_date: a run freezes its upper bound (now − 1 min)
 * at its first page and pages with offsets under it, from `updatedFrom − 5 min` (an overlap for changes
 * the platform shows late). Orders the cursor already handed out at the same update_date are dropped
 * (`known`), so the overlap costs no repeats; an order that leaves the frozen window while a run pages
 * (it changed) shifts the offsets, which the cursor notices from `meta.total` and steps back for.
 */
export const COLORME_SCOPES = ['read_sales', 'write_sales'] as const;

/** How the cursor is kept (adapter-owned; the import stores it as JSON and hands it back). */
interface ColorMeCursor {
  /** ISO 8601: the window starts here (minus the overlap). */
  updatedFrom: string;
  /** ISO 8601: the frozen upper bound of the run under way; null between runs. */
  runUntil: string | null;
  offset: number;
  /** meta.total at the previous page of this run: a smaller one means orders left the window. */
  total: number | null;
  /** The largest update_date (Unix s) this run has seen. */
  runMax: number | null;
  /** `saleId@update_date` already handed out near `updatedFrom` by earlier runs: dropped when seen again. */
  known: string[];
  /** The same for this run so far (re-read pages after a shift). */
  runKnown: string[];
}

const RUN_MARGIN_MS = 60_000;
const OVERLAP_S = 5 * 60;
/** make_date_min far back: without it the platform answers only the last 7 days' orders. */
const MADE_SINCE = '2000-01-01 00:00:00';
/** The cursor's dedup lists stay small (a repeat past them is harmless: the import upserts). */
const KNOWN_MAX = 500;
/** When a 429 says nothing about when to come back (the answer is undocumented, §2.4). */
const DEFAULT_RETRY_AFTER_MS = 60_000;
const MESSAGE_MAX = 300;
const JST_OFFSET_MS = 9 * 3600 * 1000;

type Json = Record<string, unknown>;

export interface ColorMeAdapterOptions {
  /** One request gives up after this long (→ unavailable). */
  timeoutMs: number;
  /** Sales per page: 50 is safe under both the old (max 50) and the current (max 100) spec. */
  pageSize?: number;
}

export class ColorMeAdapter implements ShopPlatformAdapter {
  readonly platform = 'platform_2' as const;
  /** The platform asks for about 120 requests a minute per token (§2.4). */
  readonly limits: PlatformLimits = { requestsPerInterval: 2, intervalMs: 1000 };
  private readonly timeoutMs: number;
  private readonly pageSize: number;

  constructor({ timeoutMs, pageSize = 50 }: ColorMeAdapterOptions) {
    this.timeoutMs = timeoutMs;
    this.pageSize = Math.min(Math.max(Math.trunc(pageSize), 1), 100);
  }

  readonly oauth = {
    scopes: COLORME_SCOPES,
    authorizeUrl: (endpoint: PlatformEndpoint, input: { clientId: string; redirectUri: string; state: string }): string => {
      const query = new URLSearchParams({
        client_id: input.clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: COLORME_SCOPES.join(' '),
        state: input.state,
      });
      return `${authBase(endpoint)}/oauth/authorize?${query}`;
    },
    exchangeCode: async (
      endpoint: PlatformEndpoint,
      input: { clientId: string; clientSecret: string; redirectUri: string; code: string },
    ): Promise<PlatformResult<{ accessToken: string; scope: string | null }>> => {
      const form = new URLSearchParams({
        client_id: input.clientId,
        client_secret: input.clientSecret,
        code: input.code,
        grant_type: 'authorization_code',
        redirect_uri: input.redirectUri,
      });
      const sent = await this.send('POST', `${authBase(endpoint)}/oauth/token`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (!sent.ok) return sent;
      const { status, text, retryAfter } = sent.value;
      if (status >= 500 || status === 429) return fail(httpError(status, text, retryAfter));
      const body = parseJson(text);
      if (status !== 200) {
        // OAuth errors (RFC 6749 §5.2): our client's credentials are wrong → auth; a bad code → rejected.
        const code = body && typeof body.error === 'string' ? body.error : null;
        const description = body && typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
        const kind = code === 'invalid_client' || code === 'unauthorized_client' ? 'auth' : 'rejected';
        return fail({ kind, message: clip(`Color Me token endpoint refused (${code ?? status})${description}`), platformCode: code ?? undefined, httpStatus: status });
      }
      if (!body || typeof body.access_token !== 'string' || !body.access_token) return fail(protocol('the token answer has no access_token'));
      return { ok: true, value: { accessToken: body.access_token, scope: typeof body.scope === 'string' ? body.scope : null } };
    },
  };

  async testConnection(creds: PlatformCredentials, endpoint: PlatformEndpoint): Promise<PlatformResult<{ shopName: string | null }>> {
    const answer = await this.api(creds, endpoint, 'GET', '/v1/shop.json');
    if (!answer.ok) return answer;
    const shop = asObject(answer.value.shop);
    if (!shop) return fail(protocol('shop.json has no shop'));
    return { ok: true, value: { shopName: typeof shop.title === 'string' && shop.title ? shop.title : null } };
  }

  /** The shop's payment methods (id → name): sales carry only payment_id, so names for the payment mapping come from here. */
  async listPayments(creds: PlatformCredentials, endpoint: PlatformEndpoint): Promise<PlatformResult<{ code: string; name: string }[]>> {
    const answer = await this.api(creds, endpoint, 'GET', '/v1/payments.json');
    if (!answer.ok) return answer;
    if (!Array.isArray(answer.value.payments)) return fail(protocol('payments.json has no payments'));
    const payments = answer.value.payments.map(asObject).filter((p): p is Json => p !== null && p.id !== undefined);
    return { ok: true, value: payments.map((p) => ({ code: String(p.id), name: typeof p.name === 'string' ? p.name : '' })) };
  }

  initialCursor(from: Date): ImportCursor {
    const cursor: ColorMeCursor = { updatedFrom: from.toISOString(), runUntil: null, offset: 0, total: null, runMax: null, known: [], runKnown: [] };
    return cursor as unknown as ImportCursor;
  }

  async fetchChangedOrders(
    creds: PlatformCredentials,
    endpoint: PlatformEndpoint,
    stored: ImportCursor,
    now: Date,
  ): Promise<PlatformResult<ChangedOrdersPage>> {
    const cursor = readCursor(stored);
    if (!cursor) return fail(protocol('the stored import cursor is not a Color Me cursor'));
    const fromS = Math.floor(Date.parse(cursor.updatedFrom) / 1000);
    const runUntilMs = cursor.runUntil === null ? now.getTime() - RUN_MARGIN_MS : Date.parse(cursor.runUntil);
    const untilS = Math.floor(runUntilMs / 1000);
    const query = new URLSearchParams({
      update_date_min: jstParam(fromS - OVERLAP_S),
      update_date_max: jstParam(untilS),
      make_date_min: MADE_SINCE,
      limit: String(this.pageSize),
      offset: String(cursor.offset),
    });
    const answer = await this.api(creds, endpoint, 'GET', `/v1/sales.json?${query}`);
    if (!answer.ok) return answer;
    const meta = asObject(answer.value.meta);
    const sales = answer.value.sales;
    if (!Array.isArray(sales) || !meta || !isCount(meta.total)) return fail(protocol('sales.json has no sales or meta.total'));
    const limit = isCount(meta.limit) && meta.limit > 0 ? meta.limit : this.pageSize;
    const offset = isCount(meta.offset) ? meta.offset : cursor.offset;

    const orders: PlatformOrder[] = [];
    const skip = new Set([...cursor.known, ...cursor.runKnown]);
    let runMax = cursor.runMax;
    const runKnown = [...cursor.runKnown];
    for (const raw of sales) {
      const order = mapSale(raw);
      if (!order.ok) return order;
      const updated = order.value.updateDate;
      runMax = runMax === null ? updated : Math.max(runMax, updated);
      const key = `${order.value.order.ecOrderId}@${updated}`;
      if (skip.has(key)) continue;
      skip.add(key);
      runKnown.push(key);
      orders.push(order.value.order);
    }

    // Orders that changed while the run paged left the frozen window: the later ones moved down by as many.
    const shrunkBy = cursor.total !== null && meta.total < cursor.total ? cursor.total - meta.total : 0;
    const nextOffset = shrunkBy > 0 ? Math.max(0, offset - shrunkBy) : offset + limit;
    if (nextOffset < meta.total) {
      const next: ColorMeCursor = {
        updatedFrom: cursor.updatedFrom,
        runUntil: new Date(untilS * 1000).toISOString(),
        offset: nextOffset,
        total: meta.total,
        runMax,
        known: cursor.known,
        runKnown: runKnown.slice(-KNOWN_MAX),
      };
      return { ok: true, value: { orders, next: next as unknown as ImportCursor, more: true } };
    }
    const nextFromS = Math.max(fromS, runMax ?? untilS);
    const next: ColorMeCursor = {
      updatedFrom: new Date(nextFromS * 1000).toISOString(),
      runUntil: null,
      offset: 0,
      total: null,
      runMax: null,
      known: [...new Set([...cursor.known, ...runKnown])].filter((key) => Number(key.split('@')[1]) >= nextFromS - OVERLAP_S).slice(-KNOWN_MAX),
      runKnown: [],
    };
    return { ok: true, value: { orders, next: next as unknown as ImportCursor, more: false } };
  }

  /**
   * Sets the delivery's slip number and marks it delivered (PUT /v1/sales/{id}.json). The platform keys
   * each delivery by its id and finding it would take a second request, so an update without
   * `ecDeliveryId` is refused here without a request: the import keeps each order's delivery id.
   */
  async sendTracking(creds: PlatformCredentials, endpoint: PlatformEndpoint, update: TrackingUpdate): Promise<PlatformResult<{ confirmedAt: string }>> {
    if (update.ecDeliveryId === null) {
      return fail({ kind: 'rejected', message: 'Color Me needs the delivery id (sale_deliveries[].id) to set a slip number' });
    }
    if (!/^\d+$/.test(update.ecDeliveryId)) return fail({ kind: 'rejected', message: `not a Color Me delivery id: ${clip(update.ecDeliveryId)}` });
    if (!/^\d+$/.test(update.ecOrderId)) return fail({ kind: 'not_found', message: `not a Color Me sale id: ${clip(update.ecOrderId)}` });
    // Only these fields: a change of fees on some payments (Amazon Pay, 楽天ペイ …) would bill the buyer again (§2.3).
    const delivery: Json = { id: Number(update.ecDeliveryId), slip_number: update.trackingNumber, delivered: update.complete };
    if (update.trackingUrl) delivery.tracking_url = update.trackingUrl;
    const answer = await this.api(creds, endpoint, 'PUT', `/v1/sales/${update.ecOrderId}.json`, { sale: { sale_deliveries: [delivery] } });
    if (!answer.ok) return answer;
    return { ok: true, value: { confirmedAt: new Date().toISOString() } };
  }

  /** One authenticated API request; a 2xx JSON object, or the failure's kind. */
  private async api(creds: PlatformCredentials, endpoint: PlatformEndpoint, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<PlatformResult<Json>> {
    if (creds.platform !== 'platform_2' || !creds.accessToken) return fail({ kind: 'auth', message: 'no Color Me access token' });
    const headers: Record<string, string> = { authorization: `Bearer ${creds.accessToken}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const sent = await this.send(method, `${trimSlash(endpoint.apiBaseUrl)}${path}`, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!sent.ok) return sent;
    const { status, text, retryAfter } = sent.value;
    if (status < 200 || status >= 300) return fail(httpError(status, text, retryAfter));
    const json = parseJson(text);
    if (!json) return fail({ ...protocol(`${method} ${path.split('?')[0]} answered ${status} with no JSON object`), httpStatus: status });
    return { ok: true, value: json };
  }

  private async send(
    method: string,
    url: string,
    init: { headers: Record<string, string>; body?: string },
  ): Promise<PlatformResult<{ status: number; text: string; retryAfter: string | null }>> {
    try {
      const res = await fetch(url, { method, headers: init.headers, body: init.body, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
      // The body is read under the same timeout.
      const text = await res.text();
      return { ok: true, value: { status: res.status, text, retryAfter: res.headers.get('retry-after') } };
    } catch (error) {
      // Read by shape: the timeout's DOMException need not be an `Error` of this realm.
      const { name, message: text, cause } = (error ?? {}) as { name?: unknown; message?: unknown; cause?: { message?: unknown } };
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      const message = timedOut ? `no answer within ${this.timeoutMs} ms` : `network error: ${String(cause?.message ?? text ?? error)}`;
      return fail({ kind: 'unavailable', message: clip(`Color Me ${method} ${url.split('?')[0]}: ${message}`) });
    }
  }
}

/** The sale and its update_date (Unix s), which the cursor works on. */
function mapSale(raw: unknown): PlatformResult<{ order: PlatformOrder; updateDate: number }> {
  const sale = asObject(raw);
  if (!sale || !isId(sale.id) || !isCount(sale.make_date) || !isCount(sale.update_date)) {
    return fail(protocol('a sale without id, make_date or update_date'));
  }
  const customer = asObject(sale.customer) ?? {};
  const deliveries = (Array.isArray(sale.sale_deliveries) ? sale.sale_deliveries : []).map(asObject).filter((d): d is Json => d !== null);
  // The spec's types name the lines `detail`, its examples `details`.
  const rawLines = Array.isArray(sale.details) ? sale.details : Array.isArray(sale.detail) ? sale.detail : [];
  const lines = rawLines.map(asObject).filter((d): d is Json => d !== null);
  const paymentCode = sale.payment_id === undefined || sale.payment_id === null ? '' : String(sale.payment_id);

  const order: PlatformOrder = {
    ecOrderId: String(sale.id),
    orderedAt: jstIso(sale.make_date),
    updatedAt: jstIso(sale.update_date),
    state: sale.canceled === true ? 'cancelled' : 'normal',
    paid: sale.paid === true,
    // Sales carry only the id; the names are in GET /v1/payments.json (listPayments).
    paymentMethod: { code: paymentCode, name: '' },
    buyer: { ...person(customer), tel: text(customer.tel) ?? text(customer.tel_mobile), email: text(customer.mail) },
    deliveries: deliveries.map(
      (d): PlatformDelivery => ({
        ...person(d),
        ecDeliveryId: String(d.id),
        preferredDate: isoDate(d.preferred_date),
        preferredPeriod: text(d.preferred_period),
        shipped: d.delivered === true,
        trackingNumber: text(d.slip_number),
      }),
    ),
    lines: lines.map((d): PlatformLine => {
      const price = num(d.price);
      const priceWithTax = num(d.price_with_tax);
      const options = [d.option1_value, d.option2_value].map(text).filter((v): v is string => v !== null);
      return {
        ecDeliveryId: isId(d.sale_delivery_id) ? String(d.sale_delivery_id) : null,
        productId: isId(d.product_id) ? String(d.product_id) : null,
        productCode: text(d.product_model_number),
        // The name with its options as ordered (pristine); the current name when it is missing.
        name: text(d.pristine_product_full_name) ?? text(d.product_name) ?? '',
        options: options.length > 0 ? options.join(' ') : null,
        quantity: num(d.product_num),
        unitPriceWithTax: priceWithTax,
        taxRate: taxRateOf(price, priceWithTax),
      };
    }),
    fees: {
      shipping: num(sale.delivery_total_charge),
      settlement: num(sale.fee),
      other: num(sale.noshi_total_charge) + num(sale.card_total_charge) + num(sale.wrapping_total_charge),
      discount: num(sale.other_discount),
      pointsUsed: num(sale.point_discount) + num(sale.gmo_point_discount),
    },
    total: num(sale.total_price),
    memo: text(sale.memo),
  };
  return { ok: true, value: { order, updateDate: sale.update_date } };
}

function person(p: Json): PlatformPerson {
  const street = [text(p.pref_name), text(p.address1)].filter(Boolean).join('');
  const address2 = text(p.address2);
  const address = [street, address2].filter(Boolean).join(' ');
  return { name: text(p.name) ?? '', kana: text(p.furigana), zip: text(p.postal), address: address || null, tel: text(p.tel) };
}

/** The rate from the prices with and without tax, when exactly one of 10 % and 8 % fits. */
function taxRateOf(price: number, priceWithTax: number): number | null {
  if (price <= 0) return null;
  const fits = [10, 8].filter((rate) => Math.abs((price * (100 + rate)) / 100 - priceWithTax) < 1);
  return fits.length === 1 ? fits[0] : null;
}

function httpError(status: number, body: string, retryAfter: string | null): PlatformError {
  const first = asObject((parseJson(body)?.errors as unknown[] | undefined)?.[0]);
  const platformCode = first && first.code !== undefined ? String(first.code) : undefined;
  const detail = first && typeof first.message === 'string' ? `: ${first.message}` : '';
  const message = clip(`Color Me answered ${status}${platformCode ? ` (${platformCode})` : ''}${detail}`);
  const base = { message, platformCode, httpStatus: status };
  if (status === 401 || status === 403) return { kind: 'auth', ...base };
  if (status === 429) return { kind: 'rate_limited', ...base, retryAfterMs: retryAfterMs(retryAfter) };
  if (status === 404) return { kind: 'not_found', ...base };
  if (status >= 500) return { kind: 'unavailable', ...base };
  if (status >= 400) return { kind: 'rejected', ...base };
  return { kind: 'protocol', ...base };
}

function retryAfterMs(header: string | null): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = header ? Date.parse(header) : NaN;
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - Date.now());
}

function readCursor(stored: ImportCursor): ColorMeCursor | null {
  const c = stored as Partial<ColorMeCursor>;
  if (typeof c?.updatedFrom !== 'string' || Number.isNaN(Date.parse(c.updatedFrom))) return null;
  if (c.runUntil != null && (typeof c.runUntil !== 'string' || Number.isNaN(Date.parse(c.runUntil)))) return null;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    updatedFrom: c.updatedFrom,
    runUntil: c.runUntil ?? null,
    offset: isCount(c.offset) ? c.offset : 0,
    total: isCount(c.total) ? c.total : null,
    runMax: isCount(c.runMax) ? c.runMax : null,
    known: strings(c.known),
    runKnown: strings(c.runKnown),
  };
}

/** Unix seconds as the date parameters take them: `YYYY-MM-DD HH:mm:ss`, JST ([assumed], §2.2). */
function jstParam(seconds: number): string {
  return new Date(seconds * 1000 + JST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function jstIso(seconds: number): string {
  return `${new Date(seconds * 1000 + JST_OFFSET_MS).toISOString().slice(0, 19)}+09:00`;
}

function isoDate(value: unknown): string | null {
  const match = typeof value === 'string' ? /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(value) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function authBase(endpoint: PlatformEndpoint): string {
  return trimSlash(endpoint.authBaseUrl ?? endpoint.apiBaseUrl);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function parseJson(text: string): Json | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

function asObject(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value : null;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isId(value: unknown): value is number | string {
  return (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'string' && /^\d+$/.test(value));
}

function protocol(message: string): PlatformError {
  return { kind: 'protocol', message: clip(`Color Me: ${message}`) };
}

function fail(error: PlatformError): { ok: false; error: PlatformError } {
  return { ok: false, error };
}

function clip(message: string): string {
  return message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1)}…` : message;
}

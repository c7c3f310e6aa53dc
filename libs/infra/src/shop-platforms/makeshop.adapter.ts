import type {
  ChangedOrdersPage,
  ImportCursor,
  PlatformCredentials,
  PlatformDelivery,
  PlatformEndpoint,
  PlatformError,
  PlatformErrorKind,
  PlatformLimits,
  PlatformLine,
  PlatformOrder,
  PlatformPerson,
  PlatformResult,
  ShopPlatformAdapter,
  TrackingUpdate,
} from '@oms/domain';
import { XMLParser } from 'fast-xml-parser';
import iconv from 'iconv-lite';

/**
 * Platform 1, MakeShop, through its legacy XML order API (docs/shop-platforms.md §1): `cmd=get` reads
 * orders by order date (at most 100 an answer, no paging), `cmd=deliver` sets a delivery's tracking
 * number. Where MakeShop's public docs are silent (error answers, codes), what we expect is marked
 * [assumed] and matches the local stand-in (apps/devstack/src/makeshop-standin.mjs).
 */

const ORDER_API_PATH = '/api/orderinfo/index.html';
/** "最大100件まで出力されます" (§1.3): an answer this full may have left orders out. */
const MAX_ORDERS_PER_ANSWER = 100;
/** Leave the last minute alone: orders still being written there would be read half-done. */
const RUN_END_MARGIN_MS = 60_000;
const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;
/** Any ordernum that no shop has (≤ 26 characters): testConnection only wants to know we may ask. */
const CONNECTION_TEST_ORDERNUM = 'P0000000000000000000';
/** cmd=deliver's `status`: 3 = 配送完了 (shipped) (§1.5). */
const DELIVERY_STATUS_SHIPPED = '3';
/** 配送準備中: some of an order's parts have shipped, not all (their codes are sent already). */
const DELIVERY_STATUS_PREPARING = '2';

// [assumed] How MakeShop words its refusals; the real answers are [not found] (§1.6, §1.7). The stand-in
// answers these words; check them against a real shop before going live.
const BLOCKED_MARKERS = ['遮断', 'blocked'];
const AUTH_ERROR_MARKERS = ['認証', 'auth'];
const NOT_FOUND_MARKERS = ['見つかりません', '存在しません', 'not found'];
const NOT_FOUND_CODES = ['404'];

/**
 * 配送業者コード (§1.5, from a third party's copy of the official table) for our delivery companies'
 * names; the more specific names first. A name we do not know is sent without a carrier code.
 */
const CARRIER_CODES: readonly [RegExp, string][] = [
  [/ネコポス/, '030'],
  [/宅急便コンパクト/, '029'],
  [/クロネコ\s*DM/i, '031'],
  [/ヤマト|クロネコ/, '002'],
  [/佐川/, '003'],
  [/セイノースーパーエクスプレス/, '021'],
  [/西濃/, '006'],
  [/福山/, '007'],
  [/名鉄/, '013'],
  [/トナミ/, '017'],
  [/第一貨物/, '024'],
  [/新潟運輸/, '022'],
  [/ゆうパケット/, '025'],
  [/クリックポスト/, '027'],
  [/スマートレター/, '028'],
  [/ゆうパック|日本郵便/, '001'],
  [/^DHL/i, '023'],
  [/^EMS/i, '008'],
];

export interface MakeShopAdapterOptions {
  /** One request gives up after this long (SHOP_PLATFORM_TIMEOUT_MS). */
  timeoutMs: number;
  /** Every run reads this many days of order dates again to see changes (MAKESHOP_LOOKBACK_DAYS). */
  lookbackDays: number;
  /** Our name in the `service` parameter (the calling system's name). */
  serviceName: string;
}

/**
 * Where an import stands (§4.3). The API searches by order date only, so a run reads the order dates
 * [runFrom, runUntil] and the next run starts `lookbackDays` before this one's end, to see changes.
 * `windows` is a stack of order-date ranges this run still has to read; `runUntil` is null until the
 * run's first call freezes it. Times are ISO 8601 (UTC), whole seconds, both ends inclusive.
 */
type MakeShopCursor = {
  /** The connection's start: no run reads before it. */
  importFrom: string;
  runFrom: string;
  runUntil: string | null;
  windows: [string, string][];
};

type XmlNode = Record<string, unknown>;

export class MakeShopAdapter implements ShopPlatformAdapter {
  readonly platform = 'platform_1' as const;
  /** "リクエストは1秒間に1回まで", for every API of the shop together, and serial (§1.6). */
  readonly limits: PlatformLimits = { requestsPerInterval: 1, intervalMs: 1000 };

  constructor(private readonly options: MakeShopAdapterOptions) {}

  async testConnection(creds: PlatformCredentials, endpoint: PlatformEndpoint): Promise<PlatformResult<{ shopName: string | null }>> {
    const answer = await this.call(creds, endpoint, { cmd: 'get', ordernum: CONNECTION_TEST_ORDERNUM, canceled: '1' });
    if (!answer.ok) return answer;
    const orders = readOrders(answer.value);
    // The order API does not tell the shop's name.
    return orders.ok ? { ok: true, value: { shopName: null } } : orders;
  }

  initialCursor(from: Date): ImportCursor {
    const start = isoSeconds(from.getTime());
    const cursor: MakeShopCursor = { importFrom: start, runFrom: start, runUntil: null, windows: [] };
    return cursor;
  }

  async fetchChangedOrders(
    creds: PlatformCredentials,
    endpoint: PlatformEndpoint,
    cursor: ImportCursor,
    now: Date,
  ): Promise<PlatformResult<ChangedOrdersPage>> {
    const position = readCursor(cursor);
    if (!position) return fail('protocol', 'The stored MakeShop import position cannot be read.');
    const { importFrom, runFrom } = position;
    let { runUntil, windows } = position;
    if (runUntil === null) {
      // The run's first call: freeze its end, so the windows do not move while it pages.
      runUntil = isoSeconds(now.getTime() - RUN_END_MARGIN_MS);
      windows = Date.parse(runFrom) <= Date.parse(runUntil) ? [[runFrom, runUntil]] : [];
    }
    windows = [...windows];
    const window = windows.pop();
    const nextRun = (): MakeShopCursor => ({
      importFrom,
      runFrom: isoSeconds(Math.max(Date.parse(importFrom), Date.parse(runUntil!) - this.options.lookbackDays * DAY_MS)),
      runUntil: null,
      windows: [],
    });
    if (!window) return { ok: true, value: { orders: [], next: nextRun(), more: false } };

    const [from, to] = window;
    const answer = await this.call(creds, endpoint, { cmd: 'get', start: compactJst(Date.parse(from)), end: compactJst(Date.parse(to)), canceled: '1' });
    if (!answer.ok) return answer;
    const orders = readOrders(answer.value);
    if (!orders.ok) return orders;

    const fromMs = Date.parse(from);
    const toMs = Date.parse(to);
    // A full answer may have left orders out: read both halves again (the orders read are still
    // handed on; the import's upsert absorbs the repeat). A one-second window cannot be narrowed.
    if (orders.value.length >= MAX_ORDERS_PER_ANSWER && toMs - fromMs >= 1000) {
      const mid = fromMs + Math.floor((toMs - fromMs) / 2000) * 1000;
      windows.push([isoSeconds(mid + 1000), to], [from, isoSeconds(mid)]); // the older half is read first
    }
    const more = windows.length > 0;
    const next: MakeShopCursor = more ? { importFrom, runFrom, runUntil, windows } : nextRun();
    return { ok: true, value: { orders: orders.value, next, more } };
  }

  async sendTracking(creds: PlatformCredentials, endpoint: PlatformEndpoint, update: TrackingUpdate): Promise<PlatformResult<{ confirmedAt: string }>> {
    const carrier = makeShopCarrierCode(update.carrierName);
    const answer = await this.call(creds, endpoint, {
      cmd: 'deliver',
      ordernum: update.ecOrderId,
      deliveryid: update.ecDeliveryId ?? '0',
      status: update.complete ? DELIVERY_STATUS_SHIPPED : DELIVERY_STATUS_PREPARING,
      ...(carrier ? { carrier } : {}),
      deliverynum: update.trackingNumber,
      // We tell the buyer ourselves (or not): MakeShop's own shipping mail stays off.
      send_mail: '0',
    });
    if (!answer.ok) return answer;
    const response = answer.value['response'];
    if (!isNode(response)) return fail('protocol', 'MakeShop answered cmd=deliver without a <response>.');
    const message = text(response['message']);
    const code = text(response['code']);
    if (message.toUpperCase() === 'OK') return { ok: true, value: { confirmedAt: new Date().toISOString() } };
    const notFound = NOT_FOUND_CODES.includes(code) || hasMarker(message, NOT_FOUND_MARKERS);
    return fail(notFound ? 'not_found' : 'rejected', `MakeShop refused the tracking number: ${message || '(no message)'}`, { platformCode: code || undefined });
  }

  /**
   * One request to the order API, read as XML. Refusals (blocked, bad credentials, outage) become
   * errors here; what a good answer holds is the caller's to read. The URL carries the auth code, so
   * it never goes into a message.
   */
  private async call(creds: PlatformCredentials, endpoint: PlatformEndpoint, params: Record<string, string>): Promise<PlatformResult<XmlNode>> {
    if (creds.platform !== 'platform_1') return fail('auth', 'These are not MakeShop credentials.');
    const query = new URLSearchParams({ ...params, shopid: creds.shopId, token: creds.orderAuthCode, service: this.options.serviceName });
    const url = `${endpoint.apiBaseUrl.replace(/\/+$/, '')}${ORDER_API_PATH}?${query}`;
    let status: number;
    let bytes: Buffer;
    let headers: Headers;
    try {
      const response = await fetch(url, { headers: { accept: 'application/xml, text/xml' }, signal: AbortSignal.timeout(this.options.timeoutMs) });
      status = response.status;
      headers = response.headers;
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      // By name, not instanceof: fetch's DOMException may come from another realm.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      return fail('unavailable', timedOut ? `MakeShop did not answer within ${this.options.timeoutMs} ms.` : `MakeShop could not be reached (${networkReason(error)}).`);
    }

    if (status === 429) {
      return fail('rate_limited', 'MakeShop refused the request as too frequent.', { httpStatus: status, retryAfterMs: retryAfterMs(headers.get('retry-after')) ?? this.limits.intervalMs });
    }
    if (status >= 500) return fail('unavailable', `MakeShop answered HTTP ${status}.`, { httpStatus: status });

    const document = parseXml(decodeMakeShopXml(bytes, headers.get('content-type')));
    const message = document ? topMessage(document) : '';
    if (hasMarker(message, BLOCKED_MARKERS)) {
      return fail('rate_limited', `MakeShop refused the request as too frequent: ${message}`, { httpStatus: status, retryAfterMs: this.limits.intervalMs });
    }
    if (status === 401 || status === 403 || hasMarker(message, AUTH_ERROR_MARKERS)) {
      return fail('auth', `MakeShop refused the shop id or the order auth code${message ? `: ${message}` : '.'}`, { httpStatus: status });
    }
    if (status === 404) return fail('protocol', 'MakeShop has no order API at this address (HTTP 404).', { httpStatus: status });
    if (status < 200 || status >= 300) return fail('rejected', `MakeShop answered HTTP ${status}${message ? `: ${message}` : '.'}`, { httpStatus: status });
    if (!document) return fail('protocol', 'MakeShop answered something that is not XML.', { httpStatus: status });
    return { ok: true, value: document };
  }
}

/** The carrier code MakeShop wants for one of our delivery companies' names (or the code itself). */
export function makeShopCarrierCode(carrierName: string | null): string | null {
  const name = carrierName?.trim() ?? '';
  if (/^\d{3}$/.test(name)) return name;
  return CARRIER_CODES.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

// ---- reading the answer ----

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // Keep every value a string: order numbers, zip codes and product ids have leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** The answer's text: the encoding its XML declaration names, else the header's charset, else UTF-8. */
export function decodeMakeShopXml(bytes: Buffer, contentType: string | null): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']/.exec(head)?.[1];
  const fromHeader = /charset\s*=\s*"?([A-Za-z0-9_.:-]+)/i.exec(contentType ?? '')?.[1];
  const encoding = [declared, fromHeader].find((name) => name && iconv.encodingExists(name)) ?? 'utf-8';
  return iconv.decode(bytes, encoding);
}

function parseXml(xml: string): XmlNode | null {
  if (!/^\s*</.test(xml)) return null;
  try {
    const document: unknown = xmlParser.parse(xml, true);
    return isNode(document) && Object.keys(document).length > 0 ? document : null;
  } catch {
    return null;
  }
}

/**
 * The orders of a `cmd=get` answer, mapped to the platform-neutral shape. An answer
 * without orders carries only a <message>. Exported to test the mapping on hand-written answers.
 */
export function readMakeShopOrders(xml: string): PlatformResult<PlatformOrder[]> {
  const document = parseXml(xml);
  if (!document) return fail('protocol', 'MakeShop answered something that is not XML.');
  const message = topMessage(document);
  if (hasMarker(message, BLOCKED_MARKERS)) return fail('rate_limited', `MakeShop refused the request as too frequent: ${message}`);
  if (hasMarker(message, AUTH_ERROR_MARKERS)) return fail('auth', `MakeShop refused the shop id or the order auth code: ${message}`);
  return readOrders(document);
}

function readOrders(document: XmlNode): PlatformResult<PlatformOrder[]> {
  const root = document['orders'];
  if (root === undefined) return fail('protocol', 'MakeShop answered without <orders>.');
  if (!isNode(root)) return { ok: true, value: [] }; // <orders/> or <orders>text</orders>: nothing in it
  const orders: PlatformOrder[] = [];
  for (const node of asArray(root['order'])) {
    try {
      orders.push(mapOrder(node));
    } catch (error) {
      if (error instanceof UnreadableOrder) return fail('protocol', error.message);
      throw error;
    }
  }
  return { ok: true, value: orders };
}

/** An order we cannot import as it is written: the page fails as `protocol`, nothing is guessed. */
class UnreadableOrder extends Error {}

function mapOrder(node: unknown): PlatformOrder {
  if (!isNode(node)) throw new UnreadableOrder('MakeShop sent an empty <order>.');
  const ecOrderId = text(node['ordernum']);
  if (!ecOrderId) throw new UnreadableOrder('MakeShop sent an order without <ordernum>.');
  const where = `order ${ecOrderId}`;
  const orderedAt = jstDateTimeToIso(text(node['date']));
  if (!orderedAt) throw new UnreadableOrder(`MakeShop's ${where} has no readable <date> (${text(node['date']) || 'empty'}).`);

  const buyer = asNode(node['buyer']);
  const detail = asNode(node['orderdetail']);
  const deliveryNodes = asArray(asNode(node['deliveries'])['delivery']).map(asNode);
  const deliveries = deliveryNodes.map((delivery): PlatformDelivery => ({
    ...person(delivery),
    ecDeliveryId: text(delivery['delivery_id']) || '0',
    preferredDate: plainDate(text(delivery['deliverydate'])),
    preferredPeriod: text(delivery['deliverytime']) || null,
    shipped: text(delivery['delivery_status']) === DELIVERY_STATUS_SHIPPED || plainDate(text(delivery['shipping_date'])) !== null,
    trackingNumber: text(delivery['deliverynum']) || null,
  }));

  // The lines per destination when the XML gives them; else the order's, on its only destination.
  const perDelivery = deliveryNodes.some((delivery) => delivery['commodities'] !== undefined);
  const lines = perDelivery
    ? deliveryNodes.flatMap((delivery, i) => commodities(delivery['commodities'], deliveries[i].ecDeliveryId, where))
    : commodities(detail['commodities'], deliveries.length === 1 ? deliveries[0].ecDeliveryId : null, where);

  const paymethod = node['paymethod'];
  const paymentName = text(paymethod);
  const paymentCode = isNode(paymethod) ? text(paymethod['@_type']) : '';
  return {
    ecOrderId,
    orderedAt,
    updatedAt: null, // the XML keeps no update time
    state: orderState(text(node['status']), where),
    paid: text(node['payment_status']) === '1',
    paymentMethod: { code: paymentCode || paymentName, name: paymentName },
    buyer: { ...person(buyer), email: text(buyer['email']) || null },
    deliveries,
    lines,
    fees: {
      shipping: yen(detail['carriage'], `${where} carriage`),
      // <commission><content>330</content></commission>, or the amount alone; absent when the shop has none.
      settlement: yen(isNode(detail['commission']) && detail['commission']['content'] !== undefined ? detail['commission']['content'] : detail['commission'], `${where} commission`),
      other: 0,
      discount: yen(detail['bulk'], `${where} bulk`) + yen(detail['coupon'], `${where} coupon`),
      pointsUsed: yen(detail['usepoint'], `${where} usepoint`),
    },
    total: yen(detail['sumprice'], `${where} sumprice`),
    memo: memoOf(node),
  };
}

function orderState(status: string, where: string): PlatformOrder['state'] {
  switch (status) {
    case '0':
      return 'cancelled';
    case '1':
      return 'normal';
    case '99':
      return 'provisional'; // 仮注文: payment not complete; MakeShop deletes it if it never is
    default:
      throw new UnreadableOrder(`MakeShop's ${where} has an unknown <status> (${status || 'empty'}).`);
  }
}

function person(node: XmlNode): PlatformPerson {
  // MakeShop keeps the prefecture, city, street and the rest apart; our orders keep one line.
  const address = ['area', 'city', 'street', 'address'].map((key) => text(node[key])).join('');
  return {
    name: text(node['name']),
    kana: text(node['kana']) || null,
    zip: text(node['zip']) || null,
    address: address || null,
    tel: text(node['tel']) || null,
  };
}

function commodities(node: unknown, ecDeliveryId: string | null, where: string): PlatformLine[] {
  return asArray(asNode(node)['commodity'])
    .map(asNode)
    .map((commodity) => {
      const option = text(commodity['nameoption']) || text(commodity['option']);
      const taxRate = text(commodity['consumption_tax_rate']);
      return {
        ecDeliveryId,
        productId: text(commodity['brandcode']) || null,
        // The variant's own code says more than the product's.
        productCode: text(commodity['orgoptioncode']) || text(commodity['orgcode']) || null,
        name: text(commodity['name']),
        options: option || null,
        quantity: yen(commodity['amount'], `${where} amount`),
        // [assumed] tax included: the sources disagree (§1.4).
        unitPriceWithTax: yen(commodity['price'], `${where} price`),
        taxRate: /^\d+(\.\d+)?$/.test(taxRate) ? Number(taxRate) : null,
      };
    });
}

function memoOf(order: XmlNode): string | null {
  const notes = asArray(asNode(order['notes'])['note'])
    .map(asNode)
    .map((note) => [text(note['title']), text(note['content'])].filter(Boolean).join(': '))
    .filter(Boolean);
  const memo = [text(order['ordermemo']), ...notes].filter(Boolean).join('\n');
  return memo || null;
}

// ---- small readers of the parsed XML ----

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asNode(value: unknown): XmlNode {
  return isNode(value) ? value : {};
}

/** One element is not an array after parsing, many are: read both the same. */
function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** An element's text, whether it came as a string or as a node with attributes. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value)) return text(value['#text']);
  if (Array.isArray(value)) return text(value[0]);
  return '';
}

/** Whole yen (or a count); empty is 0. "1,100" reads as 1100. */
function yen(value: unknown, what: string): number {
  const raw = text(value).replace(/,/g, '');
  if (raw === '') return 0;
  const amount = Number(raw);
  if (!Number.isFinite(amount)) throw new UnreadableOrder(`MakeShop's ${what} is not a number (${raw}).`);
  return Math.round(amount);
}

/** The first <message> at the top of an answer (errors and "no orders" both carry one). */
function topMessage(document: XmlNode): string {
  if (document['message'] !== undefined) return text(document['message']);
  for (const value of Object.values(document)) if (isNode(value) && value['message'] !== undefined) return text(value['message']);
  return '';
}

function hasMarker(message: string, markers: readonly string[]): boolean {
  const lower = message.toLowerCase();
  return message !== '' && markers.some((marker) => lower.includes(marker.toLowerCase()));
}

// ---- dates: MakeShop speaks Japan time ----

/** "2026-11-20 10:33:09" (or with slashes, or compact) in Japan time -> "2026-11-20T10:33:09+09:00". */
function jstDateTimeToIso(value: string): string | null {
  const m = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})$/.exec(value);
  if (!m || m[1] === '0000') return null;
  const [, y, mo, d, h, mi, s] = m;
  const check = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`);
  return Number.isNaN(check.getTime()) ? null : `${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`;
}

/** "2026-11-25", "2026/11/25" or "20261125" -> "2026-11-25"; "0000-00-00" and empty mean unset. */
function plainDate(value: string): string | null {
  const m = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})/.exec(value);
  if (!m || m[1] === '0000' || m[2] === '00' || m[3] === '00') return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** `yyyymmddhhmmss` in Japan time, as `start` and `end` want it. */
function compactJst(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 19).replace(/\D/g, '');
}

function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

function readCursor(cursor: ImportCursor): MakeShopCursor | null {
  const { importFrom, runFrom, runUntil, windows } = cursor as Partial<Record<keyof MakeShopCursor, unknown>>;
  const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
  if (!isTime(importFrom) || !isTime(runFrom) || !(runUntil === null || isTime(runUntil))) return null;
  if (!Array.isArray(windows) || !windows.every((w) => Array.isArray(w) && w.length === 2 && isTime(w[0]) && isTime(w[1]))) return null;
  return { importFrom, runFrom, runUntil, windows: windows as [string, string][] };
}

// ---- errors ----

function fail<T>(kind: PlatformErrorKind, message: string, extra: Omit<PlatformError, 'kind' | 'message'> = {}): PlatformResult<T> {
  return { ok: false, error: { kind, message, ...extra } };
}

function networkReason(error: unknown): string {
  const { cause, message } = (error ?? {}) as { cause?: { code?: string; message?: string }; message?: string };
  return cause?.code ?? cause?.message ?? message ?? String(error);
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

// Local stand-in for カラーミーショップ (Color Me Shop): its OAuth2 server and the part of its REST API
// the order import uses (docs/shop-platforms.md §2, §5.2). One base URL serves both, as the real
// api.shop-pro.jp does. Plain node:http, no dependencies, state in memory. Never expose it beyond
// this machine: it listens on a loopback address only.
//
// Usage as a module: `await startColorMeStandin({ port, host, clients, tokens, perMinute, pageMax, autoApprove })`
// → { url, close }.
// Usage as a process: STANDIN_PORT, STANDIN_HOST, COLORME_STANDIN_CLIENTS (JSON array of
// { client_id, client_secret, redirect_uris }), COLORME_STANDIN_PER_MINUTE (default 120),
// COLORME_STANDIN_PAGE_MAX (default 50), COLORME_STANDIN_AUTO_APPROVE=1 → prints `COLORME_STANDIN_READY <url>`.
//
// What it speaks:
// - GET /oauth/authorize → an approve/deny page (POST /oauth/authorize/decision) → redirect_uri?code=&state=
//   (or ?error=access_denied&state=). Each approval makes a shop of its own; the token belongs to it.
// - POST /oauth/token (form) → {access_token, token_type:"bearer", scope}; the code lives 10 minutes, once.
// - /v1/shop, /v1/payments, /v1/sales, /v1/sales/{id} (GET), /v1/sales/{id} (PUT sale_deliveries), with or
//   without `.json`; Bearer token; 401010 for a missing, unknown or revoked token or a missing scope.
// - A per-token rate limit (perMinute in a sliding 60 s window): a request over it is a violation, counted,
//   and refused with 429 (the real answer is not documented: see RATE_LIMITED below).
// - The control API under /__standin/ (apps/api/test/support/shop-standins.ts): tokens, clients, orders,
//   outages, stats, reset.
//
// Times: make_date / update_date are Unix seconds, as on the platform. Every change takes its
// update_date from a monotonic clock (each strictly later than the one before), so a cursor on
// update_date neither misses a change nor sees the same one forever. A seeded order with an
// `orderedAt` keeps that time as both dates (a new order nobody changed since).

import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const CODE_TTL_MS = 10 * 60 * 1000;
const RATE_WINDOW_MS = 60 * 1000;
const KNOWN_SCOPES = ['read_products', 'write_products', 'read_sales', 'write_sales', 'read_shop_coupons'];
const DEFAULT_TOKEN_SCOPES = ['read_sales', 'write_sales'];
const JST_OFFSET_S = 9 * 3600;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

// [assumed] The platform documents no answer for "too many requests" (§2.4): this one, in one place.
const RATE_LIMITED = {
  status: 429,
  body: { errors: [{ code: 429000, message: 'Too Many Requests', status: 429 }] },
  /** Seconds until the token's oldest request in the window leaves it. */
  retryAfterSeconds: (oldestMs, nowMs) => Math.max(1, Math.ceil((oldestMs + RATE_WINDOW_MS - nowMs) / 1000)),
};

const UNAUTHORIZED = {
  errors: [
    {
      code: 401010,
      message: 'このリソースにアクセスできません。有効なアクセストークンが見つからないか、必要なスコープが付与されていません。',
      status: 401,
    },
  ],
};
const NOT_FOUND = { errors: [{ code: 404100, message: 'レコードが見つかりませんでした。', status: 404 }] };
const apiError = (status, code, message) => ({ errors: [{ code, message, status }] });

const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県',
  '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県',
  '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県',
  '香川県', '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
];

const DEFAULT_PAYMENTS = [
  { id: 751, name: 'クレジットカード' },
  { id: 752, name: '代金引換' },
  { id: 753, name: '銀行振込' },
];

/** A bad request to the control API or the platform API: answered, never a 500. */
class BadRequest extends Error {
  constructor(message, status = 400) {
    super(message);
    this.status = status;
  }
}

function htmlEscape(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BadRequest('request body too large', 413));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function readJson(req) {
  const text = await readBody(req);
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest('body is not JSON');
  }
}

async function readForm(req) {
  return new URLSearchParams(await readBody(req));
}

function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function sendHtml(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

function redirect(res, location) {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A date parameter as the platform takes it: Unix seconds, `YYYY-MM-DD` or `YYYY/MM/DD` with an optional
 * ` HH:mm[:ss]` (JST, [assumed]), or ISO 8601 with an offset. A date alone is the day's start for a
 * lower bound and its last second for an upper one. → Unix seconds.
 */
function parseDateParam(name, value, edge) {
  if (/^\d+$/.test(value)) return Number(value);
  const local = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    const dayOnly = h === undefined;
    const utc = Date.UTC(+y, +mo - 1, +d, dayOnly ? (edge === 'max' ? 23 : 0) : +h, dayOnly ? (edge === 'max' ? 59 : 0) : +mi, dayOnly ? (edge === 'max' ? 59 : 0) : +(s ?? 0));
    if (Number.isNaN(utc)) throw new BadRequest(`${name} is not a date`, 422);
    return Math.floor(utc / 1000) - JST_OFFSET_S;
  }
  const parsed = Date.parse(value);
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) && !Number.isNaN(parsed)) return Math.floor(parsed / 1000);
  throw new BadRequest(`${name} is not a date`, 422);
}

/** Midnight (JST) seven days before `s`: the platform's default lower bound on make_date. */
function sevenDaysBeforeAtMidnight(s) {
  const jstDay = Math.floor((s + JST_OFFSET_S) / 86400) - 7;
  return jstDay * 86400 - JST_OFFSET_S;
}

function splitAddress(address) {
  const text = String(address ?? '').trim();
  const pref = PREFECTURES.find((p) => text.startsWith(p));
  const rest = pref ? text.slice(pref.length) : text;
  const space = rest.search(/[ \u3000]/);
  return {
    pref_id: pref ? PREFECTURES.indexOf(pref) + 1 : null,
    pref_name: pref ?? null,
    address1: space < 0 ? rest : rest.slice(0, space),
    address2: space < 0 ? null : rest.slice(space + 1).trim() || null,
  };
}

function intParam(params, name, fallback) {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new BadRequest(`${name} must be a non-negative integer`, 422);
  return Number(raw);
}

function boolParam(params, name) {
  const raw = params.get(name);
  if (raw === null || raw === '') return null;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new BadRequest(`${name} must be true or false`, 422);
}

export async function startColorMeStandin({
  port = 0,
  host = '127.0.0.1',
  clients = [],
  tokens = [],
  perMinute = 120,
  pageMax = 50,
  autoApprove = false,
} = {}) {
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`colorme stand-in: listens on loopback only, not ${host}`);
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error('colorme stand-in: perMinute must be a positive integer');
  if (!Number.isInteger(pageMax) || pageMax < 1) throw new Error('colorme stand-in: pageMax must be a positive integer');

  let state;
  function freshState() {
    state = {
      clients: new Map(),
      shops: new Map(), // shop id → { id, title, payments: Map<id, name> }
      tokens: new Map(), // token → { token, shopId, scopes: string[], revoked }
      codes: new Map(), // code → { clientId, redirectUri, scopes, shopId, expiresAt, used }
      sales: new Map(), // sale id (number) → the sale, in the platform's JSON shape
      rateWindows: new Map(), // token → request times (ms) inside the window
      outage: { remaining: 0, status: null, delayMs: 0 },
      stats: { requests: 0, violations: 0, maxConcurrent: 0, trackingUpdates: [] },
      inFlight: 0,
      lastStamp: 0,
      next: { shop: 1, sale: 10000001, delivery: 20000001, detail: 30000001 },
    };
    for (const client of clients) addClient(client);
    for (const t of tokens) addToken(t);
  }

  /** The monotonic clock of changes: Unix seconds, each strictly later than the previous. */
  function tick() {
    state.lastStamp = Math.max(Math.floor(Date.now() / 1000), state.lastStamp + 1);
    return state.lastStamp;
  }

  function addClient(client) {
    const { client_id, client_secret, redirect_uris } = client ?? {};
    if (typeof client_id !== 'string' || !client_id || typeof client_secret !== 'string' || !client_secret) {
      throw new BadRequest('a client needs client_id and client_secret');
    }
    if (!Array.isArray(redirect_uris) || redirect_uris.length === 0 || !redirect_uris.every((u) => typeof u === 'string')) {
      throw new BadRequest('a client needs redirect_uris (an array of URLs)');
    }
    state.clients.set(client_id, { client_id, client_secret, redirect_uris: [...redirect_uris] });
  }

  function addShop(title) {
    const n = state.next.shop++;
    const id = `PA${String(n).padStart(8, '0')}`;
    const shop = {
      id,
      title: typeof title === 'string' && title.trim() ? title.trim() : `テストショップ${n}`,
      payments: new Map(DEFAULT_PAYMENTS.map((p) => [p.id, p.name])),
    };
    state.shops.set(id, shop);
    return shop;
  }

  function parseScopes(scopes) {
    const list = Array.isArray(scopes) ? scopes : String(scopes ?? '').split(/[\s+]+/);
    return [...new Set(list.map((s) => String(s).trim()).filter(Boolean))];
  }

  function addToken({ token, scopes, shopTitle, shopId } = {}) {
    const value = typeof token === 'string' && token ? token : randomBytes(32).toString('hex');
    if (state.tokens.has(value)) throw new BadRequest(`token ${value} exists`, 409);
    let shop;
    if (shopId !== undefined) {
      shop = state.shops.get(shopId);
      if (!shop) throw new BadRequest(`no shop ${shopId}`, 404);
    } else {
      shop = addShop(shopTitle);
    }
    const scopeList = scopes === undefined ? DEFAULT_TOKEN_SCOPES : parseScopes(scopes);
    state.tokens.set(value, { token: value, shopId: shop.id, scopes: scopeList, revoked: false });
    return { token: value, shopId: shop.id };
  }

  function shopOfToken(token) {
    const entry = state.tokens.get(token);
    if (!entry) throw new BadRequest(`no token ${token}`, 404);
    return state.shops.get(entry.shopId);
  }

  /** A seeded order (StandinOrderSeed) written as Color Me writes a sale: one delivery, its lines. */
  function addSale(shop, seed, batchStamp) {
    if (!seed || typeof seed !== 'object') throw new BadRequest('an order must be an object');
    let id;
    if (seed.ecOrderId !== undefined && seed.ecOrderId !== null) {
      if (!/^[1-9]\d{0,14}$/.test(String(seed.ecOrderId))) throw new BadRequest('ecOrderId must be a number (a sale id)');
      id = Number(seed.ecOrderId);
      if (state.sales.has(id)) throw new BadRequest(`sale ${id} exists`, 409);
      state.next.sale = Math.max(state.next.sale, id + 1);
    } else {
      id = state.next.sale++;
    }
    let stamp = batchStamp;
    if (seed.orderedAt !== undefined) {
      const ms = Date.parse(seed.orderedAt);
      if (Number.isNaN(ms)) throw new BadRequest('orderedAt must be an ISO 8601 date-time');
      stamp = Math.floor(ms / 1000);
      state.lastStamp = Math.max(state.lastStamp, stamp);
    }
    const paymentId = seed.paymentCode === undefined ? DEFAULT_PAYMENTS[0].id : Number(seed.paymentCode);
    if (!Number.isInteger(paymentId) || paymentId <= 0) throw new BadRequest('paymentCode must be a payment id (a number)');
    if (!shop.payments.has(paymentId) || seed.paymentName) {
      shop.payments.set(paymentId, seed.paymentName || shop.payments.get(paymentId) || `決済方法${paymentId}`);
    }
    if (!Array.isArray(seed.lines) || seed.lines.length === 0) throw new BadRequest('an order needs lines');

    const deliveryId = state.next.delivery++;
    const details = seed.lines.map((line) => {
      if (!line || typeof line.name !== 'string') throw new BadRequest('a line needs a name');
      if (line.productId !== null && line.productId !== undefined && !/^\d{1,12}$/.test(String(line.productId))) {
        throw new BadRequest('productId must be digits (the product id)');
      }
      const quantity = Number(line.quantity);
      const priceWithTax = Number(line.unitPrice);
      if (!Number.isInteger(quantity) || quantity < 1) throw new BadRequest('quantity must be a positive integer');
      if (!Number.isInteger(priceWithTax) || priceWithTax < 0) throw new BadRequest('unitPrice must be a non-negative integer (yen, tax included)');
      // Seeds give the price with tax (10 %); the platform also shows the price without it.
      const price = Math.round(priceWithTax / 1.1);
      return {
        id: state.next.detail++,
        sale_id: id,
        account_id: shop.id,
        product_id: line.productId === null || line.productId === undefined ? null : Number(line.productId),
        sale_delivery_id: deliveryId,
        option1_value: null,
        option2_value: null,
        option1_index: null,
        option2_index: null,
        product_model_number: line.productCode ?? null,
        product_name: line.name,
        pristine_product_full_name: line.name,
        product_cost: null,
        price,
        price_with_tax: priceWithTax,
        product_num: quantity,
        unit: null,
        subtotal_price: priceWithTax * quantity,
      };
    });
    const productTotal = details.reduce((sum, d) => sum + d.subtotal_price, 0);
    const tax = details.reduce((sum, d) => sum + (d.price_with_tax - d.price) * d.product_num, 0);
    const shipping = Number(seed.shippingFee ?? 0);
    const settlement = Number(seed.settlementFee ?? 0);
    if (!Number.isInteger(shipping) || shipping < 0 || !Number.isInteger(settlement) || settlement < 0) {
      throw new BadRequest('shippingFee and settlementFee must be non-negative integers');
    }
    const address = splitAddress(seed.address ?? '東京都渋谷区桜丘町26-1 セルリアンタワー');
    const name = seed.buyerName ?? 'カラーミー太郎';
    const furigana = seed.buyerKana ?? 'カラーミータロウ';
    const postal = String(seed.zip ?? '1508512').replace(/[^0-9]/g, '');
    const tel = seed.tel ?? '03-1234-5678';
    const sale = {
      id,
      account_id: shop.id,
      make_date: stamp,
      update_date: stamp,
      memo: null,
      payment_id: paymentId,
      mobile: false,
      paid: false,
      delivered: false,
      canceled: false,
      accepted_mail_state: 'sent',
      paid_mail_state: 'not_yet',
      delivered_mail_state: 'not_yet',
      point_state: 'assumed',
      product_total_price: productTotal,
      delivery_total_charge: shipping,
      fee: settlement,
      tax,
      noshi_total_charge: 0,
      card_total_charge: 0,
      wrapping_total_charge: 0,
      point_discount: 0,
      gmo_point_discount: 0,
      other_discount: 0,
      other_discount_name: '',
      total_price: productTotal + shipping + settlement,
      granted_points: 0,
      use_points: 0,
      external_order_id: '',
      customer: {
        id: id + 500000000,
        account_id: shop.id,
        name,
        furigana,
        hojin: null,
        busho: null,
        postal,
        ...address,
        mail: seed.email ?? `buyer${id}@example.com`,
        tel,
        tel_mobile: null,
        member: false,
      },
      details,
      sale_deliveries: [
        {
          id: deliveryId,
          account_id: shop.id,
          sale_id: id,
          delivery_id: 113922,
          detail_ids: details.map((d) => d.id),
          name,
          furigana,
          postal,
          ...address,
          tel,
          preferred_date: seed.preferredDate ?? null,
          preferred_period: seed.preferredPeriod ?? null,
          slip_number: null,
          noshi_text: null,
          noshi_charge: null,
          card_name: null,
          card_text: null,
          card_charge: null,
          wrapping_name: null,
          wrapping_charge: null,
          delivery_charge: shipping,
          total_charge: shipping,
          tracking_url: null,
          memo: null,
          delivered: false,
        },
      ],
    };
    state.sales.set(id, sale);
    return String(id);
  }

  function saleById(idText) {
    if (!/^\d{1,15}$/.test(idText)) return undefined;
    return state.sales.get(Number(idText));
  }

  // ---- OAuth ----

  function authorizeRequest(params) {
    const client = state.clients.get(params.get('client_id') ?? '');
    if (!client) return { error: 'unknown client_id' };
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client.redirect_uris.includes(redirectUri)) return { error: 'redirect_uri is not registered for this client' };
    return { client, redirectUri, state: params.get('state'), scope: params.get('scope') ?? '', responseType: params.get('response_type') };
  }

  function errorPage(message) {
    return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>認可エラー (Color Me stand-in)</title></head><body><h1>認可エラー</h1><p>${htmlEscape(message)}</p></body></html>`;
  }

  function redirectWith(redirectUri, values) {
    const target = new URL(redirectUri);
    for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined) target.searchParams.set(k, v);
    return target.toString();
  }

  /** The outcome of one authorization: a code for a new shop, or the error to send back to the client. */
  function decide(request, approve, shopTitle) {
    if (request.responseType !== 'code') return redirectWith(request.redirectUri, { error: 'unsupported_response_type', state: request.state });
    const scopes = parseScopes(request.scope);
    if (scopes.length === 0 || scopes.some((s) => !KNOWN_SCOPES.includes(s))) {
      return redirectWith(request.redirectUri, { error: 'invalid_scope', state: request.state });
    }
    if (!approve) return redirectWith(request.redirectUri, { error: 'access_denied', state: request.state });
    const shop = addShop(shopTitle);
    const code = randomBytes(24).toString('hex');
    state.codes.set(code, {
      clientId: request.client.client_id,
      redirectUri: request.redirectUri,
      scopes,
      shopId: shop.id,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    return redirectWith(request.redirectUri, { code, state: request.state });
  }

  function approvalPage(request, shopHint) {
    const hidden = (name, value) => `<input type="hidden" name="${name}" value="${htmlEscape(value)}">`;
    return `<!DOCTYPE html>
<html lang="ja">
<head><meta charset="utf-8"><title>アプリの認可 (Color Me stand-in)</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:4rem auto}input,button{font-size:1rem;padding:.4rem;margin:.3rem 0}input[type=text]{width:100%;box-sizing:border-box}</style></head>
<body>
  <h1>アプリの認可</h1>
  <p>開発用のカラーミーショップ代役です。アプリ <strong>${htmlEscape(request.client.client_id)}</strong> が次の権限を求めています: <code>${htmlEscape(request.scope)}</code></p>
  <form method="post" action="/oauth/authorize/decision">
    ${hidden('client_id', request.client.client_id)}
    ${hidden('redirect_uri', request.redirectUri)}
    ${hidden('response_type', request.responseType ?? '')}
    ${hidden('scope', request.scope)}
    ${request.state === null ? '' : hidden('state', request.state)}
    <label for="shop">ショップ名</label>
    <input type="text" id="shop" name="shop" value="${htmlEscape(shopHint ?? '')}" placeholder="空ならテストショップN">
    <button type="submit" name="decision" value="approve" id="approve">許可する</button>
    <button type="submit" name="decision" value="deny" id="deny">拒否する</button>
  </form>
</body>
</html>`;
  }

  function tokenEndpoint(req, form) {
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    const client = state.clients.get(clientId ?? '');
    if (!client || client.client_secret !== clientSecret) return [400, { error: 'invalid_client', error_description: 'client authentication failed' }];
    if (form.get('grant_type') !== 'authorization_code') return [400, { error: 'unsupported_grant_type' }];
    const code = state.codes.get(form.get('code') ?? '');
    if (!code || code.used || code.expiresAt < Date.now() || code.clientId !== client.client_id || code.redirectUri !== form.get('redirect_uri')) {
      return [400, { error: 'invalid_grant', error_description: 'the code is invalid, expired, used, or was issued to another client or redirect_uri' }];
    }
    code.used = true;
    const { token } = addToken({ scopes: code.scopes, shopId: code.shopId });
    return [200, { access_token: token, token_type: 'bearer', scope: code.scopes.join(' ') }];
  }

  // ---- the API ----

  function listSales(shop, params) {
    const filters = [];
    const ids = params.get('ids');
    if (ids) {
      const wanted = new Set(ids.split(',').map((s) => Number(s.trim())));
      filters.push((s) => wanted.has(s.id));
    }
    const dateParam = (names, edge) => {
      for (const name of names) {
        const raw = params.get(name);
        if (raw !== null && raw !== '') return parseDateParam(name, raw, edge);
      }
      return null;
    };
    let makeMin = dateParam(['make_date_min', 'after'], 'min');
    const makeMax = dateParam(['make_date_max', 'before'], 'max');
    const updateMin = dateParam(['update_date_min'], 'min');
    const updateMax = dateParam(['update_date_max'], 'max');
    // [assumed] The 7-day default applies whenever no lower bound on make_date is given (the docs leave open
    // whether update_date_min lifts it, §5.3): the stricter reading, so a client that forgets make_date_min shows.
    if (makeMin === null) makeMin = sevenDaysBeforeAtMidnight(makeMax ?? Math.floor(Date.now() / 1000));
    filters.push((s) => s.make_date >= makeMin);
    if (makeMax !== null) filters.push((s) => s.make_date <= makeMax);
    if (updateMin !== null) filters.push((s) => s.update_date >= updateMin);
    if (updateMax !== null) filters.push((s) => s.update_date <= updateMax);
    for (const flag of ['paid', 'delivered', 'canceled']) {
      const value = boolParam(params, flag);
      if (value !== null) filters.push((s) => s[flag] === value);
    }
    const paymentIds = params.get('payment_ids');
    if (paymentIds) {
      const wanted = new Set(paymentIds.split(',').map((s) => Number(s.trim())));
      filters.push((s) => wanted.has(s.payment_id));
    }
    const limit = Math.min(Math.max(intParam(params, 'limit', 10), 1), pageMax);
    const offset = intParam(params, 'offset', 0);
    // Stable order: by sale id ([assumed]; the platform's order is not documented).
    const hits = [...state.sales.values()]
      .filter((s) => s.account_id === shop.id && filters.every((f) => f(s)))
      .sort((a, b) => a.id - b.id);
    return { sales: hits.slice(offset, offset + limit), meta: { total: hits.length, limit, offset } };
  }

  function updateSale(sale, body) {
    const input = body?.sale;
    if (!input || typeof input !== 'object') throw new BadRequest('sale');
    const updates = input.sale_deliveries ?? [];
    if (!Array.isArray(updates)) throw new BadRequest('sale_deliveries');
    for (const u of updates) {
      if (!u || typeof u !== 'object' || !Number.isInteger(u.id)) throw new BadRequest('sale_deliveries[].id');
      if (!sale.sale_deliveries.some((d) => d.id === u.id)) throw new BadRequest(`sale_deliveries[].id ${u.id}`, 404);
      if (u.slip_number !== undefined && u.slip_number !== null && typeof u.slip_number !== 'string') throw new BadRequest('slip_number');
      if (u.tracking_url !== undefined && u.tracking_url !== null && typeof u.tracking_url !== 'string') throw new BadRequest('tracking_url');
      if (u.delivered !== undefined && typeof u.delivered !== 'boolean') throw new BadRequest('delivered');
    }
    if (input.paid !== undefined && typeof input.paid !== 'boolean') throw new BadRequest('paid');
    for (const u of updates) {
      const delivery = sale.sale_deliveries.find((d) => d.id === u.id);
      for (const key of ['slip_number', 'tracking_url', 'delivered']) if (u[key] !== undefined) delivery[key] = u[key];
      if (typeof u.slip_number === 'string' && u.slip_number) {
        state.stats.trackingUpdates.push({ ecOrderId: String(sale.id), ecDeliveryId: String(delivery.id), trackingNumber: u.slip_number });
      }
    }
    if (input.paid !== undefined) sale.paid = input.paid;
    // [assumed] The sale counts as delivered once all its deliveries are.
    sale.delivered = sale.sale_deliveries.every((d) => d.delivered);
    sale.update_date = tick();
  }

  /** A request under the token's rate limit is recorded; one over it is a violation. */
  function overRateLimit(token, res) {
    const now = Date.now();
    const window = (state.rateWindows.get(token) ?? []).filter((t) => t > now - RATE_WINDOW_MS);
    state.rateWindows.set(token, window);
    if (window.length >= perMinute) {
      state.stats.violations += 1;
      sendJson(res, RATE_LIMITED.status, RATE_LIMITED.body, { 'Retry-After': String(RATE_LIMITED.retryAfterSeconds(window[0], now)) });
      return true;
    }
    window.push(now);
    return false;
  }

  async function handleApi(req, res, url) {
    const counted = state; // a reset while this request runs must not skew the new counters
    counted.stats.requests += 1;
    counted.inFlight += 1;
    counted.stats.maxConcurrent = Math.max(counted.stats.maxConcurrent, counted.inFlight);
    res.once('close', () => (counted.inFlight -= 1));

    if (state.outage.remaining > 0) {
      state.outage.remaining -= 1;
      const { status, delayMs } = state.outage;
      if (delayMs > 0) await sleep(delayMs);
      if (status !== null) {
        // Like a proxy in front of the platform: not the API's JSON.
        res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(`<html><body><h1>${status}</h1><p>stand-in outage</p></body></html>`);
        return;
      }
    }

    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = bearer ? state.tokens.get(bearer[1]) : undefined;
    if (!token || token.revoked) return sendJson(res, 401, UNAUTHORIZED);
    if (overRateLimit(token.token, res)) return;
    const shop = state.shops.get(token.shopId);
    const path = url.pathname.replace(/\.json$/, '');
    const needs = (scope) => token.scopes.includes(scope);

    if (req.method === 'GET' && path === '/v1/shop') {
      return sendJson(res, 200, {
        shop: { id: shop.id, state: 'enabled', title: shop.title, url: `https://${shop.id.toLowerCase()}.shop-pro.jp`, open_state: 'opened', tax_type: 'included', tax: 10, reduce_tax_rate: 8 },
      });
    }
    if (req.method === 'GET' && path === '/v1/payments') {
      return sendJson(res, 200, {
        payments: [...shop.payments].map(([id, name]) => ({ id, account_id: shop.id, name, type: 'other', fee: 0, memo: null })),
      });
    }
    if (path === '/v1/sales') {
      if (req.method !== 'GET') return sendJson(res, 405, apiError(405, 405000, 'Method Not Allowed'));
      if (!needs('read_sales')) return sendJson(res, 401, UNAUTHORIZED);
      return sendJson(res, 200, listSales(shop, url.searchParams));
    }
    const one = /^\/v1\/sales\/([^/]+)$/.exec(path);
    if (one) {
      const isPut = req.method === 'PUT';
      if (req.method !== 'GET' && !isPut) return sendJson(res, 405, apiError(405, 405000, 'Method Not Allowed'));
      if (!needs(isPut ? 'write_sales' : 'read_sales')) return sendJson(res, 401, UNAUTHORIZED);
      const sale = saleById(one[1]);
      if (!sale || sale.account_id !== shop.id) return sendJson(res, 404, NOT_FOUND);
      if (!isPut) return sendJson(res, 200, { sale });
      let body;
      try {
        body = await readJson(req);
        updateSale(sale, body);
      } catch (err) {
        if (!(err instanceof BadRequest)) throw err;
        // [assumed codes] 422210 "no parameter" as seen in a client (§2.5); 422100 for an unknown delivery.
        if (err.status === 404) return sendJson(res, 422, apiError(422, 422100, `お届け先が見つかりません: ${err.message}`));
        return sendJson(res, 422, apiError(422, 422210, `パラメータが正しくありません: ${err.message}`));
      }
      return sendJson(res, 200, { sale });
    }
    return sendJson(res, 404, NOT_FOUND);
  }

  // ---- the control API ----

  async function handleControl(req, res, path) {
    const route = `${req.method} ${path}`;
    let match;
    if (route === 'GET /stats') return sendJson(res, 200, state.stats);
    if (route === 'POST /reset') {
      freshState();
      return sendJson(res, 200, { reset: true });
    }
    if (route === 'POST /clients') {
      addClient(await readJson(req));
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /tokens') return sendJson(res, 200, addToken(await readJson(req)));
    if (req.method === 'POST' && (match = /^\/tokens\/([^/]+)\/revoke$/.exec(path))) {
      const entry = state.tokens.get(decodeURIComponent(match[1]));
      if (!entry) throw new BadRequest('no such token', 404);
      entry.revoked = true;
      return sendJson(res, 200, { revoked: true });
    }
    if (route === 'POST /orders') {
      const body = await readJson(req);
      if (!Array.isArray(body.orders)) throw new BadRequest('orders must be an array');
      const shop = shopOfToken(body.shop);
      // One seeding is one change: the orders without an orderedAt share its time.
      const stamp = tick();
      const ids = [];
      try {
        for (const seed of body.orders) ids.push(addSale(shop, seed, stamp));
      } catch (err) {
        for (const id of ids) state.sales.delete(Number(id)); // all or nothing
        throw err;
      }
      return sendJson(res, 200, { ids });
    }
    if ((match = /^\/orders\/([^/]+)$/.exec(path))) {
      const sale = saleById(decodeURIComponent(match[1]));
      if (!sale) throw new BadRequest('no such order', 404);
      if (req.method === 'GET') return sendJson(res, 200, sale);
      if (req.method === 'PATCH') {
        const body = await readJson(req);
        if (body.buyerName !== undefined) {
          if (typeof body.buyerName !== 'string' || !body.buyerName) throw new BadRequest('buyerName');
          sale.customer.name = body.buyerName;
          for (const d of sale.sale_deliveries) d.name = body.buyerName;
        }
        if (body.address !== undefined) {
          if (typeof body.address !== 'string' || !body.address) throw new BadRequest('address');
          const address = splitAddress(body.address);
          Object.assign(sale.customer, address);
          for (const d of sale.sale_deliveries) Object.assign(d, address);
        }
        if (body.cancelled !== undefined) {
          if (typeof body.cancelled !== 'boolean') throw new BadRequest('cancelled');
          sale.canceled = body.cancelled;
        }
        sale.update_date = tick();
        return sendJson(res, 200, sale);
      }
    }
    if (route === 'POST /outage') {
      const body = await readJson(req);
      const count = body.count ?? 1;
      const delayMs = body.delayMs ?? 0;
      if (!Number.isInteger(count) || count < 0) throw new BadRequest('count must be a non-negative integer');
      if (!Number.isInteger(delayMs) || delayMs < 0) throw new BadRequest('delayMs must be a non-negative integer');
      // With only a delay, the requests are answered normally, late (for timeouts); else with `status` (503 default).
      const status = body.status ?? (delayMs > 0 ? null : 503);
      if (status !== null && (!Number.isInteger(status) || status < 200 || status > 599)) throw new BadRequest('status must be an HTTP status');
      state.outage = { remaining: count, status, delayMs };
      return sendJson(res, 200, { ok: true });
    }
    throw new BadRequest(`no control route ${route}`, 404);
  }

  // ---- the server ----

  let baseUrl = '';
  async function handle(req, res) {
    const url = new URL(req.url, baseUrl);
    const path = url.pathname;
    try {
      if (path.startsWith('/__standin/')) return await handleControl(req, res, path.slice('/__standin'.length));
      if (path === '/oauth/authorize' && req.method === 'GET') {
        const request = authorizeRequest(url.searchParams);
        if (request.error) return sendHtml(res, 400, errorPage(request.error));
        if (autoApprove) return redirect(res, decide(request, true, url.searchParams.get('shop')));
        return sendHtml(res, 200, approvalPage(request, url.searchParams.get('shop')));
      }
      if (path === '/oauth/authorize/decision' && req.method === 'POST') {
        const form = await readForm(req);
        const request = authorizeRequest(form);
        if (request.error) return sendHtml(res, 400, errorPage(request.error));
        return redirect(res, decide(request, form.get('decision') === 'approve', form.get('shop')));
      }
      if (path === '/oauth/token' && req.method === 'POST') {
        const [status, body] = tokenEndpoint(req, await readForm(req));
        return sendJson(res, status, body);
      }
      if (path.startsWith('/v1/')) return await handleApi(req, res, url);
      return sendJson(res, 404, NOT_FOUND);
    } catch (err) {
      if (res.headersSent) return res.destroy();
      if (err instanceof BadRequest) {
        const status = err.status === 413 ? 413 : 422;
        if (path.startsWith('/v1/')) return sendJson(res, status, apiError(status, status === 413 ? 413000 : 422210, err.message));
        return sendJson(res, err.status, { error: err.message });
      }
      console.error('[colorme-standin] error', err);
      return sendJson(res, 500, { error: 'internal error' });
    }
  }

  freshState();
  const server = createServer((req, res) => void handle(req, res));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;

  return {
    url: baseUrl,
    port: actualPort,
    close: async () => {
      server.closeAllConnections(); // keep-alive sockets would hold close() open
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// Run directly: `node apps/devstack/src/colorme-standin.mjs`.
const isMain = process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) {
  let clients = [];
  try {
    if (process.env.COLORME_STANDIN_CLIENTS) clients = JSON.parse(process.env.COLORME_STANDIN_CLIENTS);
  } catch {
    console.error('COLORME_STANDIN_CLIENTS must be a JSON array of { client_id, client_secret, redirect_uris }');
    process.exit(1);
  }
  try {
    const standin = await startColorMeStandin({
      port: Number(process.env.STANDIN_PORT ?? 4410),
      host: process.env.STANDIN_HOST || '127.0.0.1',
      clients,
      perMinute: Number(process.env.COLORME_STANDIN_PER_MINUTE ?? 120),
      pageMax: Number(process.env.COLORME_STANDIN_PAGE_MAX ?? 50),
      autoApprove: process.env.COLORME_STANDIN_AUTO_APPROVE === '1',
    });
    process.stdout.write(`COLORME_STANDIN_READY ${standin.url}\n`);
    const stop = () => standin.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (err) {
    console.error('[colorme-standin] failed to start:', err);
    process.exit(1);
  }
}

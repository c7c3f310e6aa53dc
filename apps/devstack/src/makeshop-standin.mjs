// Local stand-in for MakeShop's legacy order API (注文API), for development and tests.
//
// It speaks the documented subset of docs/shop-platforms.md §5.1 (platform facts in §1): order retrieval
// (`cmd=get`) and the delivery status / tracking number change (`cmd=deliver`) on
// /api/orderinfo/index.html, answering XML in the §1.4 shape, and it enforces the documented rate rule
// (one request per second per shop id, serial calls only), counting every violation. Where the public
// docs are silent, the answers are our assumption and marked [assumed] below. State is in memory.
// Plain node:http, no dependencies. Loopback only: never expose it.
//
// Control API (tests and demo data; the same one as the Color Me stand-in, see
// apps/api/test/support/shop-standins.ts): POST /__standin/shops, POST /__standin/orders,
// PATCH|GET /__standin/orders/:ordernum, POST /__standin/outage, GET /__standin/stats, POST /__standin/reset.
//
// Usage as a module: `await startMakeShopStandin({ port, host, shops, delayMs, blockedMs })`.
// Usage as a process: STANDIN_PORT, STANDIN_HOST, MAKESHOP_STANDIN_SHOPS (JSON [{ shopId, token }]),
// MAKESHOP_STANDIN_DELAY_MS (answer the API this much later: makes the serial rule testable) and
// MAKESHOP_STANDIN_BLOCKED_MS (after a violation, answer that shop "blocked" this long) ->
// prints `MAKESHOP_STANDIN_READY <url>`.

import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const MAX_BODY_BYTES = 4 * 1024 * 1024; // a bulk seed of a few thousand orders
const ORDER_API_PATH = '/api/orderinfo/index.html';
/** "最大100件まで出力されます" (§1.3). */
const MAX_ORDERS_PER_ANSWER = 100;
/** "リクエストは1秒間に1回までです" (§1.6). */
const MIN_REQUEST_INTERVAL_MS = 1000;
const ORDERNUM_MAX = 26;
const JST_OFFSET_MS = 9 * 3600 * 1000;
const ZERO_DATE = '0000-00-00';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// [assumed] The real answers to bad credentials and to a blocked caller are not documented (§1.7, §1.6);
// these two are ours, each kept here only. The adapter recognises them by their message text.
const AUTH_ERROR_ANSWER = { status: 200, body: `${XML_DECLARATION}<orders><message>認証エラー</message></orders>` };
const BLOCKED_ANSWER = { status: 429, body: `${XML_DECLARATION}<message>アクセス遮断</message>` };

// [assumed] The text of an answer without orders (BL only shows that such an answer carries <message>).
const NO_ORDERS_MESSAGE = '該当する注文データはありません';
// [assumed] cmd=deliver's 3-digit codes (the real list is [not found], §1.5).
const DELIVER_CODES = { ok: '200', badRequest: '400', notFound: '404' };

function xmlEscape(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);
}

/** `<name attrs>content</name>`; content is escaped text, or an array of already built child elements. */
function el(name, content, attrs = {}) {
  const attrText = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${xmlEscape(value)}"`)
    .join('');
  const inner = Array.isArray(content) ? content.join('') : xmlEscape(content);
  return inner === '' ? `<${name}${attrText}/>` : `<${name}${attrText}>${inner}</${name}>`;
}

/** "2026-11-20 10:33:09" in Japan time, as the XML writes an order's date. */
function jstDateTime(ms) {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `yyyymmddhhmmss` (JST) -> epoch ms, or null when it is not one. */
function parseCompactJst(text) {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - JST_OFFSET_MS;
  return Number.isNaN(ms) ? null : ms;
}

/** "東京都渋谷区神南1-2-3" -> area (prefecture), city, address: MakeShop keeps the parts apart. */
function splitAddress(address) {
  const text = String(address ?? '');
  const pref = /^(東京都|北海道|(?:京都|大阪)府|.{2,3}?県)/.exec(text);
  const area = pref ? pref[1] : '';
  const rest = text.slice(area.length);
  const city = /^.+?[市区町村]/.exec(rest)?.[0] ?? '';
  return { area, city, street: '', address: rest.slice(city.length) };
}

function isLoopback(host) {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export async function startMakeShopStandin({ port = 0, host = '127.0.0.1', shops = [], delayMs = 0, blockedMs = 0 } = {}) {
  if (!isLoopback(host)) throw new Error(`startMakeShopStandin: host must be a loopback address, not ${host}`);

  const tokens = new Map(); // shopId -> token
  for (const shop of shops) tokens.set(String(shop.shopId), String(shop.token));

  let orders = new Map(); // ordernum -> stored order (MakeShop's fields)
  let changeSeq = 0; // bumped on every change: "since the last fetch" (mode 1) reads by it
  let ordernumSeq = 0;
  let outage = { count: 0, status: 503 };
  let stats;
  // Per shop id: when its last request arrived, how many are being answered, blocked until when.
  let rate = new Map();
  const inFlight = new Map(); // survives a reset: requests still open must still be counted down
  let sinceLastFetch = new Map(); // `${shopId}\n${service}` -> changeSeq already handed out

  function resetState() {
    orders = new Map();
    outage = { count: 0, status: 503 };
    stats = { requests: 0, violations: 0, maxConcurrent: 0, trackingUpdates: [], blocked: 0, byCommand: {} };
    rate = new Map();
    sinceLastFetch = new Map();
  }
  resetState();

  // ---- seeding (control API) ----

  function newOrdernum(orderedMs) {
    // Like the admin CSV's P171323551145213731: P + 10-digit epoch seconds + 8 digits (19 chars).
    ordernumSeq += 1;
    return `P${Math.floor(orderedMs / 1000)}${String(ordernumSeq).padStart(8, '0')}`;
  }

  function commoditiesFrom(lines) {
    if (!Array.isArray(lines)) throw new BadInput('lines must be an array');
    return lines.map((line) => {
      const quantity = Number(line.quantity);
      const price = Number(line.unitPrice);
      if (!line.name || !Number.isInteger(quantity) || quantity < 1 || !Number.isInteger(price) || price < 0) {
        throw new BadInput('each line needs name, quantity (>= 1) and unitPrice (integer yen)');
      }
      return {
        name: String(line.name),
        brandcode: line.productId ?? '',
        orgcode: line.productCode ?? '',
        orgoptioncode: '',
        jancode: '',
        option: line.options ?? '',
        price, // [assumed] tax included (§1.4: unclear in the sources)
        amount: quantity,
        consumption_tax_rate: line.taxRate ?? 10,
      };
    });
  }

  function recomputeTotal(order) {
    const detail = order.orderdetail;
    const goods = detail.commodities.reduce((sum, c) => sum + c.price * c.amount, 0);
    detail.sumprice = goods + detail.carriage + (detail.commission ?? 0) - detail.bulk - detail.coupon - detail.usepoint;
  }

  function setPerson(order, { name, address }) {
    if (name !== undefined) {
      order.buyer.name = String(name);
      for (const delivery of order.deliveries) delivery.name = String(name);
    }
    if (address !== undefined) {
      Object.assign(order.buyer, splitAddress(address));
      for (const delivery of order.deliveries) Object.assign(delivery, splitAddress(address));
    }
  }

  function seedOrder(shopId, seed) {
    // Whole seconds, as the XML writes it.
    const orderedMs = Math.floor((seed.orderedAt ? Date.parse(seed.orderedAt) : Date.now()) / 1000) * 1000;
    if (Number.isNaN(orderedMs)) throw new BadInput(`orderedAt is not a date: ${seed.orderedAt}`);
    const ordernum = seed.ecOrderId ? String(seed.ecOrderId) : newOrdernum(orderedMs);
    if (ordernum.length > ORDERNUM_MAX) throw new BadInput(`ordernum longer than ${ORDERNUM_MAX}: ${ordernum}`);
    if (orders.has(ordernum)) throw new BadInput(`order ${ordernum} exists already`);
    const commodities = commoditiesFrom(seed.lines ?? []);
    const person = {
      name: seed.buyerName ?? '山田 太郎',
      kana: seed.buyerKana ?? 'ヤマダ タロウ',
      tel: seed.tel ?? '03-1234-5678',
      zip: seed.zip ?? '150-0041',
      ...splitAddress(seed.address ?? '東京都渋谷区神南1-2-3'),
    };
    const order = {
      shopId,
      ordernum,
      date: jstDateTime(orderedMs),
      orderedMs, // not in the XML: the search key
      status: 1,
      payment_status: 0,
      paymethod: { type: seed.paymentCode ?? 'B', name: seed.paymentName ?? '銀行振込' },
      ordermemo: '',
      buyer: { id: '', ...person, tel2: '', email: seed.email ?? 'buyer@example.com', membergroup: '' },
      orderdetail: {
        commodities,
        carriage: seed.shippingFee ?? 0,
        // "absent when the shop sets none" (§1.4)
        commission: seed.settlementFee === undefined ? null : seed.settlementFee,
        usepoint: 0,
        bulk: 0,
        coupon: 0,
        sumprice: 0,
      },
      // The buyer is also the recipient: one destination, delivery_id 0.
      deliveries: [
        {
          delivery_id: '0',
          ...person,
          deliverydate: seed.preferredDate ?? '',
          deliverytime: seed.preferredPeriod ?? '',
          carriage_name: '宅配便',
          delivery_status: 0,
          scheduled_shipping_date: ZERO_DATE,
          shipping_date: ZERO_DATE,
          carrier: '',
          deliverynum: '',
        },
      ],
      changeSeq: ++changeSeq,
    };
    recomputeTotal(order);
    orders.set(ordernum, order);
    return ordernum;
  }

  function changeOrder(order, change) {
    setPerson(order, { name: change.buyerName, address: change.address });
    if (change.cancelled !== undefined) order.status = change.cancelled ? 0 : 1;
    if (change.status !== undefined) {
      if (![0, 1, 99].includes(Number(change.status))) throw new BadInput('status must be 0, 1 or 99');
      order.status = Number(change.status);
    }
    if (change.paid !== undefined) order.payment_status = change.paid ? 1 : 0;
    if (change.lines !== undefined) order.orderdetail.commodities = commoditiesFrom(change.lines);
    recomputeTotal(order);
    order.changeSeq = ++changeSeq;
  }

  // ---- the XML (§1.4) ----

  function commoditiesXml(commodities) {
    return el(
      'commodities',
      commodities.map((c) =>
        el('commodity', [
          el('name', c.name),
          el('brandcode', c.brandcode),
          el('orgcode', c.orgcode),
          el('orgoptioncode', c.orgoptioncode),
          el('jancode', c.jancode),
          el('option', c.option),
          el('price', c.price),
          el('amount', c.amount),
          el('consumption_tax_rate', c.consumption_tax_rate),
          el('dcrate', 0),
        ]),
      ),
    );
  }

  function personXml(p) {
    return [el('name', p.name), el('kana', p.kana), el('tel', p.tel), el('zip', p.zip), el('area', p.area), el('city', p.city), el('street', p.street), el('address', p.address)];
  }

  function orderXml(o) {
    const d = o.orderdetail;
    return el('order', [
      el('ordernum', o.ordernum),
      el('date', o.date),
      el('status', o.status),
      el('payment_status', o.payment_status),
      el('paymethod', o.paymethod.name, { type: o.paymethod.type }),
      el('ordermemo', o.ordermemo),
      el('buyer', [el('id', o.buyer.id), ...personXml(o.buyer), el('tel2', o.buyer.tel2), el('email', o.buyer.email), el('membergroup', o.buyer.membergroup)]),
      el('orderdetail', [
        commoditiesXml(d.commodities),
        el('carriage', d.carriage),
        ...(d.commission === null ? [] : [el('commission', [el('content', d.commission)])]),
        el('usepoint', d.usepoint, { type: 'shop' }),
        el('bulk', d.bulk),
        el('coupon', d.coupon),
        el('couponcode', ''),
        el('couponname', ''),
        el('sumprice', d.sumprice),
      ]),
      el(
        'deliveries',
        o.deliveries.map((v) =>
          el('delivery', [
            el('delivery_id', v.delivery_id),
            ...personXml(v),
            el('deliverydate', v.deliverydate),
            el('deliverytime', v.deliverytime),
            el('carriage', [el('name', v.carriage_name)]),
            el('delivery_status', v.delivery_status),
            el('scheduled_shipping_date', v.scheduled_shipping_date),
            el('shipping_date', v.shipping_date),
            el('carrier', v.carrier),
            el('deliverynum', v.deliverynum),
            // One destination: its lines are the order's.
            commoditiesXml(d.commodities),
          ]),
        ),
      ),
    ]);
  }

  function ordersAnswer(list) {
    if (list.length === 0) return { status: 200, body: `${XML_DECLARATION}<orders><message>${NO_ORDERS_MESSAGE}</message></orders>` };
    return { status: 200, body: `${XML_DECLARATION}<orders>${list.map(orderXml).join('')}</orders>` };
  }

  /** [assumed] a request we cannot read (bad date, unknown cmd): 400 with the reason. */
  function badRequest(message) {
    return { status: 400, body: `${XML_DECLARATION}<response><code>${DELIVER_CODES.badRequest}</code><message>${xmlEscape(message)}</message></response>` };
  }

  function deliverAnswer(ordernum, code, message) {
    return { status: 200, body: `${XML_DECLARATION}<response>${el('ordernum', ordernum)}${el('code', code)}${el('message', message)}</response>` };
  }

  // ---- the order API ----

  function cmdGet(shopId, params) {
    const includeCancelled = params.get('canceled') === '1';
    const visible = (o) => o.shopId === shopId && (includeCancelled || o.status !== 0);
    const ordernum = params.get('ordernum');
    if (ordernum) {
      if (ordernum.length > ORDERNUM_MAX) return badRequest(`ordernum is longer than ${ORDERNUM_MAX}`);
      const order = orders.get(ordernum);
      return ordersAnswer(order && visible(order) ? [order] : []);
    }
    const startText = params.get('start');
    const endText = params.get('end');
    if (startText || endText) {
      const start = startText ? parseCompactJst(startText) : -Infinity;
      const end = endText ? parseCompactJst(endText) : Infinity;
      if (start === null || end === null) return badRequest('start/end must be yyyymmddhhmmss');
      // Inclusive on the order date, whole seconds; oldest first [assumed order].
      const list = [...orders.values()]
        .filter((o) => visible(o) && o.orderedMs >= start && o.orderedMs <= end)
        .sort((a, b) => a.orderedMs - b.orderedMs || (a.ordernum < b.ordernum ? -1 : 1));
      return ordersAnswer(list.slice(0, MAX_ORDERS_PER_ANSWER));
    }
    // Mode (1), "since the last fetch" of this shop id + service [assumed: keyed so, and by any change].
    const key = `${shopId}\n${params.get('service') ?? ''}`;
    const after = sinceLastFetch.get(key) ?? 0;
    const list = [...orders.values()]
      .filter((o) => visible(o) && o.changeSeq > after)
      .sort((a, b) => a.changeSeq - b.changeSeq)
      .slice(0, MAX_ORDERS_PER_ANSWER);
    if (list.length > 0) sinceLastFetch.set(key, list[list.length - 1].changeSeq);
    return ordersAnswer(list);
  }

  function cmdDeliver(shopId, params) {
    const ordernum = params.get('ordernum') ?? '';
    const order = orders.get(ordernum);
    if (!order || order.shopId !== shopId) return deliverAnswer(ordernum, DELIVER_CODES.notFound, '注文が見つかりません');
    const delivery = order.deliveries.find((d) => d.delivery_id === (params.get('deliveryid') ?? ''));
    if (!delivery) return deliverAnswer(ordernum, DELIVER_CODES.notFound, '配送先が見つかりません');
    const status = Number(params.get('status'));
    if (![1, 2, 3, 9].includes(status)) return deliverAnswer(ordernum, DELIVER_CODES.badRequest, 'status は 1, 2, 3, 9 のいずれかです');
    const carrier = params.get('carrier');
    if (carrier !== null && carrier !== '' && !/^\d{3}$/.test(carrier)) return deliverAnswer(ordernum, DELIVER_CODES.badRequest, 'carrier は3桁のコードです');
    delivery.delivery_status = status;
    if (carrier) delivery.carrier = carrier;
    const number = params.get('deliverynum');
    if (number !== null) delivery.deliverynum = number === 'null' ? '' : number; // "null" clears it (§1.5)
    if (status === 3 && delivery.shipping_date === ZERO_DATE) delivery.shipping_date = jstDateTime(Date.now()).slice(0, 10);
    order.changeSeq = ++changeSeq;
    stats.trackingUpdates.push({ ecOrderId: ordernum, ecDeliveryId: delivery.delivery_id, trackingNumber: delivery.deliverynum, carrier: delivery.carrier, sendMail: params.get('send_mail') });
    return deliverAnswer(ordernum, DELIVER_CODES.ok, 'OK');
  }

  /** Counts the request against the shop's rate; true when it breaks the rule (or the shop is blocked). */
  function admit(shopId) {
    const now = performance.now();
    const state = rate.get(shopId) ?? { lastAt: -Infinity, blockedUntil: -Infinity };
    const tooSoon = now - state.lastAt < MIN_REQUEST_INTERVAL_MS;
    const overlapping = (inFlight.get(shopId) ?? 0) > 0; // "必ず直列呼び出しとしてください" (§1.6)
    state.lastAt = now;
    const violation = tooSoon || overlapping;
    if (violation) {
      stats.violations += 1;
      if (blockedMs > 0) state.blockedUntil = now + blockedMs;
    }
    rate.set(shopId, state);
    return violation || now < state.blockedUntil;
  }

  async function handleApi(req, res, url) {
    stats.requests += 1;
    // An outage answers from the front, before the API: no state, no rate count.
    if (outage.count > 0) {
      outage.count -= 1;
      await sleep(delayMs);
      return sendText(res, outage.status, `<html><body>${outage.status} Service Unavailable</body></html>`, 'text/html');
    }
    const params = new URLSearchParams(url.searchParams);
    if (req.method === 'POST') {
      for (const [key, value] of new URLSearchParams(await readBody(req))) params.set(key, value);
    } else if (req.method !== 'GET') {
      return sendText(res, 405, 'Method Not Allowed', 'text/plain');
    }
    const shopId = params.get('shopid') ?? '';
    const open = (inFlight.get(shopId) ?? 0) + 1;
    const blocked = admit(shopId);
    inFlight.set(shopId, open);
    stats.maxConcurrent = Math.max(stats.maxConcurrent, open);
    res.once('close', () => inFlight.set(shopId, inFlight.get(shopId) - 1));

    let answer;
    if (blocked) {
      stats.blocked += 1;
      answer = BLOCKED_ANSWER;
    } else if (url.pathname !== ORDER_API_PATH) {
      answer = { status: 404, body: 'Not Found' };
    } else if (!tokens.has(shopId) || tokens.get(shopId) !== params.get('token')) {
      answer = AUTH_ERROR_ANSWER;
    } else {
      const cmd = params.get('cmd') ?? '';
      stats.byCommand[cmd] = (stats.byCommand[cmd] ?? 0) + 1;
      if (cmd === 'get') answer = cmdGet(shopId, params);
      else if (cmd === 'deliver') answer = cmdDeliver(shopId, params);
      else answer = badRequest(`unknown cmd: ${cmd}`);
    }
    await sleep(delayMs);
    sendText(res, answer.status, answer.body, answer.body.startsWith('<?xml') ? 'application/xml; charset=UTF-8' : 'text/plain');
  }

  // ---- the control API ----

  async function handleControl(req, res, path) {
    const route = `${req.method} ${path.replace(/^\/orders\/[^/]+$/, '/orders/:ordernum')}`;
    const body = req.method === 'POST' || req.method === 'PATCH' ? await readJson(req) : undefined;
    switch (route) {
      case 'POST /shops': {
        if (!body?.shopId || !body?.token) return sendJson(res, 400, { error: 'shopId and token are required' });
        tokens.set(String(body.shopId), String(body.token));
        return sendJson(res, 200, { shopId: String(body.shopId) });
      }
      case 'POST /orders': {
        const shopId = String(body?.shop ?? '');
        if (!tokens.has(shopId)) return sendJson(res, 400, { error: `unknown shop: ${shopId}` });
        if (!Array.isArray(body.orders)) return sendJson(res, 400, { error: 'orders must be an array' });
        const ids = [];
        try {
          for (const seed of body.orders) ids.push(seedOrder(shopId, seed));
        } catch (err) {
          for (const id of ids) orders.delete(id); // all or nothing
          throw err;
        }
        return sendJson(res, 200, { ids });
      }
      case 'PATCH /orders/:ordernum':
      case 'GET /orders/:ordernum': {
        const ordernum = decodeURIComponent(path.slice('/orders/'.length));
        const order = orders.get(ordernum);
        if (!order) return sendJson(res, 404, { error: `no order ${ordernum}` });
        if (req.method === 'PATCH') changeOrder(order, body ?? {});
        return sendJson(res, 200, order);
      }
      case 'POST /outage': {
        const count = Number(body?.count ?? 1);
        const status = Number(body?.status ?? 503);
        if (!Number.isInteger(count) || count < 0 || !Number.isInteger(status) || status < 100 || status > 599) {
          return sendJson(res, 400, { error: 'count must be an integer >= 0, status an HTTP status' });
        }
        outage = { count, status };
        return sendJson(res, 200, outage);
      }
      case 'GET /stats':
        return sendJson(res, 200, stats);
      case 'POST /reset':
        resetState();
        return sendJson(res, 200, {});
      default:
        return sendJson(res, 404, { error: `no control route ${req.method} ${path}` });
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    try {
      if (url.pathname.startsWith('/__standin/')) await handleControl(req, res, url.pathname.slice('/__standin'.length));
      else await handleApi(req, res, url);
    } catch (err) {
      if (!res.headersSent) sendJson(res, err instanceof BadInput ? 400 : 500, { error: String(err?.message ?? err) });
      else res.destroy();
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    close: async () => {
      server.closeAllConnections(); // drop keep-alive sockets so close() resolves
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A control request's own mistake (bad JSON, a bad seed): answered 400. */
class BadInput extends Error {}

function sleep(ms) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > MAX_BODY_BYTES) {
        reject(new BadInput('request body too large'));
        req.destroy();
      }
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

async function readJson(req) {
  const text = await readBody(req);
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadInput('the body is not JSON');
  }
}

function sendText(res, status, text, contentType) {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(text);
}

function sendJson(res, status, value) {
  sendText(res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

// Run directly: `node apps/devstack/src/makeshop-standin.mjs`.
const isMain = process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) {
  let shops;
  try {
    shops = JSON.parse(process.env.MAKESHOP_STANDIN_SHOPS || '[]');
    if (!Array.isArray(shops)) throw new Error('not an array');
  } catch {
    console.error('MAKESHOP_STANDIN_SHOPS must be a JSON array of { shopId, token }');
    process.exit(1);
  }
  try {
    const standin = await startMakeShopStandin({
      port: Number(process.env.STANDIN_PORT ?? 4510),
      host: process.env.STANDIN_HOST || '127.0.0.1',
      shops,
      delayMs: Number(process.env.MAKESHOP_STANDIN_DELAY_MS ?? 0),
      blockedMs: Number(process.env.MAKESHOP_STANDIN_BLOCKED_MS ?? 0),
    });
    process.stdout.write(`MAKESHOP_STANDIN_READY ${standin.url}\n`);
    const stop = () => standin.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (err) {
    console.error('[makeshop-standin] failed to start:', err);
    process.exit(1);
  }
}

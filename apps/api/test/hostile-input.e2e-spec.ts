import { japanToday, LINE_STATUS, LINE_TRANSITIONS, OrderCommandName, Role } from '@oms/domain';
import { issueConfirmLink, RevenueRepository } from '@oms/infra';
import { readFileSync } from 'node:fs';
import type { Test } from 'supertest';
import { CONTRACT_FILE } from '../src/contract/contract.controller';
import {
  Contract,
  envelopeProblems,
  FieldContext,
  getAt,
  HOSTILE_KEYS,
  HOSTILE_PATH,
  HOSTILE_TEXT,
  MALFORMED,
  nested,
  OMIT,
  Operation,
  POISON,
  raw,
  Rng,
  Route,
  routesOf,
  Sampler,
  Schema,
  setAt,
  toJson,
  withKey,
  WriteLog,
  WRONG_CONTENT_TYPES,
  WRONG_TYPES,
} from './support/fuzz';
import { deliveryCompany, givenOrder } from './support/order-fixtures';
import { customerRow, productRow, shopRow } from './support/order-form';
import { useTestApi } from './support/test-app';

/**
 * The hostile-input suite (issue 11): every mutating route of the contract (apps/api/openapi.json),
 * each sent a bounded number of hostile requests made from its own schemas with a seeded PRNG —
 * valid-shaped bodies with one field made wrong (type, null, huge, deeply nested, NUL, lone
 * surrogates), `__proto__`/`constructor`/`prototype` and unknown keys, malformed JSON, wrong content
 * types, bodies past the route's limit (`x-body-limit`), hostile path and query parameters — as the
 * system admin (so the guard lets them reach validation), some as other roles and some signed out.
 *
 * It fails on any 5xx (but a 503 the route's contract names, in the envelope); any other status than 2xx or 4xx; any 4xx that is not DESIGN.md §4's envelope
 * (a catalogue code answered with its own status); any refused request that wrote a row (a trigger logs
 * every committed row change); a body past its limit not answered 413; Object.prototype touched.
 *
 * FUZZ_SEED (printed with every failure) replays a run; FUZZ_PER_ROUTE sets the count per route;
 * FUZZ_ROUTE (`PUT /makers/{id}`) runs one route; FUZZ_VERBOSE=1 prints every request and its answer.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20251122);
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 24);
const PER_QUERY_ROUTE = Math.ceil(PER_ROUTE / 3);
const ONLY = process.env.FUZZ_ROUTE;
const VERBOSE = !!process.env.FUZZ_VERBOSE;

const contract = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as Contract;
const label = (r: Route) => `${r.method} ${r.path}`;
const chosen = (r: Route) => !ONLY || ONLY === label(r);
// Deletions last: the others still find the records they act on.
const writes = routesOf(contract)
  .filter((r) => r.method !== 'GET' && chosen(r))
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
const reads = routesOf(contract).filter((r) => r.method === 'GET' && r.op.parameters?.some((p) => p.in === 'query') && chosen(r));

/** Each route's own sequence: one route replays alone with the same seed. */
const rngFor = (r: Route) => new Rng([...label(r)].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, SEED ^ 2166136261));

interface World {
  shop: string;
  maker: string;
  customer: string;
  estimate: string;
  product: string;
  order: { id: string; lineIds: string[] };
  confirmOrder: string;
  token: string;
  deliveryMethod: string;
  deliveryCompany: string;
  timeShipment: string;
  user: string;
  templateKey: string;
  deposit: string;
  depositRecord: string;
  depositOrder: string;
  revenue: string;
  conversation: string;
  message: string;
  makerInquiry: string;
  customerInquiry: string;
}

/** The records routes act on, by path prefix (a longer prefix before its start): the fixture's id and the row its version is read from. */
const RESOURCES: { prefix: string; id: (w: World) => string; ids?: Record<string, (w: World) => string>; version: (w: World) => [string, unknown[]] }[] = [
  { prefix: '/deposits/records', id: (w) => w.depositRecord, version: (w) => [`SELECT version FROM deposit_records WHERE id = $1`, [w.depositRecord]] },
  // PUT /deposits/{orderId}/update pays an order of its own; the other /deposits/{id} routes act on an upload.
  { prefix: '/deposits/{orderId}', id: (w) => w.depositOrder, version: (w) => [`SELECT version FROM orders WHERE id = $1`, [w.depositOrder]] },
  { prefix: '/deposits', id: (w) => w.deposit, version: (w) => [`SELECT version FROM deposits WHERE id = $1`, [w.deposit]] },
  // A maker thread of the order and the system admin's message in it (the author edits it); a maker inquiry.
  { prefix: '/conversations', id: (w) => w.conversation, ids: { msgId: (w) => w.message }, version: (w) => [`SELECT version FROM conversations WHERE id = $1`, [w.conversation]] },
  { prefix: '/maker-inquiries', id: (w) => w.makerInquiry, version: (w) => [`SELECT version FROM maker_inquiries WHERE id = $1`, [w.makerInquiry]] },
  { prefix: '/revenues', id: (w) => w.revenue, version: (w) => [`SELECT version FROM revenues WHERE id = $1`, [w.revenue]] },
  { prefix: '/customer-inquiries', id: (w) => w.customerInquiry, version: (w) => [`SELECT version FROM customer_inquiries WHERE id = $1`, [w.customerInquiry]] },
  { prefix: '/customers/estimates', id: (w) => w.estimate, version: (w) => [`SELECT version FROM estimates WHERE id = $1`, [w.estimate]] },
  { prefix: '/customers', id: (w) => w.customer, version: (w) => [`SELECT version FROM customers WHERE id = $1`, [w.customer]] },
  { prefix: '/delivery_companies', id: (w) => w.deliveryCompany, version: (w) => [`SELECT version FROM delivery_companies WHERE id = $1`, [w.deliveryCompany]] },
  { prefix: '/delivery_methods', id: (w) => w.deliveryMethod, version: (w) => [`SELECT version FROM delivery_methods WHERE id = $1`, [w.deliveryMethod]] },
  { prefix: '/maker-confirmations', id: (w) => w.token, version: (w) => [`SELECT version FROM orders WHERE id = $1`, [w.confirmOrder]] },
  { prefix: '/makers', id: (w) => w.maker, version: (w) => [`SELECT version FROM makers WHERE id = $1`, [w.maker]] },
  { prefix: '/orders', id: (w) => w.order.id, version: (w) => [`SELECT version FROM orders WHERE id = $1`, [w.order.id]] },
  { prefix: '/products/imports', id: () => '1', version: () => [`SELECT 1 AS version`, []] },
  { prefix: '/products', id: (w) => w.product, version: (w) => [`SELECT version FROM products WHERE id = $1`, [w.product]] },
  { prefix: '/settings/mail_templates', id: (w) => w.templateKey, version: (w) => [`SELECT version FROM mail_templates WHERE key = $1`, [w.templateKey]] },
  { prefix: '/settings/option', id: () => '1', version: () => [`SELECT version FROM settings_options`, []] },
  { prefix: '/settings/time_shipments', id: (w) => w.timeShipment, version: (w) => [`SELECT version FROM time_shipments WHERE id = $1`, [w.timeShipment]] },
  { prefix: '/shops', id: (w) => w.shop, version: (w) => [`SELECT version FROM shops WHERE id = $1`, [w.shop]] },
  { prefix: '/users', id: (w) => w.user, version: (w) => [`SELECT version FROM users WHERE id = $1`, [w.user]] },
];

const resourceOf = (path: string) => RESOURCES.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));

/** A query string's pairs, already percent-encoded (a hostile one on purpose). */
type Query = [string, string][];

/** Percent-encodes UTF-8 bytes; a lone surrogate, which encodeURIComponent refuses, goes as U+FFFD like any client's. */
const encoded = (value: unknown) => (value === OMIT ? '1' : [...Buffer.from(String(value))].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));

/** The command an order route runs, by its last path segment; its lines start where the command applies (DESIGN.md §5). */
const COMMAND_OF: Record<string, OrderCommandName> = {
  cancel: 'cancel',
  change_revenue: 'change_revenue',
  change_status: 'change_status',
  data_patch: 'data_patch',
  maker_received_process: 'maker_receive',
  maker_ship_process: 'maker_ship',
  order_process: 'order_to_maker',
  refund_process: 'refund',
  return_process: 'return',
  paid: 'confirm_payment',
};
const lineStatusFor = (route: Route) => {
  const command = COMMAND_OF[route.path.split('/').pop()!];
  if (!command) return route.path.endsWith('/order-sheets') ? LINE_STATUS.ordered : LINE_STATUS.unpaid;
  return LINE_TRANSITIONS.find((t) => t.command === command && !t.when && !t.back)!.from;
};

const DAY = 86_400_000;
const dateIn = (days: number) => japanToday(new Date(Date.now() + days * DAY));

interface Request {
  method: Route['method'];
  url: string;
  /** Undefined: no body; a Buffer or string: sent as is with `contentType`. */
  body?: string | Buffer;
  contentType?: string;
  multipart?: { fields: [string, string][]; files: { field: string; name: string; content: Buffer; type: string }[] };
  auth: Role | null;
  /** The one status this request must get (a body past the limit: 413). */
  expect?: number;
  /** Must not be refused for its size (a body just under the limit). */
  notTooLarge?: boolean;
  what: string;
}

jest.setTimeout(60_000);

describe('hostile input, generated from the contract', () => {
  const ctx = useTestApi({ AUTH_RATE_LIMIT_PER_MINUTE: '1000000', PUBLIC_FORM_LIMIT_PER_ADDRESS: '1000000', PUBLIC_FORM_LIMIT_PER_CONTACT: '1000000' });
  const tokens = new Map<Role, string>();
  const versions = new Map<string, number>();
  let world: World;
  let log: WriteLog;
  let lastMark = 0;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();

  beforeAll(async () => {
    const api = ctx.api;
    const signedIn = new Map<Role, Awaited<ReturnType<typeof api.signedIn>>>();
    for (const role of ['system_admin', 'operator', 'call_center', 'accountant', 'maker'] as Role[]) signedIn.set(role, await api.signedIn(role));
    for (const [role, user] of signedIn) tokens.set(role, user.auth);
    const maker = (await api.maker()).id;
    const shop = await shopRow(api);
    const customer = await customerRow(api);
    const product = (await productRow(api, shop, maker)).id;
    const order = await givenOrder(api, { lines: [{ makerId: maker }, { makerId: maker }] });
    const confirmOrder = await givenOrder(api, { lines: [{ makerId: maker, status: 3 }] });
    const token = await api.dataSource.transaction(async (manager) => {
      const [sheet] = await manager.query(
        `INSERT INTO order_sheets (order_id, maker_id, revision, event_id, reason, method, recipient, status, line_ids)
         VALUES ($1, $2, 1, gen_random_uuid(), 'ordered', 'email', 'm@example.jp', 'sent', '{}') RETURNING id::text`,
        [confirmOrder.id, maker],
      );
      return issueConfirmLink(manager, { orderId: confirmOrder.id, makerId: maker, sheetId: sheet.id, expiresAt: new Date(Date.now() + 14 * DAY) });
    });
    const [method] = await api.dataSource.query(`INSERT INTO delivery_methods (name) VALUES ('宅配便 fuzz') RETURNING id::text`);
    // This month's timeline, wide enough for the ship dates the commands are sent.
    const [timeShipment] = await api.dataSource.query(`INSERT INTO time_shipments (month, start_date, finish_date) VALUES ($1, $2, $3) RETURNING id::text`, [dateIn(0).slice(0, 7), dateIn(-60), dateIn(60)]);
    const [template] = await api.dataSource.query(`SELECT key FROM mail_templates ORDER BY key LIMIT 1`);
    const [estimate] = await api.dataSource.query(
      `INSERT INTO estimates (customer_id, estimate_no, details, total) VALUES ($1, 'E-FUZZ-1', '[{"productName":"机","priceWithTax":1100,"amount":1,"taxPercentage":10}]', 1100) RETURNING id::text`,
      [customer],
    );
    const depositOrder = await givenOrder(api, { lines: [{ makerId: maker }] });
    const [accountantRow] = await api.dataSource.query(`SELECT id::text FROM users WHERE role = 'accountant' LIMIT 1`);
    const [deposit] = await api.dataSource.query(
      `INSERT INTO deposits (file_name, file_key, file_sha256, format, encoding, state, record_count, total_amount, created_by)
       VALUES ('fuzz.txt', 'deposits/fuzz/original.txt', repeat('a', 64), 'zengin_transfer', 'shift_jis', 'done', 1, 1100, $1) RETURNING id::text`,
      [accountantRow.id],
    );
    const [depositRecord] = await api.dataSource.query(
      `INSERT INTO deposit_records (deposit_id, line, account_date, amount, payer_name, record_key, state, review_reason)
       VALUES ($1, 2, '2026-11-20', 1100, 'ﾔﾏﾀﾞ ﾀﾛｳ', 'fuzz|2026-11-20|1100|1', 'review', 'no_match') RETURNING id::text`,
      [deposit.id],
    );
    // A shipped order and its revenue record (the workers' revenue_sync, run here: no workers in this test).
    const revenueOrder = await givenOrder(api, { lines: [{ makerId: maker, status: 5 }], delivery: { shipDate: '2026-11-02', deliveryCompanyId: await deliveryCompany(api), trackingCode: 'FUZZ-1' } });
    await new RevenueRepository(api.dataSource).sync([revenueOrder.id]);
    const [revenue] = await api.dataSource.query(`SELECT id::text FROM revenues WHERE order_id = $1`, [revenueOrder.id]);
    const admin = signedIn.get('system_admin')!;
    const [conversation] = await api.dataSource.query(`INSERT INTO conversations (kind, order_id, maker_id) VALUES ('maker', $1, $2) RETURNING id::text`, [order.id, maker]);
    const [message] = await api.dataSource.query(
      `INSERT INTO conversation_messages (conversation_id, author_id, author_side, content, change_seq) VALUES ($1, $2, 'staff', 'fuzz', nextval('conversation_change_seq')) RETURNING id::text`,
      [conversation.id, admin.id],
    );
    const [customerInquiry] = await api.dataSource.query(
      `INSERT INTO customer_inquiries (reference, kind, method, inquiry_type, name, email, title, content, reply_due_at) VALUES ('CI-HOSTILE0', 'inquiry', 2, 1, '敵対 太郎', 'hostile@example.jp', 't', 'c', now()) RETURNING id::text`,
    );
    const [makerInquiry] = await api.dataSource.query(`INSERT INTO maker_inquiries (maker_id, method) VALUES ($1, 1) RETURNING id::text`, [maker]);
    await api.dataSource.query(`INSERT INTO conversations (kind, maker_inquiry_id, maker_id, status) VALUES ('maker', $1, $2, 1)`, [makerInquiry.id, maker]);
    world = {
      shop,
      maker,
      customer,
      estimate: estimate.id,
      product,
      order: { id: order.id, lineIds: order.lineIds },
      confirmOrder: confirmOrder.id,
      token,
      deliveryMethod: method.id,
      deliveryCompany: await deliveryCompany(api),
      timeShipment: timeShipment.id,
      user: (await api.user('operator')).id,
      templateKey: template.key,
      deposit: deposit.id,
      depositRecord: depositRecord.id,
      depositOrder: depositOrder.id,
      revenue: revenue.id,
      conversation: conversation.id,
      message: message.id,
      makerInquiry: makerInquiry.id,
      customerInquiry: customerInquiry.id,
    };
    log = await WriteLog.install(api.dataSource);
    lastMark = await log.mark();
  });

  /** Values the schema cannot say: ids of the fixtures, the shapes behind a rule's error code. */
  function hintsFor(route: Route, sampler: Sampler, months: Rng) {
    return ({ name, parent }: FieldContext, schema: Schema): unknown => {
      const codes = (schema['x-error-codes'] ?? []) as string[];
      const id = (v: string) => Number(v);
      switch (name) {
        case 'shop_id':
          return id(world.shop);
        case 'maker_id':
          return 'role' in parent ? OMIT : id(world.maker); // a user is a maker's only with role maker
        case 'customer_id':
          return id(world.customer);
        case 'product_id':
          return OMIT;
        case 'delivery_method_id':
          return id(world.deliveryMethod);
        case 'delivery_company_id':
          return id(world.deliveryCompany);
        case 'order_id':
          return id(world.order.id);
        case 'line_ids':
          return world.order.lineIds.map(id);
        case 'order_ids':
          return [id(world.order.id)];
        case 'customer_ids':
          return [id(world.customer)];
        case 'version':
          return versions.get(resourceOf(route.path)?.prefix ?? '') ?? 1;
        case 'tax_percentage':
        case 'default_tax_percent':
          return 10;
        case 'payment_method_id':
          return 2;
        case 'month':
          return `${months.int(2040, 2099)}-${String(months.int(1, 12)).padStart(2, '0')}`;
        case 'revenue_month':
          return dateIn(0).slice(0, 7);
        case 'admin_url':
        case 'avatar':
          return 'https://example.jp/a';
        case 'tracking_url':
          return 'https://example.jp/track?no={code}';
        case 'invoice_registration_number':
          return 'T9234567890123';
        case 'shop_product_id':
          return '123456789012'; // 12 digits: the fixture shop's platform
        case 'id':
          // The estimate an answer is for is named in the body (PUT /customers/estimates/approve); elsewhere ids are the path's.
          return route.path === '/customers/estimates/approve' ? id(world.estimate) : OMIT;
        case 'estimate_payment_id':
          return 2;
        case 'record_id':
          return id(world.depositRecord);
        case 'attachment_s3_path': // a message's file is an upload of its own (conversations.e2e-spec.ts)
        case 'maker_inquiry_id': // POST /conversations/maker: an order and its maker, not both subjects
        case 'person_in_charge_id':
        case 'branch_of_order_id':
        case 'owner_user_id':
        case 'confirmed_product_changes_at':
          return OMIT;
      }
      if (codes.includes('phone_format')) return '03-1234-5678';
      if (codes.includes('zip_format')) return '100-0001';
      if (codes.includes('katakana')) return 'ヤマダ';
      if (codes.includes('email_invalid')) return `${sampler.text({ maxLength: 20 })}@example.jp`;
      if (codes.includes('date_before_today')) return dateIn(-30);
      if (codes.includes('date_format') && schema.pattern) return dateIn(codes.includes('date_after') ? 0 : 7);
      return undefined;
    };
  }

  /** The route's URL with its fixtures' ids, one path parameter replaced when `hostile` says so. */
  function urlOf(route: Route, query: Query, hostile?: { param: string; value: string }): string {
    const resource = resourceOf(route.path);
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (hostile?.param === name ? hostile.value : encodeURIComponent((resource?.ids?.[name] ?? resource?.id)?.(world) ?? '1')));
    const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
    return `/api/v1${path}${qs ? `?${qs}` : ''}`;
  }

  /** Versions, and the order's lines (an edit replaces them), read again after anything was written. */
  async function refreshFixtures(route: Route): Promise<void> {
    if (!versions.size) world.order.lineIds = (await ctx.api.dataSource.query(`SELECT id::text FROM order_lines WHERE order_id = $1 ORDER BY id`, [world.order.id])).map((r: { id: string }) => r.id);
    const resource = resourceOf(route.path);
    if (!resource || versions.has(resource.prefix)) return;
    const [sql, params] = resource.version(world);
    const [row] = await ctx.api.dataSource.query(sql, params);
    versions.set(resource.prefix, row?.version ?? 1);
  }

  /** The requests for one route: a valid one first, then the hostile kinds in turn, each chosen by the PRNG. */
  function casesFor(route: Route, count: number): (() => Request)[] {
    const rng = rngFor(route);
    const sampler = new Sampler(contract, rng);
    const hints = hintsFor(route, sampler, rng);
    const op: Operation = route.op;
    const json = op.requestBody?.content['application/json']?.schema;
    const multipart = op.requestBody?.content['multipart/form-data']?.schema;
    const limit = op['x-body-limit'] ?? 0;
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
    const baseQuery = (): Query => queryParams.map((p) => [p.name, encoded(sampler.value(p.schema, { name: p.name, parent: {} }, hints))]);
    const sample = () => (json ? (sampler.value(json, { name: '', parent: {} }, hints) as Record<string, unknown>) : undefined);
    const secured = op.security.length > 0;
    const authFor = (i: number): Role | null => (secured && i % 6 === 5 ? null : i % 8 === 3 ? rng.pick(['operator', 'call_center', 'accountant', 'maker'] as Role[]) : 'system_admin');
    const leaf = (body: Record<string, unknown>) => {
      const paths = sampler.paths(body);
      return paths.length ? rng.pick(paths) : null;
    };
    /** The schema at a sample's path, for the mutations that depend on it. */
    const schemaAt = (path: (string | number)[]): Schema => {
      let s: Schema = json ?? {};
      for (const key of path) {
        s = sampler.deref(s);
        if (Array.isArray(s.oneOf)) s = sampler.deref((s.oneOf as Schema[]).find((a) => sampler.deref(a).type !== 'null') ?? {});
        s = typeof key === 'number' ? ((s.items ?? {}) as Schema) : (((s.properties ?? {}) as Record<string, Schema>)[key] ?? {});
      }
      return sampler.deref(s);
    };
    const jsonRequest = (i: number, what: string, body: unknown, extra: Partial<Request> = {}): Request => ({
      method: route.method,
      url: urlOf(route, baseQuery()),
      body: typeof body === 'string' || Buffer.isBuffer(body) ? body : toJson(body),
      contentType: 'application/json',
      auth: authFor(i),
      what,
      ...extra,
    });
    /** One field of a valid body made hostile: the value is chosen from those that fit the field's type. */
    const mutate = (i: number, kind: string): Request => {
      const body = sample() ?? {};
      const path = leaf(body);
      if (!path) return jsonRequest(i, `${kind}: whole body`, rng.pick([null, [], 'x', 1]));
      const schema = schemaAt(path);
      const type = sampler.typesOf(schema)[0] ?? 'string';
      const at = path.join('.');
      const room = Math.max(1024, limit - toJson(body).length - 1024);
      let value: unknown;
      switch (kind) {
        case 'type':
          value = rng.pick(WRONG_TYPES[type] ?? WRONG_TYPES.string);
          break;
        case 'null':
          value = null;
          break;
        case 'huge-string': {
          // Just inside the route's limit (reaches validation), or a megabyte (past a form's limit).
          const size = rng.pick([Number(schema.maxLength ?? 100) + 1, room, 1024 * 1024]);
          value = rng.pick(['x', '日', '😀', '\\']).repeat(Math.ceil(size / 4));
          break;
        }
        case 'huge-array':
          value = Array.from({ length: rng.pick([Number(schema.maxItems ?? 100) + 1, Math.floor(room / 2)]) }, () => rng.pick([1, 'x', null]));
          if ((value as unknown[]).length * 5 > room) value = Array.from({ length: Math.floor(room / 5) }, () => 1);
          break;
        case 'deep': {
          // Deeper than the parser's bound (refused before anything walks it), or just inside it (reaches the code).
          const depth = rng.pick([10_000, Math.max(1, 30 - path.length)]);
          const objects = rng.int(0, 1) === 1;
          return jsonRequest(i, `deep at ${at}: ${depth} ${objects ? 'objects' : 'arrays'}`, setAt(body, path, raw(nested(depth, objects))));
        }
        case 'text': {
          const base = getAt(body, path);
          value = rng.pick([rng.pick(HOSTILE_TEXT), `${typeof base === 'string' ? base : ''}${rng.pick(HOSTILE_TEXT)}`]);
          break;
        }
        case 'proto': {
          // A polluting key beside the field, inside it, or in place of its value.
          const key = rng.pick(['__proto__', 'constructor', 'prototype']);
          const poison = key === 'constructor' ? { prototype: POISON } : POISON;
          const parentPath = path.slice(0, -1);
          const parent = getAt(body, parentPath);
          const where = rng.int(0, 2);
          if (where === 0 && parent && typeof parent === 'object' && !Array.isArray(parent)) return jsonRequest(i, `proto: ${key} beside ${at}`, setAt(body, parentPath, withKey(parent, key, poison)));
          if (where === 1) return jsonRequest(i, `proto: ${key} at the top`, withKey(body, key, poison));
          value = withKey({}, key, poison);
          break;
        }
      }
      return jsonRequest(i, `${kind} at ${at}: ${JSON.stringify(value)?.slice(0, 60) ?? String(value)}`, setAt(body, path, value));
    };

    const kinds: ((i: number) => Request)[] = [];
    if (json) for (const kind of ['type', 'null', 'text', 'proto', 'huge-string', 'deep', 'huge-array']) kinds.push((i) => mutate(i, kind));
    kinds.push((i) => {
      const key = rng.pick(HOSTILE_KEYS);
      return jsonRequest(i, `unknown key ${JSON.stringify(key).slice(0, 40)}`, withKey(sample() ?? {}, key, key === 'constructor' ? { prototype: POISON } : rng.pick([POISON, 'x', 1, null])));
    });
    kinds.push((i) => {
      const text = rng.pick(MALFORMED);
      return jsonRequest(i, `malformed ${JSON.stringify(String(text)).slice(0, 40)}`, text);
    });
    kinds.push((i) => {
      const type = rng.pick(WRONG_CONTENT_TYPES);
      const valid = toJson(sample() ?? {});
      const body = type.includes('urlencoded') ? rng.pick(['a=1&__proto__[polluted]=yes&constructor[prototype][polluted]=yes', 'version=1&name=x', '%ff=%fe']) : valid;
      return jsonRequest(i, `content-type ${type}`, body, { contentType: type });
    });
    kinds.push((i) => {
      // Past the route's limit by a little (413), and just inside it (anything but 413).
      const over = rng.int(0, 1) === 0;
      const base = toJson(sample() ?? {});
      // `{"pad":"xx…x",` + the body's fields: exactly `size` bytes.
      const pad = (size: number) => `{"pad":"${'x'.repeat(Math.max(0, size - base.length - 9 + (base === '{}' ? 1 : 0)))}"${base === '{}' ? '}' : `,${base.slice(1)}`}`;
      return over
        ? jsonRequest(i, `over the ${limit}-byte limit`, pad(limit + 1), { expect: 413 })
        : jsonRequest(i, `inside the ${limit}-byte limit`, pad(limit - 64), { notTooLarge: true });
    });
    if (pathParams.length) {
      kinds.push((i) => {
        const param = rng.pick(pathParams);
        const value = rng.pick(HOSTILE_PATH);
        return { ...jsonRequest(i, `path ${param}=${value.slice(0, 40)}`, toJson(sample() ?? {})), url: urlOf(route, baseQuery(), { param, value }) };
      });
    }
    if (queryParams.length) {
      kinds.push((i) => {
        const at = rng.int(0, queryParams.length - 1);
        const name = queryParams[at].name;
        const value = rng.pick([...HOSTILE_PATH, '', `1&${name}=2`, `1&${name}[]=2`]);
        const query = baseQuery().map((pair, k): [string, string] => (k === at ? [name, value] : pair));
        return { ...jsonRequest(i, `query ${name}=${value.slice(0, 40)}`, toJson(sample() ?? {})), url: urlOf(route, query) };
      });
    }
    if (multipart) kinds.splice(0, kinds.length, ...uploadKinds(route, rng, authFor));

    const valid: (i: number) => Request = multipart ? kinds[0] : (i) => ({ ...jsonRequest(i, 'valid', sample() ?? {}), auth: 'system_admin' });
    return Array.from({ length: count }, (_, i) => () => (i === 0 ? valid(i) : kinds[(i - 1) % kinds.length](i)));
  }

  /** A CSV upload route: multipart forms that are wrong in every way but one. */
  function uploadKinds(route: Route, rng: Rng, authFor: (i: number) => Role | null): ((i: number) => Request)[] {
    const limit = route.op['x-body-limit'] ?? 0;
    const csv = Buffer.from('product_code,product_name\nA-1,木製チェア\n');
    const form = (i: number, what: string, files: NonNullable<Request['multipart']>['files'], fields: [string, string][] = [], extra: Partial<Request> = {}): Request => ({
      method: route.method,
      url: urlOf(route, []),
      multipart: { fields, files },
      auth: authFor(i),
      what,
      ...extra,
    });
    const file = (name: string, content = csv, field = 'file') => ({ field, name, content, type: 'text/csv' });
    return [
      (i) => form(i, 'no file', [], [['confirm_reimport', 'true']]),
      (i) => form(i, 'the file in another field', [file('a.csv', csv, 'upload')]),
      (i) => form(i, 'two files', [file('a.csv'), file('b.csv')]),
      (i) => form(i, 'hostile file name', [file(rng.pick(['../../etc/passwd', 'a\u0000.csv', '\ud800.csv', '😀.csv', '.csv', 'x'.repeat(1000) + '.csv', 'a.exe']))]),
      (i) => form(i, 'hostile form field', [file(`f${rng.int(0, 1e9)}.csv`)], [[rng.pick(['__proto__', 'constructor', 'confirm_reimport', '__proto__[polluted]']), rng.pick(['yes', 'x'.repeat(5000), '\u0000'])]]),
      (i) => form(i, 'not a CSV', [file(`f${rng.int(0, 1e9)}.csv`, Buffer.from([0x00, 0xff, 0xfe, 0x00, 0x89, 0x50, 0x4e, 0x47]))]),
      (i) => form(i, `a file past the ${limit}-byte limit`, [file(`big${rng.int(0, 1e9)}.csv`, Buffer.alloc(limit + 1, 0x61))], [], { expect: 413, auth: 'system_admin' }),
      (i) => ({ method: route.method, url: urlOf(route, []), body: rng.pick(['--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', '--\r\n', 'garbage']), contentType: 'multipart/form-data; boundary=xyz', auth: authFor(i), what: 'broken multipart' }),
      (i) => ({ method: route.method, url: urlOf(route, []), body: toJson(withKey({ file: 'x' }, '__proto__', POISON)), contentType: 'application/json', auth: authFor(i), what: 'JSON instead of a form' }),
    ];
  }

  async function send(req: Request) {
    let test: Test = (ctx.api.http as unknown as Record<string, (url: string) => Test>)[req.method.toLowerCase()](req.url);
    if (req.auth) test = test.set('Authorization', tokens.get(req.auth)!);
    if (req.multipart) {
      for (const [name, value] of req.multipart.fields) test = test.field(name, value);
      for (const f of req.multipart.files) test = test.attach(f.field, f.content, { filename: f.name, contentType: f.type });
    } else if (req.body !== undefined) {
      test = test.set('Content-Type', req.contentType ?? 'application/json').send(req.body);
    }
    return test;
  }

  /** Sends a request and says everything that is wrong with what happened. */
  async function probe(route: Route, req: Request): Promise<{ status: number; problems: string[] }> {
    await refreshFixtures(route);
    const started = Date.now();
    const res = await send(req).catch((error: Error) => ({ status: 0, body: error.message, headers: {} as Record<string, string> }));
    const problems: string[] = [];
    const status = res.status;
    if (VERBOSE) process.stdout.write(`${status} ${Date.now() - started}ms ${req.method} ${req.url.slice(0, 100)} [${req.auth ?? 'signed out'}] ${req.what} ${status >= 400 ? JSON.stringify((res.body as { error?: unknown })?.error).slice(0, req.what === 'valid' ? 500 : 40) : ''}\n`);
    // A 503 the route's contract names (its dependency is not there: the workers, for a platform call) is an answer like a 4xx.
    const declared503 = status === 503 && Object.prototype.hasOwnProperty.call(route.op.responses ?? {}, '503');
    if ((status >= 500 && !declared503) || status === 0) problems.push(`answered ${status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    else if (status >= 400) problems.push(...envelopeProblems(status, res.headers['content-type'], res.body));
    else if (status < 200 || status >= 300) problems.push(`answered ${status}`);
    if (req.expect && status !== req.expect) problems.push(`expected ${req.expect}, answered ${status}`);
    if (req.notTooLarge && status === 413) problems.push('refused as too large');
    if (status === 202) await settle();
    const mark = await log.mark();
    if (mark !== lastMark) {
      if (status >= 400) problems.push(`refused with ${status} but wrote ${(await log.since(lastMark)).join(', ')}`);
      versions.clear();
      lastMark = mark;
    }
    if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeKeys || ({} as Record<string, unknown>).polluted !== undefined) problems.push('Object.prototype was changed');
    return { status, problems: problems.map((p) => `${label(route)} [${req.auth ?? 'signed out'}] ${req.what} → ${p}`) };
  }

  /** After an accepted job (202), waits until its writes stop, so that they are not blamed on the next request. */
  async function settle(): Promise<void> {
    let mark = await log.mark();
    for (let quiet = 0, tries = 0; quiet < 3 && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      const now = await log.mark();
      quiet = now === mark ? quiet + 1 : 0;
      mark = now;
    }
  }

  it('sees what it checks: a committed row, no rolled-back one, an answer that is not the envelope', async () => {
    const mark = await log.mark();
    await ctx.api.dataSource.transaction((m) => m.query(`UPDATE makers SET memo = memo WHERE id = $1`, [world.maker])).catch(() => undefined);
    await ctx.api.dataSource.transaction(async (m) => {
      await m.query(`INSERT INTO delivery_methods (name) VALUES ('rolled back')`);
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await log.since(mark)).toEqual(['makers UPDATE ×1']);
    lastMark = await log.mark();
    const envelope = { error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors: [{ field: 'name', error_code: 'required' }], request_id: 'r' } };
    expect(envelopeProblems(422, 'application/json; charset=utf-8', envelope)).toEqual([]);
    expect(envelopeProblems(400, 'application/json', envelope)).toEqual(['error_code NAL-422 is a 422, answered 400']);
    expect(envelopeProblems(422, 'text/html', { message: 'Bad Request', statusCode: 422 })).toHaveLength(2);
  });

  it('reads every mutating route from the contract, each with its body limit', () => {
    if (ONLY) return;
    expect(writes.length).toBeGreaterThan(50);
    for (const route of writes) expect([label(route), route.op['x-body-limit']]).toEqual([label(route), expect.any(Number)]);
  });

  /** The routes whose valid request was taken, and the others with their answer: the bodies reach the handlers. */
  const reached = new Map<string, number>();
  const refusedValid = new Map<string, number>();

  for (const route of writes) {
    it(`${label(route)}: survives ${PER_ROUTE} hostile requests`, async () => {
      const failures: string[] = [];
      // An order of its own for each order route, its lines where the command applies, so that bodies reach the command.
      if (route.path.startsWith('/orders/')) {
        const status = lineStatusFor(route);
        const delivery = { shipDate: dateIn(0), deliveryCompanyId: world.deliveryCompany, trackingCode: 'T-1' };
        world.order = await givenOrder(ctx.api, { lines: [{ makerId: world.maker, status }, { makerId: world.maker, status }], delivery });
        versions.clear();
        lastMark = await log.mark();
      }
      for (const make of casesFor(route, PER_ROUTE)) {
        const req = make();
        const { status, problems } = await probe(route, req);
        failures.push(...problems);
        if (req.what === 'valid') (status < 300 ? reached : refusedValid).set(label(route), status);
      }
      expect({ seed: SEED, failures }).toEqual({ seed: SEED, failures: [] });
    });
  }

  for (const route of reads) {
    it(`${label(route)}: answers ${PER_QUERY_ROUTE} hostile query strings within the contract`, async () => {
      const rng = rngFor(route);
      const sampler = new Sampler(contract, rng);
      const hints = hintsFor(route, sampler, rng);
      const params = route.op.parameters!.filter((p) => p.in === 'query');
      const failures: string[] = [];
      for (let i = 0; i < PER_QUERY_ROUTE; i++) {
        const query: Query = params.filter((p) => p.required).map((p) => [p.name, encoded(sampler.value(p.schema, { name: p.name, parent: {} }, hints))]);
        // A declared parameter made hostile, or a name nobody declared (`to_string` is `toString` in camelCase).
        const name = i % 3 === 2 ? encoded(rng.pick([...HOSTILE_KEYS, 'to_string', 'has_own_property', 'value_of', '__proto__[x]', 'constructor[prototype][x]'])) : rng.pick(params).name;
        const value = rng.pick([...HOSTILE_PATH, encoded(rng.pick(HOSTILE_TEXT)), '', `1&${name}=2`, `1&${name}[]=2`, 'x'.repeat(5000)]);
        query.push([name, value]);
        failures.push(...(await probe(route, { method: 'GET', url: urlOf(route, query), auth: i % 6 === 5 ? null : 'system_admin', what: `query ${name}=${value.slice(0, 40)}` })).problems);
      }
      expect({ seed: SEED, failures }).toEqual({ seed: SEED, failures: [] });
    });
  }

  it('took the valid body of most routes, so the hostile ones reached the handlers', () => {
    if (ONLY) return;
    console.log(`hostile input: seed ${SEED}, ${PER_ROUTE} requests per route; valid bodies refused: ${JSON.stringify(Object.fromEntries(refusedValid))}`);
    expect(reached.size).toBeGreaterThan(writes.length * 0.6);
  });

  it('left Object.prototype as it was', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort().join()).toBe(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

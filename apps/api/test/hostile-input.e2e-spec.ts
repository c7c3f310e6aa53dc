import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import { toSnake } from '../src/common/http/wire-case';
import { customerRow, orderBody, productRow, shopRow } from './support/order-form';
import { useTestApi } from './support/test-app';

/**
 * The fuzz suite (issue 19): every route, every field of its body and query, every hostile value a
 * probe sent. Whatever the input, the answer is never a 5xx, and a refused write changes nothing.
 */

/** What a probe sends into a field that expects something else. */
const HOSTILE: readonly unknown[] = [
  null,
  '',
  ' ',
  true,
  false,
  '0x10',
  '1e3',
  1e300,
  -1,
  1.5,
  1e23, // past bigint
  [],
  [1, 2],
  {},
  { a: { b: [1] } },
  'x'.repeat(5000),
  '😀',
  '\u0000',
  '2020-02-30',
  '9999-12-31',
  12345,
];

/** The same, as they arrive in a query string. */
const HOSTILE_TEXT: readonly string[] = ['', ' ', 'true', '0x10', '1e3', '-1', '1.5', '99999999999999999999999', 'x'.repeat(3000), '😀', '%00', '2020-02-30', '9999-12-31', '[]'];

interface RouteShape {
  method: string;
  path: string;
  body?: string[];
  query?: string[];
}

jest.setTimeout(180_000);

describe('hostile input', () => {
  const ctx = useTestApi({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  let admin: string;

  beforeAll(async () => {
    admin = (await ctx.api.signedIn('system_admin')).auth;
  });

  /** Every route with the wire names of its body's and query's fields, read from the DTO classes. */
  function routeShapes(): RouteShape[] {
    const shapes: RouteShape[] = [];
    const storage = getMetadataStorage();
    const fieldsOf = (type: unknown) =>
      typeof type === 'function' ? [...new Set(storage.getTargetValidationMetadatas(type as new () => object, '', true, false).map((m) => toSnake(m.propertyName)))] : [];
    for (const wrapper of ctx.api.app.get(DiscoveryService).getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const base = String(Reflect.getMetadata('path', metatype) ?? '').replace(/^\/+|\/+$/g, '');
      const prototype = Object.getPrototypeOf(instance);
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        const methodIndex = Reflect.getMetadata('method', handler);
        if (typeof handler !== 'function' || methodIndex === undefined) continue;
        const sub = String(Reflect.getMetadata('path', handler) ?? '').replace(/^\/+|\/+$/g, '');
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, { index: number }>;
        const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[];
        const shape: RouteShape = { method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'][methodIndex], path: `/${[base, sub].filter(Boolean).join('/')}` };
        for (const [key, arg] of Object.entries(args)) {
          const kind = Number(key.split(':')[0]);
          if (kind === RouteParamtypes.BODY) shape.body = fieldsOf(types[arg.index]);
          if (kind === RouteParamtypes.QUERY) shape.query = fieldsOf(types[arg.index]);
        }
        shapes.push(shape);
      }
    }
    return shapes;
  }

  const url = (path: string) => `/api/v1${path.replace(':provider', 'google').replace(/:\w+/g, '1')}`;

  it('finds the routes and their fields', () => {
    const shapes = routeShapes();
    expect(shapes.length).toBeGreaterThan(60);
    expect(shapes.find((s) => s.method === 'POST' && s.path === '/orders')?.body).toEqual(expect.arrayContaining(['delivery_address', 'lines', 'payment_method_id']));
    expect(shapes.find((s) => s.method === 'GET' && s.path === '/products')?.query).toEqual(expect.arrayContaining(['shop_id', 'per_page']));
  });

  it('never answers 5xx to a hostile value in any body field, alone or in all fields at once', async () => {
    const failures: string[] = [];
    for (const shape of routeShapes().filter((s) => s.body?.length)) {
      for (const value of HOSTILE) {
        const bodies = [...shape.body!.map((field) => ({ [field]: value })), Object.fromEntries(shape.body!.map((field) => [field, value]))];
        for (const body of bodies) {
          const call = (ctx.api.http as unknown as Record<string, (u: string) => import('supertest').Test>)[shape.method.toLowerCase()];
          const res = await call(url(shape.path)).set('Authorization', admin).send(body);
          if (res.status >= 500) failures.push(`${shape.method} ${shape.path} ${JSON.stringify(body).slice(0, 120)} → ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to a hostile value in any query parameter', async () => {
    const failures: string[] = [];
    for (const shape of routeShapes().filter((s) => s.method === 'GET' && s.query?.length)) {
      for (const field of shape.query!) {
        for (const value of HOSTILE_TEXT) {
          const res = await ctx.api.http.get(`${url(shape.path)}?${field}=${encodeURIComponent(value)}`).set('Authorization', admin);
          if (res.status >= 500) failures.push(`GET ${shape.path}?${field}=${value.slice(0, 40)} → ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  /**
   * Valid bodies with one field made hostile reach the handlers (a body that fails elsewhere stops at
   * validation). A refused update leaves the record as it was: its version moves only with a 200.
   */
  describe('one hostile field in an otherwise valid body', () => {
    type Resource = { name: string; create: string; body: () => Promise<Record<string, unknown>> | Record<string, unknown>; update?: (id: string) => string };
    let seq = 0;
    const next = () => ++seq;
    const resources: Resource[] = [
      { name: 'users', create: '/users', body: () => ({ email: `fuzz${next()}@example.com`, name: '山田 太郎', role: 'operator', company_name: '山田商事', status: 'valid', allow_social_login: true, avatar: 'https://example.jp/a.png' }) },
      { name: 'makers', create: '/makers', body: () => ({ code: `FZ-${next()}`, name: '山田製作所', order_method: 'email', email: 'orders@yamada.example.co.jp', phone: '03-1234-5678', fax: '03-1234-5679', address: '東京都', product_codes: 'A-1', status: 'enabled', memo: 'メモ' }) },
      { name: 'shops', create: '/shops', body: () => ({ name: '楽天店', code: `FZS-${next()}`, type: 'platform_1', ec_shop_id: 'shop1', ec_password: 'pw', admin_url: 'https://admin.example.jp', np_limit_amount: 50000, edi_stop_amount: 10, order_reminder_days: 3, order_reminder_hour: 10, ship_reminder_days: 2, ship_reminder_hour: 9 }) },
      { name: 'delivery methods', create: '/delivery_methods', body: () => ({ name: `宅配便${next()}` }) },
      { name: 'delivery companies', create: '/delivery_companies', body: () => ({ name: `運送会社${next()}` }) },
      { name: 'time shipments', create: '/settings/time_shipments', body: () => {
          const n = next();
          return { month: `${2040 + (n % 50)}-${String((Math.floor(n / 50) % 12) + 1).padStart(2, '0')}`, start_date: '2026-01-01', finish_date: '2026-01-31' };
        },
      },
      {
        name: 'products',
        create: '/products',
        body: async () => ({ product_code: `FZP-${next()}`, product_name: '木製チェア', shop_id: Number(await shopRow(ctx.api)), maker_id: Number((await ctx.api.maker()).id), price: 1980, tax_percentage: 10, shipping_type: 'direct_delivery', wholesale_price: 1000, is_display: true, available_shipment: true, state: 'available', posting_support_status: 'supported', option1: '赤', category_name: '家具', ec_product_code: 'EC-1', estimate_ship_date: '3日', delivery_category: 'A' }),
      },
      { name: 'customers', create: '/customers', body: () => ({ name: '山田 太郎', name_kana: 'ヤマダ タロウ', zip: '100-0001', phone: '03-1234-5678', fax: '03-1234-5679', email: `c${next()}@example.jp`, address: '東京都千代田区1-1', company_name: '山田商事', cs_memo: 'メモ', ec_site_id: 'EC1', core_system_customer_id: 'C1' }) },
      {
        name: 'orders',
        create: '/orders',
        body: async () => {
          const shop = await shopRow(ctx.api);
          const maker = await ctx.api.maker();
          const customer = await customerRow(ctx.api);
          await productRow(ctx.api, shop, maker.id);
          return orderBody(shop, maker.id, { customer_id: Number(customer), send_mail_flag: 1, sent_to_origin_flag: 0, file_type: 'pdf', delivery_zip: '100-0001', delivery_tel: '03-1234-5678', delivery_kana: 'ヤマダ', buyer_zip: '100-0001', buyer_address: '東京都', preferred_date: '2026-12-01', preferred_period: 3, memo: 'メモ', supplier_memo: 'メモ', edi_note: '置き配', settlement_fee: 0, other_fee: 0, shipping_fee: 500, ec_order_id: 'EC-1' });
        },
      },
    ];

    const send = (method: 'post' | 'put', path: string, body: object) => ctx.api.http[method](`/api/v1${path}`).set('Authorization', admin).send(body);

    it.each(resources.map((r) => [r.name, r] as const))('%s: create and update refuse without 5xx or a partial write', async (_name, resource) => {
      const failures: string[] = [];
      const base = await resource.body();
      const created = await send('post', resource.create, base);
      if (created.status !== 201) throw new Error(`create ${resource.name}: ${created.status} ${JSON.stringify(created.body)}`);
      const id = String(created.body.data.id);
      let version = created.body.data.version as number;
      const fields = Object.keys(base);
      for (const field of fields) {
        for (const value of HOSTILE) {
          const body = { ...(await resource.body()), [field]: value };
          const post = await send('post', resource.create, body);
          if (post.status >= 500) failures.push(`POST ${resource.create} ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${post.status}`);
          const put = await send('put', `${resource.create}/${id}`, { ...base, [field]: value, version });
          if (put.status >= 500) failures.push(`PUT ${resource.create}/:id ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${put.status}`);
          if (put.status === 200) version = put.body.data.version;
        }
      }
      expect(failures).toEqual([]);
      // Refused updates wrote nothing: the version is the last one a 200 answered.
      const now = await ctx.api.http.get(`/api/v1${resource.create}/${id}`).set('Authorization', admin);
      if (now.status === 200 && now.body.data.version !== undefined) expect(now.body.data.version).toBe(version);
    });
  });
});

import { OrderRepository } from '@oms/infra';
import type { TestApp } from './test-app';

type Res = { status: number; body: { data?: unknown; error?: { error_code: string; errors: unknown[] } } };

/** The field errors of a 422 answer. */
export const errorsOf = (res: Res) => res.body.error!.errors;

const rand = () => Math.random().toString(36).slice(2, 8);

export async function shopRow(api: TestApp, over: { npLimitAmount?: number } = {}): Promise<string> {
  const code = `S-${rand()}`;
  const [row] = await api.dataSource.query(`INSERT INTO shops (name, code, type, np_limit_amount) VALUES ($1, $2, 'platform_1', $3) RETURNING id`, [
    `ショップ ${code}`,
    code,
    over.npLimitAmount ?? null,
  ]);
  return String(row.id);
}

export async function customerRow(api: TestApp, over: { companyName?: string | null; name?: string } = {}): Promise<string> {
  const [row] = await api.dataSource.query(`INSERT INTO customers (same_person_id, name, company_name) VALUES (0, $1, $2) RETURNING id`, [
    over.name ?? '顧客 太郎',
    over.companyName ?? null,
  ]);
  await api.dataSource.query(`UPDATE customers SET same_person_id = id WHERE id = $1`, [row.id]);
  return String(row.id);
}

export async function productRow(
  api: TestApp,
  shopId: string,
  makerId: string,
  over: Partial<{ price: number; taxPercentage: number; wholesalePrice: number; option1: string; name: string }> = {},
): Promise<{ id: string; code: string }> {
  const code = `P-${rand()}`;
  const price = over.price ?? 1000;
  const rate = over.taxPercentage ?? 10;
  const tax = Math.floor((price * rate) / 100);
  const [row] = await api.dataSource.query(
    `INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, wholesale_price, option1, shipping_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'direct_delivery') RETURNING id`,
    [code, shopId, makerId, over.name ?? `商品 ${code}`, price, rate, tax, price + tax, over.wholesalePrice ?? null, over.option1 ?? null],
  );
  return { id: String(row.id), code };
}

/** A valid POST /orders body: one free line of the maker. */
export function orderBody(shopId: string, makerId: string, over: Record<string, unknown> = {}) {
  return {
    shop_id: Number(shopId),
    payment_method_id: 2,
    order_date: '2026-11-22',
    buyer_name: '山田 太郎',
    buyer_kana: 'ヤマダ タロウ',
    buyer_tel: '03-1234-5678',
    buyer_email: 'taro@example.jp',
    delivery_name: '山田 太郎',
    delivery_address: '東京都千代田区1-1',
    lines: [{ maker_id: Number(makerId), product_name: '木製チェア', amount: 1, price_with_tax: 11000, tax_percentage: 10 }],
    ...over,
  };
}

/** An operator-side client of the order routes. */
export function orderClient(api: TestApp, auth: string) {
  return {
    post: (body: object) => api.http.post('/api/v1/orders').set('Authorization', auth).send(body),
    put: (id: string, body: object) => api.http.put(`/api/v1/orders/${id}`).set('Authorization', auth).send(body),
    get: (path: string) => api.http.get(`/api/v1${path}`).set('Authorization', auth),
    async create(body: object) {
      const res = await api.http.post('/api/v1/orders').set('Authorization', auth).send(body);
      if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
  };
}

/**
 * Moves an order's lines (and maker parts) in the database, as the line commands would, and
 * recomputes its list columns: the reads are under test here, not the commands.
 */
export async function setOrderState(
  api: TestApp,
  orderId: string,
  state: {
    lineStatus?: number;
    /** Only the lines of this maker take lineStatus. */
    lineMakerId?: string;
    maker?: Partial<{ makerId: string; makerReceiveDate: string; shipDate: string; deliveryCompanyId: string; trackingCode: string }>;
    error?: { code: string; message: string; makerId?: string };
  },
): Promise<void> {
  await api.dataSource.transaction(async (m) => {
    if (state.lineStatus) {
      // A line past paid (not cancelled or refunded) has been ordered from its maker, as OrderToMaker would have marked it.
      await m.query(
        `UPDATE order_lines SET status = $2::smallint, first_ordered_at = CASE WHEN $2::smallint IN (1, 2, 7, 8) THEN first_ordered_at ELSE coalesce(first_ordered_at, now()) END
          WHERE order_id = $1 AND ($3::bigint IS NULL OR maker_id = $3)`,
        [orderId, state.lineStatus, state.lineMakerId ?? null],
      );
    }
    const mk = state.maker;
    if (mk) {
      await m.query(
        `UPDATE order_makers SET maker_receive_date = coalesce($3, maker_receive_date), ship_date = coalesce($4, ship_date),
                delivery_company_id = coalesce($5, delivery_company_id), tracking_code = coalesce($6, tracking_code)
          WHERE order_id = $1 AND ($2::bigint IS NULL OR maker_id = $2)`,
        [orderId, mk.makerId ?? null, mk.makerReceiveDate ?? null, mk.shipDate ?? null, mk.deliveryCompanyId ?? null, mk.trackingCode ?? null],
      );
    }
    if (state.error) {
      await m.query(`INSERT INTO order_errors (order_id, maker_id, code, message) VALUES ($1, $2, $3, $4)`, [
        orderId,
        state.error.makerId ?? null,
        state.error.code,
        state.error.message,
      ]);
    }
    await api.app.get(OrderRepository).refreshDerived(m, orderId);
  });
}

export { download } from './test-app';

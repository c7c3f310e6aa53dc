import { OrderRepository } from '@oms/infra';
import type { TestApp } from './test-app';

export interface FixtureLine {
  makerId: string;
  status?: number;
  /** Whether the line was ordered from its maker (first_ordered_at): by default, when its status is past paid and not cancelled or refunded. */
  ordered?: boolean;
  amount?: number;
  priceWithTax?: number;
  taxPercentage?: number;
}

export interface FixtureOrder {
  id: string;
  orderNo: string;
  version: number;
  lineIds: string[];
}

let shopId: string | null = null;

/**
 * Puts an order straight into the database in the state a test needs (lines in any status, maker
 * parts with or without delivery info), with its list columns computed as the app computes them.
 * Commands are then tested through the API against it. Only the database is used, so a browser
 * test's stack (apps/console/e2e) can give its own.
 */
export async function givenOrder(
  api: Pick<TestApp, 'dataSource'>,
  options: {
    lines: FixtureLine[];
    paymentMethodId?: number;
    orderDate?: string;
    delivery?: { shipDate: string; deliveryCompanyId: string; trackingCode: string };
    buyer?: { name: string; kana: string | null };
    customerId?: string;
  },
): Promise<FixtureOrder> {
  const db = api.dataSource;
  if (!shopId) {
    const [shop] = await db.query(`INSERT INTO shops (name, code, type) VALUES ('注文テスト店', 'ORDER-FIXTURE', 'platform_1') RETURNING id`);
    shopId = String(shop.id);
  }
  return db.transaction(async (manager) => {
    const [{ order_no: orderNo }] = await manager.query(`INSERT INTO order_numbers (order_no) VALUES (next_order_no()) RETURNING order_no`);
    const [order] = await manager.query(
      `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, buyer_name, buyer_kana, buyer_tel, buyer_email, delivery_name, status, line_statuses, maker_ids, customer_id)
       VALUES ($1, 'NAL-OMS', $2, $3, $4, $5, $6, '03-1234-5678', 'taro@example.jp', $5, 1, '{}', '{}', $7) RETURNING id`,
      [orderNo, shopId, options.paymentMethodId ?? 2, options.orderDate ?? '2026-11-01', options.buyer?.name ?? '山田 太郎', options.buyer === undefined ? 'ヤマダ タロウ' : options.buyer.kana, options.customerId ?? null],
    );
    const lineIds: string[] = [];
    for (const [i, line] of options.lines.entries()) {
      const [row] = await manager.query(
        `INSERT INTO order_lines (order_id, maker_id, product_name, amount, price_with_tax, tax_percentage, tax, status, first_ordered_at)
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7, CASE WHEN $8 THEN now() END) RETURNING id`,
        [order.id, line.makerId, `商品 ${i + 1}`, line.amount ?? 1, line.priceWithTax ?? 1100, line.taxPercentage ?? 10, line.status ?? 1, line.ordered ?? ![1, 2, 7, 8].includes(line.status ?? 1)],
      );
      lineIds.push(String(row.id));
    }
    const makerIds = [...new Set(options.lines.map((l) => l.makerId))];
    for (const makerId of makerIds) {
      const d = options.delivery;
      await manager.query(
        `INSERT INTO order_makers (order_id, maker_id, ship_date, delivery_company_id, tracking_code) VALUES ($1, $2, $3, $4, $5)`,
        [order.id, makerId, d?.shipDate ?? null, d?.deliveryCompanyId ?? null, d?.trackingCode ?? null],
      );
    }
    await new OrderRepository().refreshDerived(manager, String(order.id));
    return { id: String(order.id), version: 1, lineIds, orderNo };
  });
}

export async function deliveryCompany(api: TestApp, name = `配送会社 ${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const [row] = await api.dataSource.query(`INSERT INTO delivery_companies (name) VALUES ($1) RETURNING id`, [name]);
  return String(row.id);
}

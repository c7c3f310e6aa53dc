/** Revenues as the API sends them (snake_case), for the MSW handlers of the revenues tests. */

export function wireRevenue(extra: Record<string, unknown> = {}) {
  return {
    id: 31,
    order_id: 501,
    order_no: '20261105-0000501',
    branch_no: 1,
    shop: { id: 3, name: 'デモ家具店 本店' },
    customer_id: null,
    payment_method_id: 2,
    maker_ids: [9],
    product_name: '栗の無垢ベンチ',
    product_count: 3,
    sales_month: '2026-11',
    ship_date: '2026-11-12',
    products_total: 40000,
    tax_total: 4000,
    total: 44000,
    wholesale_total: 26000,
    reship_cost: 0,
    payment_fee: 0,
    shipping_fee: 0,
    other_fee: 0,
    refund_fee: 0,
    actual_ship_cost: 1200,
    transfer_fee: 440,
    other_cost: 0,
    margin: 16360,
    buyer_name: '鈴木 一郎',
    buyer_kana: 'スズキ イチロウ',
    memo: null,
    created_at: '2026-11-12T03:00:00Z',
    updated_at: '2026-11-12T03:00:00Z',
    version: 3,
    ...extra,
  };
}

export const wireTotals = (extra: Record<string, unknown> = {}) => ({
  count: 2,
  products_total: 60000,
  tax_total: 6000,
  total: 66000,
  wholesale_total: 39000,
  reship_cost: 1500,
  costs: 2140,
  margin: 23360,
  ...extra,
});

export const accountant = { id: 1, name: '経理 花子', email: 'keiri@example.com', role: 'accountant', permissions: ['orders.read', 'settings.read', 'deposits.read', 'deposits.write', 'revenue.read', 'revenue.write'] };
export const operator = { ...accountant, id: 2, name: 'Operator', role: 'operator', permissions: ['orders.read', 'settings.read', 'deposits.read', 'revenue.read'] };

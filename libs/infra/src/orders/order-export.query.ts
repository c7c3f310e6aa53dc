import { DataSource } from 'typeorm';

/** Which date the export period applies to (SPEC.md §4): order date 1, maker receive date 2, ship date 3. */
export const ORDER_EXPORT_DATE_KINDS = { orderDate: 1, makerReceiveDate: 2, shipDate: 3 } as const;
export type OrderExportDateKind = (typeof ORDER_EXPORT_DATE_KINDS)[keyof typeof ORDER_EXPORT_DATE_KINDS];

export interface OrderExportFilter {
  dateKind: OrderExportDateKind;
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  /** A maker user: its own lines only. */
  onlyMakerId?: string | null;
}

/** One exported row: one order line with its order and its maker part. */
export interface OrderExportRow {
  orderId: string;
  orderNo: string;
  branchNo: number;
  orderDate: string;
  shopName: string;
  buyerName: string;
  buyerKana: string | null;
  deliveryName: string;
  deliveryAddress: string | null;
  paymentMethod: string;
  makerName: string;
  productCode: string | null;
  productName: string;
  option1: string | null;
  option2: string | null;
  amount: number;
  priceWithTax: number;
  taxPercentage: number;
  wholesalePrice: number | null;
  lineTotal: number;
  status: number;
  makerOrderDate: string | null;
  makerReceiveDate: string | null;
  estimatedShipDate: string | null;
  shipDate: string | null;
  trackingCode: string | null;
  revenueMonth: string | null;
}

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The column the period filters, and the order of the rows (the period's index first). */
const PERIOD: Record<OrderExportDateKind, { column: string; orderBy: string }> = {
  1: { column: 'o.order_date', orderBy: 'o.order_date, o.id, l.id' },
  2: { column: 'om.maker_receive_date', orderBy: 'om.maker_receive_date, o.id, l.id' },
  3: { column: 'om.ship_date', orderBy: 'om.ship_date, o.id, l.id' },
};

/** The export's SQL (pure, for benchmarks): one row per order line whose order or maker part falls in the period. */
export function orderExportSql(filter: OrderExportFilter): { sql: string; params: unknown[] } {
  const period = PERIOD[filter.dateKind];
  const params: unknown[] = [filter.from, filter.to];
  let scope = '';
  if (filter.onlyMakerId !== undefined) {
    params.push(filter.onlyMakerId ?? '0');
    scope = `AND l.maker_id = $3::bigint`;
  }
  const sql = `
    SELECT o.id::text AS "orderId", o.order_no AS "orderNo", o.branch_no AS "branchNo", ${DATE('o.order_date')} AS "orderDate",
           s.name AS "shopName", o.buyer_name AS "buyerName", o.buyer_kana AS "buyerKana", o.delivery_name AS "deliveryName",
           o.delivery_address AS "deliveryAddress", pm.name_ja AS "paymentMethod", m.name AS "makerName",
           l.product_code AS "productCode", l.product_name AS "productName", l.option1, l.option2, l.amount,
           l.price_with_tax AS "priceWithTax", l.tax_percentage AS "taxPercentage", l.wholesale_price AS "wholesalePrice",
           (l.price_with_tax::bigint * l.amount) AS "lineTotal", l.status,
           ${DATE('om.maker_order_date')} AS "makerOrderDate", ${DATE('om.maker_receive_date')} AS "makerReceiveDate",
           ${DATE('om.estimated_ship_date')} AS "estimatedShipDate", ${DATE('om.ship_date')} AS "shipDate",
           om.tracking_code AS "trackingCode", o.revenue_month AS "revenueMonth"
      FROM order_lines l
      JOIN orders o ON o.id = l.order_id
      JOIN shops s ON s.id = o.shop_id
      JOIN payment_methods pm ON pm.id = o.payment_method_id
      JOIN makers m ON m.id = l.maker_id
      LEFT JOIN order_makers om ON om.order_id = l.order_id AND om.maker_id = l.maker_id
     WHERE ${period.column} >= $1::date AND ${period.column} <= $2::date ${scope}
     ORDER BY ${period.orderBy}`;
  return { sql, params };
}

/**
 * The export's rows through a server-side cursor, a batch at a time: memory holds one batch
 * whatever the period, and the rows come from one snapshot. Stopping early (the consumer returns
 * or fails) closes the cursor and frees the connection.
 */
export async function* streamOrderExport(dataSource: DataSource, filter: OrderExportFilter, batchSize = 5000): AsyncGenerator<OrderExportRow> {
  const { sql, params } = orderExportSql(filter);
  const runner = dataSource.createQueryRunner('slave');
  await runner.connect();
  let open = false;
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    // The whole result is read: plan for all of it, not for its first rows as cursors do by default.
    await runner.query('SET LOCAL cursor_tuple_fraction = 1.0');
    await runner.query(`DECLARE order_export NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const rows: OrderExportRow[] = await runner.query(`FETCH FORWARD ${Number(batchSize)} FROM order_export`);
      for (const row of rows) yield { ...row, lineTotal: Number(row.lineTotal) };
      if (rows.length < batchSize) break;
    }
  } finally {
    if (open) await runner.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}

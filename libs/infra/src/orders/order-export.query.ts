import { DateText, LINE_STATUS_LABELS_JA, PREFERRED_PERIOD_LABELS_JA } from '@oms/domain';
import { escapeLiteral } from 'pg';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { CsvEncoding } from '../csv/csv-column';
import { copyCsv, CopyColumn, CopyCsvQuery } from '../csv/csv-copy';
import { makerParam, makerSeesLine } from './maker-scope';

/** Which date the export period applies to (SPEC.md §4): order date 1, maker receive date 2, ship date 3. */
export const ORDER_EXPORT_DATE_KINDS = { orderDate: 1, makerReceiveDate: 2, shipDate: 3 } as const;
export type OrderExportDateKind = (typeof ORDER_EXPORT_DATE_KINDS)[keyof typeof ORDER_EXPORT_DATE_KINDS];

export interface OrderExportFilter {
  dateKind: OrderExportDateKind;
  /** `YYYY-MM-DD`, inclusive. */
  from: DateText;
  to: DateText;
  /** A maker user (undefined: staff): the lines it may see (makerSeesLine), in MAKER_EXPORT_COLUMNS. */
  onlyMakerId?: string | null;
}

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** A line's status as the console labels it in Japanese (未入金, 発注済み…), not its code. */
const STATUS_LABEL = `CASE l.status ${Object.entries(LINE_STATUS_LABELS_JA)
  .map(([code, label]) => `WHEN ${Number(code)} THEN ${escapeLiteral(label)}`)
  .join(' ')} END`;

/** The preferred delivery period by its label (14-16時…, 指定なし), as order sheets print it. */
const PREFERRED_PERIOD_LABEL = `CASE o.preferred_period ${Object.entries(PREFERRED_PERIOD_LABELS_JA)
  .map(([code, label]) => `WHEN ${Number(code)} THEN ${escapeLiteral(label)}`)
  .join(' ')} END`;

/** The columns either export may write, by key: the order's, the line's, the maker part's. */
const COLUMN = {
  orderNo: { header: '受注番号', key: 'orderNo', sql: 'o.order_no', text: true },
  branchNo: { header: '枝番', key: 'branchNo', sql: 'o.branch_no' },
  orderDate: { header: '受注日', key: 'orderDate', sql: DATE('o.order_date') },
  shopName: { header: 'ショップ', key: 'shopName', sql: 's.name', text: true },
  buyerName: { header: '購入者名', key: 'buyerName', sql: 'o.buyer_name', text: true },
  buyerKana: { header: '購入者名カナ', key: 'buyerKana', sql: 'o.buyer_kana', text: true },
  deliveryName: { header: '配送先名', key: 'deliveryName', sql: 'o.delivery_name', text: true },
  deliveryZip: { header: '配送先郵便番号', key: 'deliveryZip', sql: 'o.delivery_zip', text: true },
  deliveryAddress: { header: '配送先住所', key: 'deliveryAddress', sql: 'o.delivery_address', text: true },
  deliveryTel: { header: '配送先電話番号', key: 'deliveryTel', sql: 'o.delivery_tel', text: true },
  preferredDate: { header: '希望日', key: 'preferredDate', sql: 'o.preferred_date', text: true },
  preferredPeriod: { header: '希望時間帯', key: 'preferredPeriod', sql: PREFERRED_PERIOD_LABEL, text: true },
  paymentMethod: { header: '支払方法', key: 'paymentMethod', sql: 'pm.name_ja', text: true },
  makerName: { header: 'メーカー', key: 'makerName', sql: 'm.name', text: true },
  productCode: { header: '商品コード', key: 'productCode', sql: 'l.product_code', text: true },
  productName: { header: '商品名', key: 'productName', sql: 'l.product_name', text: true },
  option1: { header: 'オプション1', key: 'option1', sql: 'l.option1', text: true },
  option2: { header: 'オプション2', key: 'option2', sql: 'l.option2', text: true },
  amount: { header: '数量', key: 'amount', sql: 'l.amount' },
  priceWithTax: { header: '税込単価', key: 'priceWithTax', sql: 'l.price_with_tax' },
  taxPercentage: { header: '税率', key: 'taxPercentage', sql: 'l.tax_percentage' },
  wholesalePrice: { header: '卸価格', key: 'wholesalePrice', sql: 'l.wholesale_price' },
  lineTotal: { header: '税込小計', key: 'lineTotal', sql: 'l.price_with_tax::bigint * l.amount' },
  wholesaleTotal: { header: '卸小計', key: 'wholesaleTotal', sql: 'l.wholesale_price::bigint * l.amount' },
  status: { header: 'ステータス', key: 'status', sql: STATUS_LABEL },
  makerOrderDate: { header: 'メーカー発注日', key: 'makerOrderDate', sql: DATE('om.maker_order_date') },
  makerReceiveDate: { header: 'メーカー受注日', key: 'makerReceiveDate', sql: DATE('om.maker_receive_date') },
  estimatedShipDate: { header: '出荷予定日', key: 'estimatedShipDate', sql: DATE('om.estimated_ship_date') },
  shipDate: { header: '出荷日', key: 'shipDate', sql: DATE('om.ship_date') },
  trackingCode: { header: '送り状番号', key: 'trackingCode', sql: 'om.tracking_code', text: true },
  revenueMonth: { header: '売上月', key: 'revenueMonth', sql: 'o.revenue_month' },
} as const satisfies Record<string, CopyColumn>;

const C = COLUMN;
/** The maker part's dates and tracking code, the last columns of either file. */
const MAKER_PART = [C.makerOrderDate, C.makerReceiveDate, C.estimatedShipDate, C.shipDate, C.trackingCode] as const;

/** One row per order line, with its order and its maker part; text columns are neutralised against formulas. */
export const ORDER_EXPORT_COLUMNS = [
  C.orderNo, C.branchNo, C.orderDate, C.shopName, C.buyerName, C.buyerKana, C.deliveryName, C.deliveryAddress, C.paymentMethod,
  C.makerName, C.productCode, C.productName, C.option1, C.option2, C.amount, C.priceWithTax, C.taxPercentage, C.wholesalePrice,
  C.lineTotal, C.status, ...MAKER_PART, C.revenueMonth,
] as const satisfies readonly CopyColumn[];

/**
 * What a maker user's export writes: what it ships and its own dates, at wholesale prices. No
 * buyer, payment, retail price, tax or revenue month (DESIGN.md §8).
 */
export const MAKER_EXPORT_COLUMNS = [
  C.orderNo, C.branchNo, C.orderDate, C.shopName, C.deliveryName, C.deliveryZip, C.deliveryAddress, C.deliveryTel, C.preferredDate,
  C.preferredPeriod, C.makerName, C.productCode, C.productName, C.option1, C.option2, C.amount, C.wholesalePrice, C.wholesaleTotal,
  C.status, ...MAKER_PART,
] as const satisfies readonly CopyColumn[];

/** The column the period filters, and the order of the rows (the period's index first). */
const PERIOD: Record<OrderExportDateKind, { column: string; orderBy: string }> = {
  1: { column: 'o.order_date', orderBy: 'o.order_date, o.id, l.id' },
  2: { column: 'om.maker_receive_date', orderBy: 'om.maker_receive_date, o.id, l.id' },
  3: { column: 'om.ship_date', orderBy: 'om.ship_date, o.id, l.id' },
};

/** The export as a COPY query (pure, for benchmarks): the order lines whose order or maker part falls in the period. */
export function orderExportCopy(filter: OrderExportFilter): CopyCsvQuery {
  const period = PERIOD[filter.dateKind];
  const params: string[] = [filter.from, filter.to];
  const maker = makerParam(filter.onlyMakerId);
  if (maker !== null) params.push(maker);
  const from = `
      FROM order_lines l
      JOIN orders o ON o.id = l.order_id
      JOIN shops s ON s.id = o.shop_id
      JOIN payment_methods pm ON pm.id = o.payment_method_id
      JOIN makers m ON m.id = l.maker_id
      LEFT JOIN order_makers om ON om.order_id = l.order_id AND om.maker_id = l.maker_id
     WHERE ${period.column} >= $1::date AND ${period.column} <= $2::date ${maker === null ? '' : `AND ${makerSeesLine('l', '$3::bigint')}`}
     ORDER BY ${period.orderBy}`;
  return { columns: maker === null ? ORDER_EXPORT_COLUMNS : MAKER_EXPORT_COLUMNS, from, params };
}

/** The export's CSV bytes (UTF-8 with BOM or Shift_JIS), streamed from PostgreSQL's COPY. */
export function orderExportCsv(dataSource: DataSource, filter: OrderExportFilter, encoding: CsvEncoding): Readable {
  return copyCsv(dataSource, orderExportCopy(filter), encoding);
}

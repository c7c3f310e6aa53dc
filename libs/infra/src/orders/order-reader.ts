import { HIDDEN_FROM_MAKER_STATUSES, type LineStatus, type MakerConfirmStatus, type OrderMethod } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';
import { makerParam, makerSeesLine, makerSeesOrder } from './maker-scope';
import { KeyedRow, KeysetPage, ListTotal, readKeysetPage } from '../database/keyset';
import { EXACT_TOTAL_LIMIT, orderCountSql, OrderListFilters, OrderListPaging, orderListSql, OrderListSql } from './order-list.query';
import type { OrderFieldsWrite, OrderLineWrite } from './order-editor';

export interface PaymentMethodRecord {
  id: number;
  code: string;
  nameJa: string;
  nameEn: string;
  isPostpaid: boolean;
  businessOnly: boolean;
  feeWithTax: number | null;
  limitAmount: number | null;
}

/** A stored line: what was written (OrderLineWrite), with its id, maker name and status. */
export interface OrderLineRecord extends Required<Pick<OrderLineWrite, 'id'>>, Omit<OrderLineWrite, 'id'> {
  makerName: string;
  status: LineStatus;
}

export interface OrderMakerRecord {
  makerId: string;
  makerName: string;
  orderMethod: OrderMethod;
  confirmStatus: MakerConfirmStatus | null;
  refusalReason: string | null;
  conversationStatus: number;
  makerOrderDate: string | null;
  makerReceiveDate: string | null;
  estimatedShipDate: string | null;
  shipDate: string | null;
  deliveryCompanyId: string | null;
  trackingCode: string | null;
}

export interface OrderErrorRecord {
  id: string;
  makerId: string | null;
  code: string;
  message: string;
  createdAt: Date;
}

/** One order as stored, with what it refers to: shop name, payment method, customer, lines, maker parts, errors. */
/** The order's own fields are those create and edit write (OrderFieldsWrite). */
export interface OrderRecord extends OrderFieldsWrite {
  id: string;
  orderNo: string;
  branchNo: number;
  origin: string;
  shopName: string;
  customer: { id: string; name: string; companyName: string | null } | null;
  paymentMethod: PaymentMethodRecord;
  revenueMonth: string | null;
  fee: number;
  refundFee: number;
  productsTotal: number;
  taxTotal: number;
  total: number;
  /** The order's summary status (docs/orders-api.md "The order"). */
  status: LineStatus;
  hasDeliveryInfo: boolean;
  errorCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  lines: OrderLineRecord[];
  makers: OrderMakerRecord[];
  errors: OrderErrorRecord[];
}

/**
 * One order as a maker user reads it (DESIGN.md §8): only what it needs to ship what was ordered
 * from it. The SQL selects nothing else: no buyer, payment, retail prices, fees, totals, staff memo
 * or other makers' lines.
 */
export interface MakerOrderRecord
  extends Pick<
    OrderRecord,
    | 'id'
    | 'orderNo'
    | 'branchNo'
    | 'orderDate'
    | 'shopName'
    | 'preferredDate'
    | 'preferredPeriod'
    | 'deliveryName'
    | 'deliveryTel'
    | 'deliveryZip'
    | 'deliveryAddress'
    | 'supplierMemo'
    | 'ediNote'
    | 'version'
    | 'updatedAt'
  > {
  /** The lines it may see (makerSeesLine), oldest first. */
  lines: MakerOrderLineRecord[];
  /** Its own maker part (one). */
  makers: OrderMakerRecord[];
}

/** A line as a maker reads it: what it ships, at the wholesale price (no retail price, tax or fees). */
export type MakerOrderLineRecord = Pick<
  OrderLineRecord,
  'id' | 'makerId' | 'makerName' | 'productId' | 'productCode' | 'productName' | 'option1' | 'option2' | 'amount' | 'wholesalePrice' | 'status'
>;

/**
 * One entry of an order's history: a line's status change, or a mail to the buyer (`mail` set,
 * `command` the mail's kind, no line: it names the products it was about).
 */
export interface OrderHistoryRecord {
  id: string;
  orderLineId: string | null;
  productName: string;
  fromStatus: LineStatus | null;
  toStatus: LineStatus | null;
  command: string;
  /** A refusal's reason, an estimated ship date's change. */
  note: string | null;
  changedBy: string | null;
  changedByName: string | null;
  changedAt: Date;
  mail: { status: 'sent' | 'skipped' | 'failed'; recipient: string | null; skipReason: string | null } | null;
}

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The orders' own columns, aliased to the record's keys. */
const ORDER_COLUMNS = [
  ['id', 'id'],
  ['order_no', 'orderNo'],
  ['branch_no', 'branchNo'],
  ['origin', 'origin'],
  ['ec_order_id', 'ecOrderId'],
  ['shop_id', 'shopId'],
  ['customer_id', 'customerId'],
  ['payment_method_id', 'paymentMethodId'],
  ['delivery_method_id', 'deliveryMethodId'],
  [DATE('o.order_date'), 'orderDate'],
  ['revenue_month', 'revenueMonth'],
  ['preferred_date', 'preferredDate'],
  ['preferred_period', 'preferredPeriod'],
  ...['name', 'kana', 'tel', 'zip', 'address', 'email'].map((f) => [`buyer_${f}`, `buyer${f[0].toUpperCase()}${f.slice(1)}`]),
  ...['name', 'kana', 'tel', 'zip', 'address'].map((f) => [`delivery_${f}`, `delivery${f[0].toUpperCase()}${f.slice(1)}`]),
  ['memo', 'memo'],
  ['supplier_memo', 'supplierMemo'],
  ['edi_note', 'ediNote'],
  ['send_mail_flag', 'sendMailFlag'],
  ['sent_to_origin_flag', 'sentToOriginFlag'],
  ['file_type', 'fileType'],
  ['settlement_fee', 'settlementFee'],
  ['other_fee', 'otherFee'],
  ['shipping_fee', 'shippingFee'],
  ['fee', 'fee'],
  ['refund_fee', 'refundFee'],
  ['products_total', 'productsTotal'],
  ['tax_total', 'taxTotal'],
  ['total', 'total'],
  ['status', 'status'],
  ['has_delivery_info', 'hasDeliveryInfo'],
  ['error_count', 'errorCount'],
  ['version', 'version'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
]
  .map(([column, key]) => `${column.includes('(') ? column : `o.${column}`} AS "${key}"`)
  .join(', ');

/** The order's maker parts (of maker $2 only, unless null) as JSON. */
const MAKER_PARTS = `coalesce((
           SELECT json_agg(json_build_object(
                    'makerId', om.maker_id::text, 'makerName', m.name, 'orderMethod', m.order_method, 'confirmStatus', om.confirm_status,
                    'refusalReason', om.refusal_reason, 'conversationStatus', coalesce((SELECT c.status FROM conversations c WHERE c.order_id = om.order_id AND c.maker_id = om.maker_id), 0),
                    'makerOrderDate', ${DATE('om.maker_order_date')}, 'makerReceiveDate', ${DATE('om.maker_receive_date')},
                    'estimatedShipDate', ${DATE('om.estimated_ship_date')}, 'shipDate', ${DATE('om.ship_date')},
                    'deliveryCompanyId', om.delivery_company_id::text, 'trackingCode', om.tracking_code) ORDER BY om.maker_id)
             FROM order_makers om JOIN makers m ON m.id = om.maker_id
            WHERE om.order_id = o.id AND ($2::bigint IS NULL OR om.maker_id = $2::bigint)), '[]'::json)`;

/**
 * The orders with these ids, everything the staff's order view shows, in one query. $1 ids, $2
 * null (the maker parts' filter, shared with MAKER_RECORDS_SQL), $3 whether to read the errors.
 */
const RECORDS_SQL = `
  SELECT ${ORDER_COLUMNS},
         s.name AS "shopName",
         json_build_object('id', pm.id, 'code', pm.code, 'nameJa', pm.name_ja, 'nameEn', pm.name_en, 'isPostpaid', pm.is_postpaid,
                           'businessOnly', pm.business_only, 'feeWithTax', pm.fee_with_tax, 'limitAmount', pm.limit_amount) AS "paymentMethod",
         CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id::text, 'name', c.name, 'companyName', c.company_name) END AS customer,
         coalesce((
           SELECT json_agg(json_build_object(
                    'id', l.id::text, 'makerId', l.maker_id::text, 'makerName', m.name, 'productId', l.product_id::text,
                    'productCode', l.product_code, 'productName', l.product_name, 'amount', l.amount, 'wholesalePrice', l.wholesale_price,
                    'priceWithTax', l.price_with_tax, 'taxPercentage', l.tax_percentage, 'tax', l.tax, 'makerShippingFee', l.maker_shipping_fee,
                    'option1', l.option1, 'option2', l.option2, 'status', l.status) ORDER BY l.id)
             FROM order_lines l JOIN makers m ON m.id = l.maker_id
            WHERE l.order_id = o.id), '[]'::json) AS lines,
         ${MAKER_PARTS} AS makers,
         CASE WHEN $3::boolean THEN coalesce((
           SELECT json_agg(json_build_object('id', e.id::text, 'makerId', e.maker_id::text, 'code', e.code, 'message', e.message,
                                             'createdAt', e.created_at) ORDER BY e.id)
             FROM order_errors e
            WHERE e.order_id = o.id), '[]'::json) ELSE '[]'::json END AS errors
    FROM orders o
    JOIN shops s ON s.id = o.shop_id
    JOIN payment_methods pm ON pm.id = o.payment_method_id
    LEFT JOIN customers c ON c.id = o.customer_id
   WHERE o.id = ANY($1::bigint[])`;

/** The orders with these ids as maker $2 may read them (MakerOrderRecord); orders without a line it may see are left out. */
const MAKER_RECORDS_SQL = `
  SELECT o.id::text AS id, o.order_no AS "orderNo", o.branch_no AS "branchNo", ${DATE('o.order_date')} AS "orderDate", s.name AS "shopName",
         o.preferred_date AS "preferredDate", o.preferred_period AS "preferredPeriod", o.delivery_name AS "deliveryName",
         o.delivery_tel AS "deliveryTel", o.delivery_zip AS "deliveryZip", o.delivery_address AS "deliveryAddress",
         o.supplier_memo AS "supplierMemo", o.edi_note AS "ediNote", o.version, o.updated_at AS "updatedAt",
         coalesce((
           SELECT json_agg(json_build_object(
                    'id', l.id::text, 'makerId', l.maker_id::text, 'makerName', m.name, 'productId', l.product_id::text,
                    'productCode', l.product_code, 'productName', l.product_name, 'option1', l.option1, 'option2', l.option2,
                    'amount', l.amount, 'wholesalePrice', l.wholesale_price, 'status', l.status) ORDER BY l.id)
             FROM order_lines l JOIN makers m ON m.id = l.maker_id
            WHERE l.order_id = o.id AND ${makerSeesLine('l', '$2::bigint')}), '[]'::json) AS lines,
         ${MAKER_PARTS} AS makers
    FROM orders o
    JOIN shops s ON s.id = o.shop_id
   WHERE o.id = ANY($1::bigint[]) AND ${makerSeesOrder('o.id', '$2::bigint')}`;

/** Rows in the order of `ids`, those missing left out. */
function inIdOrder<T extends { id: string | number }>(ids: readonly string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids.map((id) => byId.get(String(id))).filter((r): r is T => !!r);
}

/** Reads of the orders area: the list, one order, its history; deleting an order error. */
export class OrderReader {
  constructor(private readonly dataSource: DataSource) {}

  private manager(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  /**
   * One page of the list (its order ids, number and cursors: database/keyset.ts) and the number of
   * matches: exact up to EXACT_TOTAL_LIMIT, else the planner's estimate (never below the limit), flagged as such.
   */
  async list(filters: OrderListFilters, paging: OrderListPaging): Promise<{ ids: string[] } & Omit<KeysetPage<KeyedRow>, 'rows'>> {
    const q = orderListSql(filters, paging);
    const result = await readKeysetPage({
      order: q.keyset,
      position: paging.position ?? { at: 'page', page: paging.page ?? 1 },
      perPage: paging.perPage,
      rows: (position) => {
        const page = orderListSql(filters, { ...paging, position });
        return this.dataSource.query(page.sql, page.params) as Promise<KeyedRow[]>;
      },
      total: this.total(q),
    });
    const { rows, ...page } = result;
    return { ids: rows.map((r) => String(r.id)), ...page };
  }

  private async total(q: OrderListSql): Promise<ListTotal> {
    const [{ total: counted }] = (await this.dataSource.query(q.countSql, q.countParams)) as { total: number }[];
    if (counted <= EXACT_TOTAL_LIMIT) return { total: counted, exact: true };
    const [plan] = await this.dataSource.query(q.estimateSql, q.estimateParams);
    const estimate = Number(plan['QUERY PLAN'][0].Plan['Plan Rows']);
    return { total: Math.max(Math.round(estimate), counted), exact: false };
  }

  /** How many orders the filters match, exactly (the dashboard's counts). */
  async count(filters: OrderListFilters): Promise<number> {
    const q = orderCountSql(filters);
    const [{ total }] = await this.dataSource.query(q.sql, q.params);
    return total;
  }

  /** The orders with these ids as staff read them, in the ids' order. */
  async records(ids: readonly string[], options: { withErrors?: boolean; manager?: EntityManager } = {}): Promise<OrderRecord[]> {
    if (ids.length === 0) return [];
    const rows: OrderRecord[] = await this.manager(options.manager).query(RECORDS_SQL, [ids, null, options.withErrors ?? false]);
    return inIdOrder(ids, rows).map((r) => ({ ...r, errors: r.errors.map((e) => ({ ...e, createdAt: new Date(e.createdAt) })) }));
  }

  /** The orders with these ids as this maker may read them (see makerSeesLine), in the ids' order. */
  async makerRecords(ids: readonly string[], onlyMakerId: string | null, manager?: EntityManager): Promise<MakerOrderRecord[]> {
    if (ids.length === 0) return [];
    const rows: MakerOrderRecord[] = await this.manager(manager).query(MAKER_RECORDS_SQL, [ids, makerParam(onlyMakerId)]);
    return inIdOrder(ids, rows).map((r) => ({ ...r, updatedAt: new Date(r.updatedAt) }));
  }

  /**
   * The status history of an order's lines and the mails to its buyer, oldest first. A maker sees
   * the rows of the lines it may see from the moment each was ordered from it, without the revenue
   * month (the shop's accounting), without naming the status before ordering (paid or not is the
   * shop's business), and no buyer mail (the buyer's address is not its business).
   */
  history(orderId: string, onlyMakerId?: string | null): Promise<OrderHistoryRecord[]> {
    return this.dataSource.query(
      `SELECT id, "orderLineId", "productName", "fromStatus", "toStatus", command, note, "changedBy", "changedByName", "changedAt", mail
         FROM (SELECT h.id::text AS id, h.order_line_id::text AS "orderLineId", l.product_name AS "productName",
                      CASE WHEN $2::bigint IS NOT NULL AND h.from_status IN (${HIDDEN_FROM_MAKER_STATUSES.join(', ')}) THEN NULL ELSE h.from_status END AS "fromStatus",
                      h.to_status AS "toStatus", h.command, h.note, h.changed_by::text AS "changedBy", u.name AS "changedByName", h.changed_at AS "changedAt",
                      NULL::json AS mail, 0 AS kind, h.id AS seq
                 FROM order_status_history h
                 JOIN order_lines l ON l.id = h.order_line_id
                 LEFT JOIN users u ON u.id = h.changed_by
                WHERE h.order_id = $1
                  AND ($2::bigint IS NULL OR (${makerSeesLine('l', '$2::bigint')} AND h.changed_at >= l.first_ordered_at AND h.command <> 'change_revenue'))
               UNION ALL
               SELECT 'mail-' || m.id, NULL, (SELECT string_agg(l.product_name, '、' ORDER BY l.id) FROM order_lines l WHERE l.id = ANY(m.line_ids)),
                      NULL, NULL, m.kind, NULL, NULL, NULL, m.created_at,
                      json_build_object('status', m.status, 'recipient', m.recipient, 'skipReason', m.skip_reason), 1, m.id
                 FROM customer_mails m
                WHERE m.order_id = $1 AND $2::bigint IS NULL) entries
        ORDER BY "changedAt", kind, seq`,
      [orderId, makerParam(onlyMakerId)],
    );
  }

  /** Deletes an error of an order (the order locked, so its error count is recomputed in turn); false when the order has no such error. */
  async deleteError(manager: EntityManager, orderId: string, errorId: string): Promise<boolean> {
    await manager.query(`SELECT id FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
    const [rows]: [{ id: string }[], number] = await manager.query(`DELETE FROM order_errors WHERE id = $1 AND order_id = $2 RETURNING id`, [errorId, orderId]);
    return rows.length === 1;
  }
}

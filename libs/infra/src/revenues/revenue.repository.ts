import { RevenueCosts } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedRow, KeysetOrder, keysetPageSql, KeysetPage, PagePosition, readKeysetPage } from '../database/keyset';
import { RevenueFilter, revenueWhere } from './revenue-filter';

/** A revenue record as the list and its page show it (SPEC.md §3 "Revenue record"). */
export interface RevenueRow {
  id: string;
  orderId: string;
  orderNo: string;
  branchNo: number;
  shopId: string;
  shopName: string;
  customerId: string | null;
  paymentMethodId: number;
  makerIds: string[];
  productName: string;
  productCount: number;
  salesMonth: string;
  shipDate: string;
  productsTotal: number;
  taxTotal: number;
  total: number;
  wholesaleTotal: number;
  reshipCost: number;
  paymentFee: number;
  shippingFee: number;
  otherFee: number;
  refundFee: number;
  actualShipCost: number;
  transferFee: number;
  otherCost: number;
  margin: number;
  buyerName: string;
  buyerKana: string | null;
  memo: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** The sums of the list's filter, answered beside its page. */
export interface RevenueTotals {
  count: number;
  productsTotal: number;
  taxTotal: number;
  total: number;
  wholesaleTotal: number;
  reshipCost: number;
  costs: number;
  margin: number;
}

/** The list's order: newest shipment first. */
export const REVENUE_LIST_ORDER: KeysetOrder = { name: '-ship_date', column: { sql: 'r.ship_date', kind: 'date' }, id: 'r.id', desc: true };

const REVENUE_COLUMNS = `r.id::text AS "id", r.order_id::text AS "orderId", r.order_no AS "orderNo", r.branch_no AS "branchNo",
  r.shop_id::text AS "shopId", s.name AS "shopName", r.customer_id::text AS "customerId", r.payment_method_id AS "paymentMethodId",
  r.maker_ids::text[] AS "makerIds", r.product_name AS "productName", r.product_count AS "productCount", r.sales_month AS "salesMonth",
  to_char(r.ship_date, 'YYYY-MM-DD') AS "shipDate", r.products_total AS "productsTotal", r.tax_total AS "taxTotal", r.total,
  r.wholesale_total::float8 AS "wholesaleTotal", r.reship_cost::float8 AS "reshipCost", r.payment_fee AS "paymentFee",
  r.shipping_fee AS "shippingFee", r.other_fee AS "otherFee", r.refund_fee AS "refundFee", r.actual_ship_cost AS "actualShipCost",
  r.transfer_fee AS "transferFee", r.other_cost AS "otherCost", r.margin::float8 AS "margin", r.buyer_name AS "buyerName",
  r.buyer_kana AS "buyerKana", r.memo, r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.version`;

/**
 * The sums of a filter in SQL (`revenues r` and its WHERE). Wholesale totals and margins are bigint
 * columns (a wholesale price × an amount can pass an integer); the sums come back as float8, exact
 * far beyond any yen total of this business.
 */
export const REVENUE_TOTALS_SQL = (where: string) =>
  `SELECT count(*)::int AS "count", coalesce(sum(r.products_total), 0)::float8 AS "productsTotal", coalesce(sum(r.tax_total), 0)::float8 AS "taxTotal",
          coalesce(sum(r.total), 0)::float8 AS "total", coalesce(sum(r.wholesale_total), 0)::float8 AS "wholesaleTotal",
          coalesce(sum(r.reship_cost), 0)::float8 AS "reshipCost",
          coalesce(sum(r.actual_ship_cost + r.transfer_fee + r.other_cost), 0)::float8 AS "costs", coalesce(sum(r.margin), 0)::float8 AS "margin"
     FROM revenues r ${where}`;

/**
 * Revenue records (issue 14). Their figures follow the orders through `revenue_sync` (the migration's
 * SQL function: one statement, safe to run again); staff write only their own costs and memo, with
 * compare-and-set on `version`.
 */
export class RevenueRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Brings the records of these orders in step with them: made, changed, or removed when nothing of
   * the order is sold any more. The orders' rows are locked first (in id order, as commands lock them),
   * then read by the next statement: a sync waits for a command in flight and reads what it wrote, and
   * two syncs of one order take turns, so an older reading never lands after a newer one.
   */
  async sync(orderIds: readonly string[], m?: EntityManager): Promise<void> {
    if (orderIds.length === 0) return;
    const run = async (tx: EntityManager) => {
      await tx.query(`SELECT id FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE`, [orderIds]);
      await tx.query(`SELECT revenue_sync($1::bigint[])`, [orderIds]);
    };
    await (m ? run(m) : this.dataSource.transaction(run));
  }

  async find(id: string, m: EntityManager = this.dataSource.manager): Promise<RevenueRow | null> {
    const [row]: RevenueRow[] = await m.query(`SELECT ${REVENUE_COLUMNS} FROM revenues r JOIN shops s ON s.id = r.shop_id WHERE r.id = $1`, [id]);
    return row ?? null;
  }

  /** Staff's costs and memo, if the record is still at `version` (false: changed meanwhile, or gone). */
  async update(m: EntityManager, id: string, version: number, write: RevenueCosts & { memo: string | null }): Promise<boolean> {
    const [rows]: [unknown[], number] = await m.query(
      `UPDATE revenues SET actual_ship_cost = $3, transfer_fee = $4, other_cost = $5, memo = $6, updated_at = now(), version = version + 1
        WHERE id = $1 AND version = $2 RETURNING id`,
      [id, version, write.actualShipCost, write.transferFee, write.otherCost, write.memo],
    );
    return rows.length === 1;
  }

  /** A page of the list at a position, with the filter's totals (exact: an accountant closes the month with them). */
  async list(filter: RevenueFilter, position: PagePosition, perPage: number): Promise<KeysetPage<RevenueRow> & { totals: RevenueTotals }> {
    const params: unknown[] = [];
    const where = revenueWhere(filter, params);
    const order = REVENUE_LIST_ORDER;
    const totals: Promise<RevenueTotals> = this.dataSource.query(REVENUE_TOTALS_SQL(where), params).then(([t]: RevenueTotals[]) => t);
    const page = await readKeysetPage({
      order,
      position,
      perPage,
      rows: (at) => {
        const q = keysetPageSql({ select: 'r.id', from: 'revenues r', where, params }, order, at, perPage);
        return this.dataSource.query(q.sql, q.params) as Promise<KeyedRow[]>;
      },
      total: totals.then((t) => ({ total: t.count, exact: true })),
    });
    const ids = page.rows.map((r) => String(r.id));
    const found: RevenueRow[] = ids.length ? await this.dataSource.query(`SELECT ${REVENUE_COLUMNS} FROM revenues r JOIN shops s ON s.id = r.shop_id WHERE r.id = ANY($1::bigint[])`, [ids]) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return { ...page, rows: ids.map((id) => byId.get(id)!).filter(Boolean), totals: await totals };
  }
}

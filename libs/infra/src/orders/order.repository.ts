import {
  DomainError,
  ErrorCode,
  isLineStatus,
  isVisibleToMaker,
  LineStatus,
  MakerConfirmStatus,
  MakerPartState,
  NotFoundError,
  Order,
  OrderLineState,
  OrderState,
  Role,
  TimelinePeriod,
} from '@oms/domain';
import { EntityManager } from 'typeorm';
import { useUpConfirmLinks } from '../maker-side/confirm-links';
import { recordOrderError } from '../maker-side/order-errors';
import { appendToOutbox } from '../outbox/outbox.writer';

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

interface OrderRow {
  id: string;
  version: number;
  order_date: string;
  revenue_month: string | null;
  first_ship_date: string | null;
  settlement_fee: number;
  shipping_fee: number;
  other_fee: number;
  fee: number;
  refund_fee: number;
  payment_method_id: number;
  is_postpaid: boolean;
  business_only: boolean;
}

/** Which order, at which version (as the client read it), and which of its lines. */
export interface OrderTarget {
  orderId: string;
  version: number;
  lineIds: string[];
}

/** Who acts: a signed-in user, or a maker through a confirmation link (no user: id null). */
export interface OrderActor {
  id: string | null;
  role: Role;
  makerId: string | null;
}

/** What a command did to one order: the aggregate method's answer, the new version and update time. */
export interface OrderChanged<R> {
  result: R;
  version: number;
  updatedAt: Date;
}

/** One order's outcome in a command over many orders. */
export type BatchResult = { orderId: string; ok: true; version: number } | { orderId: string; ok: false; errorCode: ErrorCode };

/** The command itself: one aggregate method on the target's lines (`(order, lineIds) => order.confirmPayment(lineIds)`). */
export type OrderChange<R> = (order: Order, lineIds: readonly string[]) => R | Promise<R>;

/**
 * Loads and saves the Order aggregate (DESIGN.md §5). Saving is an explicit compare-and-set on
 * `version` (TypeORM's save() does not check it, typeorm #2848): zero rows → NAL_ORD-193. The
 * line changes, the maker parts, one history row per changed line and the outbox events go in
 * the caller's transaction, with the list's denormalised columns kept current.
 */
export class OrderRepository {
  /**
   * The unit of work of every line command on one order (STYLE.md "one command, end to end"), in
   * the caller's transaction: lock, load, check the version the client read (NAL_ORD-193), let the
   * aggregate apply its rules (`change`), save with compare-and-set. A maker sees only orders with
   * a line it may see (404 otherwise) and acts only on those lines (NAL_ORD-102).
   */
  async change<R>(manager: EntityManager, target: OrderTarget, actor: OrderActor, change: OrderChange<R>, alreadyLocked = false): Promise<OrderChanged<R>> {
    // The row first: the load then reads the order and its lines as the last writer left them (read
    // separately, a writer committing in between would pair the old version with the new lines).
    if (!alreadyLocked) await this.lockInIdOrder(manager, [target.orderId]);
    const order = await this.load(manager, target.orderId);
    const lines = order?.snapshot().lines ?? [];
    // A maker acts on the lines it may see (ordered from it), as it reads them: another order is none of its own.
    const own = lines.filter((l) => actor.role !== 'maker' || (l.makerId === actor.makerId && isVisibleToMaker({ status: l.status, firstOrderedAt: l.firstOrderedAt ?? null })));
    if (!order || own.length === 0) throw new NotFoundError('order');
    if (order.version !== target.version) throw new DomainError('NAL_ORD-193');
    if (actor.role === 'maker' && target.lineIds.some((id) => !own.some((l) => l.id === String(id)))) throw new DomainError('NAL_ORD-102');
    const result = await change(order, target.lineIds);
    const saved = await this.save(manager, order, target.version, actor.id);
    return { result, ...saved };
  }

  /**
   * The same command over many orders, each changed whole or not at all: a refused order
   * (DomainError) answers its code and leaves no trace, the others keep their change.
   */
  async changeMany(manager: EntityManager, targets: readonly OrderTarget[], actor: OrderActor, change: OrderChange<unknown>): Promise<BatchResult[]> {
    // Lock every order first, in id order: two batches over the same orders cannot deadlock.
    await this.lockInIdOrder(manager, targets.map((t) => t.orderId));
    const results = new Map<OrderTarget, BatchResult>();
    for (const target of [...targets].sort((a, b) => Number(a.orderId) - Number(b.orderId))) {
      await manager.query('SAVEPOINT order_change');
      try {
        const { version } = await this.change(manager, target, actor, change, true);
        await manager.query('RELEASE SAVEPOINT order_change');
        results.set(target, { orderId: target.orderId, ok: true, version });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await manager.query('ROLLBACK TO SAVEPOINT order_change');
        results.set(target, { orderId: target.orderId, ok: false, errorCode: error.code });
      }
    }
    return targets.map((t) => results.get(t)!);
  }

  /** Locks the orders in id order (commands over many orders: no deadlocks); answers the ids that exist. */
  async lockInIdOrder(manager: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await manager.query(`SELECT id FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`, [ids]);
    return new Set(rows.map((r) => String(r.id)));
  }

  async load(manager: EntityManager, id: string): Promise<Order | null> {
    const [row]: OrderRow[] = await manager.query(
      `SELECT o.id, o.version, ${DATE('o.order_date')} AS order_date, o.revenue_month, ${DATE('o.first_ship_date')} AS first_ship_date, o.settlement_fee, o.shipping_fee, o.other_fee,
              o.fee, o.refund_fee, o.payment_method_id, pm.is_postpaid, pm.business_only
         FROM orders o JOIN payment_methods pm ON pm.id = o.payment_method_id
        WHERE o.id = $1`,
      [id],
    );
    if (!row) return null;
    // Each line's previous status: the last change in its history that moved it (a step back must return there).
    const lines: {
      id: string;
      maker_id: string;
      status: number;
      previous_status: number | null;
      amount: number;
      price_with_tax: number;
      tax_percentage: number;
      first_ordered_at: Date | null;
    }[] = await manager.query(
        `SELECT l.id, l.maker_id, l.status, l.amount, l.price_with_tax, l.tax_percentage, l.first_ordered_at,
                (SELECT h.from_status FROM order_status_history h
                  WHERE h.order_id = l.order_id AND h.order_line_id = l.id AND h.from_status IS DISTINCT FROM h.to_status
                  ORDER BY h.id DESC LIMIT 1) AS previous_status
           FROM order_lines l WHERE l.order_id = $1 ORDER BY l.id`,
        [id],
      );
    const makers: Record<string, string | number | null>[] = await manager.query(
      `SELECT maker_id, confirm_status, refusal_reason, ${DATE('maker_order_date')} AS maker_order_date,
              ${DATE('maker_receive_date')} AS maker_receive_date, ${DATE('estimated_ship_date')} AS estimated_ship_date,
              ${DATE('ship_date')} AS ship_date, delivery_company_id, tracking_code
         FROM order_makers WHERE order_id = $1 ORDER BY maker_id`,
      [id],
    );
    const state: OrderState = {
      id: String(row.id),
      version: row.version,
      orderDate: row.order_date,
      paymentMethod: { id: row.payment_method_id, isPostpaid: row.is_postpaid, businessOnly: row.business_only },
      revenueMonth: row.revenue_month,
      firstShipDate: row.first_ship_date,
      fees: { settlementFee: row.settlement_fee, shippingFee: row.shipping_fee, otherFee: row.other_fee, fee: row.fee, refundFee: row.refund_fee },
      lines: lines.map(
        (l): OrderLineState => ({
          id: String(l.id),
          makerId: String(l.maker_id),
          status: lineStatus(l.status),
          previousStatus: l.previous_status === null ? null : lineStatus(l.previous_status),
          amount: l.amount,
          priceWithTax: l.price_with_tax,
          taxPercentage: l.tax_percentage,
          firstOrderedAt: l.first_ordered_at === null ? null : new Date(l.first_ordered_at).toISOString(),
        }),
      ),
      makers: makers.map(
        (m): MakerPartState => ({
          makerId: String(m.maker_id),
          confirmStatus: (m.confirm_status as MakerConfirmStatus | null) ?? null,
          refusalReason: (m.refusal_reason as string | null) ?? null,
          makerOrderDate: (m.maker_order_date as string | null) ?? null,
          makerReceiveDate: (m.maker_receive_date as string | null) ?? null,
          estimatedShipDate: (m.estimated_ship_date as string | null) ?? null,
          shipDate: (m.ship_date as string | null) ?? null,
          deliveryCompanyId: m.delivery_company_id === null ? null : String(m.delivery_company_id),
          trackingCode: (m.tracking_code as string | null) ?? null,
        }),
      ),
    };
    return Order.from(state);
  }

  /** The monthly timeline, for the ship-date rule (NAL_ORD-191) and the sales month. */
  async timeline(manager: EntityManager): Promise<TimelinePeriod[]> {
    const rows: { month: string; start_date: string; finish_date: string }[] = await manager.query(
      `SELECT month, ${DATE('start_date')} AS start_date, ${DATE('finish_date')} AS finish_date FROM time_shipments ORDER BY start_date`,
    );
    return rows.map((r) => ({ month: r.month, startDate: r.start_date, finishDate: r.finish_date }));
  }

  /**
   * Writes what the last command did, if the order is still at `expectedVersion` (else NAL_ORD-193
   * and nothing is written). Answers the new version and update time.
   */
  async save(manager: EntityManager, order: Order, expectedVersion: number, actorId: string | null): Promise<{ version: number; updatedAt: Date }> {
    const s = order.snapshot();
    const [rows]: [{ version: number; updated_at: Date }[], number] = await manager.query(
      `UPDATE orders
          SET status = $3, revenue_month = $4, settlement_fee = $5, shipping_fee = $6, other_fee = $7, fee = $8, refund_fee = $9,
              products_total = $10, tax_total = $11, total = $12, has_delivery_info = $13, first_ship_date = $14,
              updated_at = now(), version = version + 1
        WHERE id = $1 AND version = $2
        RETURNING version, updated_at`,
      [
        s.id,
        expectedVersion,
        s.status,
        s.revenueMonth,
        s.fees.settlementFee,
        s.fees.shippingFee,
        s.fees.otherFee,
        s.fees.fee,
        s.fees.refundFee,
        s.totals.productsTotal,
        s.totals.taxTotal,
        s.totals.total,
        s.hasDeliveryInfo,
        s.firstShipDate ?? null,
      ],
    );
    if (rows.length !== 1) throw new DomainError('NAL_ORD-193');

    const { command, note, changes, events, answers } = order.recorded();
    if (changes.length > 0) {
      // OrderToMaker marks when each line was first ordered from its maker: the maker sees it from then on.
      await manager.query(
        `UPDATE order_lines l SET status = c.to_status, updated_at = now(),
                first_ordered_at = CASE WHEN $4 THEN coalesce(l.first_ordered_at, now()) ELSE l.first_ordered_at END
           FROM unnest($2::bigint[], $3::smallint[]) AS c(id, to_status)
          WHERE l.order_id = $1 AND l.id = c.id`,
        [s.id, changes.map((c) => c.lineId), changes.map((c) => c.to), command === 'order_to_maker'],
      );
      await manager.query(
        `INSERT INTO order_status_history (order_id, order_line_id, from_status, to_status, command, changed_by, note)
         SELECT $1, c.line_id, c.from_status, c.to_status, $5, $6, left($7, 200)
           FROM unnest($2::bigint[], $3::smallint[], $4::smallint[]) AS c(line_id, from_status, to_status)`,
        [s.id, changes.map((c) => c.lineId), changes.map((c) => c.from), changes.map((c) => c.to), command, actorId, note],
      );
      await manager.query(`UPDATE orders SET line_statuses = ${LINE_STATUSES_OF('$1')} WHERE id = $1`, [s.id]);
    }
    await this.writeMakerParts(manager, s.id, s.makers);
    await appendToOutbox(manager, events);
    // Once a maker's answer is recorded (by the maker's link or by anyone in the console), its links are used up.
    for (const answered of answers) await useUpConfirmLinks(manager, s.id, answered.makerId);
    // A maker that does not accept is something staff must act on: an order error on the order and in the list.
    for (const refused of answers.filter((a) => a.refused)) {
      const part = s.makers.find((m) => m.makerId === refused.makerId);
      await recordOrderError(manager, {
        orderId: s.id,
        makerId: refused.makerId,
        code: 'NAL_ORD-125',
        message: `メーカーが受注できないと回答しました: ${part?.refusalReason ?? ''}`,
      });
    }
    return { version: rows[0].version, updatedAt: rows[0].updated_at };
  }

  /**
   * Recomputes one order's list columns (summary status, line statuses, makers, delivery info,
   * error count, keyword text, totals) from its rows: after a create or edit, or an error deleted.
   */
  async refreshDerived(manager: EntityManager, orderId: string): Promise<void> {
    const order = await this.load(manager, orderId);
    if (!order) return;
    const s = order.snapshot();
    await manager.query(
      `UPDATE orders o
          SET status = $2, products_total = $3, tax_total = $4, total = $5, has_delivery_info = $6,
              line_statuses = ${LINE_STATUSES_OF('o.id')},
              maker_ids = ARRAY(SELECT DISTINCT maker_id FROM order_lines WHERE order_id = o.id ORDER BY 1),
              error_count = (SELECT count(*) FROM order_errors WHERE order_id = o.id),
              search_text = ${ORDER_SEARCH_TEXT('o')}
        WHERE o.id = $1`,
      [orderId, s.status, s.totals.productsTotal, s.totals.taxTotal, s.totals.total, s.hasDeliveryInfo],
    );
  }

  private async writeMakerParts(manager: EntityManager, orderId: string, parts: readonly MakerPartState[]): Promise<void> {
    if (parts.length === 0) return;
    const column = <K extends keyof MakerPartState>(key: K) => parts.map((p) => p[key]);
    await manager.query(
      `INSERT INTO order_makers (order_id, maker_id, confirm_status, refusal_reason, maker_order_date, maker_receive_date,
                                 estimated_ship_date, ship_date, delivery_company_id, tracking_code)
       SELECT $1, p.* FROM unnest($2::bigint[], $3::smallint[], $4::text[], $5::date[], $6::date[], $7::date[], $8::date[], $9::bigint[], $10::text[])
              AS p(maker_id, confirm_status, refusal_reason, maker_order_date, maker_receive_date, estimated_ship_date, ship_date, delivery_company_id, tracking_code)
       ON CONFLICT (order_id, maker_id) DO UPDATE SET
         confirm_status = EXCLUDED.confirm_status, refusal_reason = EXCLUDED.refusal_reason,
         maker_order_date = EXCLUDED.maker_order_date, maker_receive_date = EXCLUDED.maker_receive_date,
         estimated_ship_date = EXCLUDED.estimated_ship_date, ship_date = EXCLUDED.ship_date,
         delivery_company_id = EXCLUDED.delivery_company_id, tracking_code = EXCLUDED.tracking_code`,
      [
        orderId,
        column('makerId'),
        column('confirmStatus'),
        column('refusalReason'),
        column('makerOrderDate'),
        column('makerReceiveDate'),
        column('estimatedShipDate'),
        column('shipDate'),
        column('deliveryCompanyId'),
        column('trackingCode'),
      ],
    );
  }
}

/** SQL: the distinct statuses of an order's lines, for the list's GIN-indexed filter. */
const LINE_STATUSES_OF = (orderId: string) => `ARRAY(SELECT DISTINCT status FROM order_lines WHERE order_id = ${orderId} ORDER BY 1)`;

/**
 * SQL: the keyword text of an order (`alias` names the orders row): order number, EC order id,
 * buyer name, kana, phone as written and as digits, e-mail; lower-cased for a trigram LIKE.
 * The seed script builds the same text.
 */
export const ORDER_SEARCH_TEXT = (alias: string) =>
  `lower(concat_ws(' ', ${alias}.order_no, ${alias}.ec_order_id, ${alias}.buyer_name, ${alias}.buyer_kana, ${alias}.buyer_tel,
     regexp_replace(coalesce(${alias}.buyer_tel, ''), '[^0-9]', '', 'g'), ${alias}.buyer_email))`;

function lineStatus(value: number): LineStatus {
  if (!isLineStatus(value)) throw new Error(`order line status ${value} is not a known status`);
  return value;
}

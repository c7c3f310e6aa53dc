import { ANSWER_DAYS_WHEN_UNSET, AWAITING_ANSWER_STATUSES, AWAITING_SHIPMENT_STATUSES, DateText, MAKER_CONFIRM_STATUS, OrderTodo, SHOP_LIMITS } from '@oms/domain';
import { KeysetOrder, keysetPageSql, PagePosition } from '../database/keyset';
import { containsPattern } from '../database/sql';
import { makerParam, makerSeesLine, makerSeesOrder } from './maker-scope';

/**
 * The order list (docs/orders-api.md "Reads") as SQL over `orders` alone: every filter reads the
 * denormalised columns the migration indexed (line_statuses and maker_ids through their GIN
 * indexes with `@>`, search_text through its trigram index), so no filter joins the lines. The maker
 * dates are the one exception, an EXISTS on order_makers' partial date indexes.
 */
export interface OrderListFilters {
  /** A line status: orders having at least one line in it. */
  status?: number;
  /** `YYYY-MM-DD` bounds, inclusive. */
  orderDateFrom?: DateText;
  orderDateTo?: DateText;
  makerReceiveDateFrom?: DateText;
  makerReceiveDateTo?: DateText;
  shipDateFrom?: DateText;
  shipDateTo?: DateText;
  shopId?: string;
  makerId?: string;
  customerId?: string;
  /** Orders with a line of this product (for a maker user, a line of it that it may see). */
  productId?: string;
  paymentMethodId?: number;
  /** 0: no delivery info, 1: has it. */
  deliveryInfo?: 0 | 1;
  /** A preferred delivery period's code (0 none, 1–4 the transport time slots). */
  preferredPeriod?: number;
  /** 0: no errors, 1: at least one. */
  hasErrors?: 0 | 1;
  /**
   * Order number, EC order id, buyer name, kana, phone (as written or digits only) or e-mail contains
   * it; for a maker user, the order number or the delivery name (it may not probe the buyer's contact).
   */
  keyword?: string;
  /** Orders with a maker part that waits on staff (libs/domain dashboard/order-todos.ts), as of `today`. */
  todo?: OrderTodo;
  /** `YYYY-MM-DD`, Japan: the day `todo` is judged on (required with it). */
  today?: string;
  /**
   * A maker user (undefined: staff): only orders with a line it may see (makerSeesLine), every
   * filter read on those lines and its own part; `maker_id` and `has_errors` are ignored (order
   * errors are the staff's).
   */
  onlyMakerId?: string | null;
}

/** Sort keys as the wire writes them; `-` is descending. */
export const ORDER_SORTS = ['order_date', '-order_date', 'id', '-id', 'total', '-total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderListPaging {
  perPage: number;
  sort?: OrderSort;
  /** A numbered page (OFFSET: the first pages); page 1 when neither this nor `position` is given. */
  page?: number;
  /** Where the page is (database/keyset.ts): a numbered page, after or before a cursor's row, the last page. */
  position?: PagePosition;
}

/** A maker-date period of at most this many days is read from the date index first (see orderListWhere). */
export const SHORT_MAKER_PERIOD_DAYS = 31;

/** Up to this many matches the total is counted; beyond it the planner's estimate is answered. */
export const EXACT_TOTAL_LIMIT = 10_000;

export interface OrderListSql {
  /**
   * The page's order ids (column `id`) and their sort value (`key_value`) in list order, one more
   * than the page (whether there is more); read backwards (before a cursor, the last page) when
   * `reversed`. readKeysetPage (database/keyset.ts) makes the page of them.
   */
  sql: string;
  params: unknown[];
  /** `SELECT count(*) AS total` of the matches, counting at most EXACT_TOTAL_LIMIT + 1. */
  countSql: string;
  countParams: unknown[];
  /** `EXPLAIN (FORMAT JSON)` of the matches, for the estimate when the count reaches its limit. */
  estimateSql: string;
  /** Its parameters: the estimate's form of the filters may use them differently from countSql (a maker's list). */
  estimateParams: unknown[];
  /** The list's order, which its cursors are written for. */
  keyset: KeysetOrder;
  /** The page's rows come last first (before a cursor, the last page). */
  reversed: boolean;
}

/** Appends each value given to `params` and answers its placeholder (`$3`, `$3::date`). */
function placeholder(params: unknown[]): (value: unknown, cast?: string) => string {
  return (value, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
}

/**
 * The WHERE clause of the filters, its parameters appended to `params`. `forEstimate`: the form the
 * planner estimates best (EXISTS for maker dates), with the same parameters; it is only planned.
 */
export function orderListWhere(filters: OrderListFilters, params: unknown[], forEstimate = false, makerFromParts = false): string {
  const where: string[] = [];
  const param = placeholder(params);
  const makerScope = makerParam(filters.onlyMakerId);
  // makerFromParts: the list runs over the maker parts `mp` (see orderListSql), which carry the maker.
  const listedMaker = makerScope ?? filters.makerId;
  if (makerFromParts && listedMaker) where.push(`mp.maker_id = ${param(listedMaker, '::bigint')}`);
  if (makerScope !== null) {
    const maker = param(makerScope, '::bigint');
    if (!makerFromParts) where.push(`o.maker_ids @> ARRAY[${maker}]`);
    where.push(makerSeesOrder(makerFromParts ? 'mp.order_id' : 'o.id', maker));
  }
  if (filters.status !== undefined) {
    where.push(`o.line_statuses @> ARRAY[${param(filters.status, '::smallint')}]`);
    // A maker sees its own lines only: the status must be one of them, not another maker's.
    if (makerScope !== null) {
      where.push(
        `EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND ${makerSeesLine('l', param(makerScope, '::bigint'))} AND l.status = ${param(filters.status, '::smallint')})`,
      );
    }
  }
  if (filters.orderDateFrom) where.push(`o.order_date >= ${param(filters.orderDateFrom, '::date')}`);
  if (filters.orderDateTo) where.push(`o.order_date <= ${param(filters.orderDateTo, '::date')}`);
  const makerDate = (column: 'maker_receive_date' | 'ship_date', from?: DateText, to?: DateText) => {
    if (!from && !to) return;
    const conditions = [
      ...(from ? [`om.${column} >= ${param(from, '::date')}`] : []),
      ...(to ? [`om.${column} <= ${param(to, '::date')}`] : []),
      ...(makerScope !== null ? [`om.maker_id = ${param(makerScope, '::bigint')}`] : []),
    ].join(' AND ');
    // Maker dates follow order dates, which the planner cannot know: walking the list's order and
    // probing order_makers (EXISTS) crosses every newer order before reaching a past month (350 ms
    // on a million orders). A short period is few maker parts: read them from the date index first
    // and sort their orders (25 ms for a week, 100 ms for a month). A long or open period matches
    // densely, where the walk finds its page at once (1 ms) and reading every match would not.
    const short = !forEstimate && from && to && Date.parse(to) - Date.parse(from) <= SHORT_MAKER_PERIOD_DAYS * 86_400_000;
    where.push(
      short
        ? `o.id = ANY(ARRAY(SELECT om.order_id FROM order_makers om WHERE ${conditions}))`
        : `EXISTS (SELECT 1 FROM order_makers om WHERE om.order_id = o.id AND ${conditions})`,
    );
  };
  makerDate('maker_receive_date', filters.makerReceiveDateFrom, filters.makerReceiveDateTo);
  makerDate('ship_date', filters.shipDateFrom, filters.shipDateTo);
  if (filters.shopId) where.push(`o.shop_id = ${param(filters.shopId, '::bigint')}`);
  // A maker user is already scoped to its own maker; naming another would tell which of its orders that maker shares.
  if (filters.makerId && makerScope === null && !makerFromParts) where.push(`o.maker_ids @> ARRAY[${param(filters.makerId, '::bigint')}]`);
  // Customers and payment are the shop's business: a maker filtering on them would learn them.
  if (filters.customerId && makerScope === null) where.push(`o.customer_id = ${param(filters.customerId, '::bigint')}`);
  if (filters.productId) {
    // A semi-join the planner may run either way on order_lines_product_order: from the product's
    // lines for a product on few orders, or walking the list's order and probing for one on many
    // (an id list from the lines, `= ANY(ARRAY(…))`, took 700 ms for a product on 44,000 orders).
    // A maker filters on the lines it may see: an order it sees through another of its lines says nothing of this product.
    const visible = makerScope !== null ? ` AND ${makerSeesLine('pl', param(makerScope, '::bigint'))}` : '';
    where.push(`EXISTS (SELECT 1 FROM order_lines pl WHERE pl.order_id = o.id AND pl.product_id = ${param(filters.productId, '::bigint')}${visible})`);
  }
  if (filters.paymentMethodId !== undefined && makerScope === null) where.push(`o.payment_method_id = ${param(filters.paymentMethodId, '::smallint')}`);
  // The period is the delivery's, which a maker ships against: its own list filters on it too.
  if (filters.preferredPeriod !== undefined) where.push(`o.preferred_period = ${param(filters.preferredPeriod, '::smallint')}`);
  if (makerScope !== null) {
    // A maker's delivery info is that of its own part; order errors are the staff's (not filtered on).
    if (filters.deliveryInfo !== undefined) {
      const has = `EXISTS (SELECT 1 FROM order_makers om WHERE om.order_id = o.id AND om.maker_id = ${param(makerScope, '::bigint')}
                      AND om.ship_date IS NOT NULL AND om.delivery_company_id IS NOT NULL AND om.tracking_code IS NOT NULL)`;
      where.push(filters.deliveryInfo === 1 ? has : `NOT ${has}`);
    }
  } else {
    if (filters.deliveryInfo !== undefined) where.push(`o.has_delivery_info = ${filters.deliveryInfo === 1 ? 'true' : 'false'}`);
    // `error_count > 0` is the predicate of the partial index orders_with_errors, written the same way.
    if (filters.hasErrors !== undefined) where.push(filters.hasErrors === 1 ? 'o.error_count > 0' : 'o.error_count = 0');
  }
  if (filters.todo) where.push(`o.id = ANY(ARRAY(${todoOrderIds(filters.todo, filters.today!, makerScope, param)}))`);
  const keyword = filters.keyword?.trim().toLowerCase();
  if (keyword && makerScope !== null) {
    const pattern = param(containsPattern(keyword));
    where.push(`(lower(o.order_no) LIKE ${pattern} OR lower(o.delivery_name) LIKE ${pattern})`);
  } else if (keyword) where.push(`o.search_text LIKE ${param(containsPattern(keyword))}`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

const smallints = (statuses: readonly number[]) => `'{${statuses.join(',')}}'::smallint[]`;

/**
 * SQL: the ids of the orders with a maker part that waits on staff (needsAction() of the domain
 * over the tables; an order may come more than once). Each joins two small partial indexes in
 * (order_id, maker_id) order, index-only: the parts in question (unanswered, refused, received and
 * not shipped) and the lines still with a maker (order_lines_with_maker, which carries the status).
 */
function todoOrderIds(todo: OrderTodo, today: string, makerScope: string | null, param: (value: unknown, cast?: string) => string): string {
  const maker = makerScope !== null ? `AND om.maker_id = ${param(makerScope, '::bigint')}` : '';
  const linesIn = (statuses: readonly number[]) =>
    `EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = om.order_id AND l.maker_id = om.maker_id AND l.status = ANY(${smallints(statuses)}))`;
  // Only where used: each call adds a parameter.
  const day = () => param(today, '::date');
  const notRefused = `om.confirm_status IS DISTINCT FROM ${MAKER_CONFIRM_STATUS.notAccepted}`;
  switch (todo) {
    case 'answer_overdue': {
      // Ordered the longest a shop may wait ago or earlier: overdue whatever the shop. Only the
      // later ones read their shop's reminder days (through the order: few rows).
      // A refusal records no receive date but is an answer: counted as refused, not overdue.
      const unanswered = `om.maker_order_date IS NOT NULL AND om.maker_receive_date IS NULL AND ${notRefused} ${maker} AND ${linesIn(AWAITING_ANSWER_STATUSES)}`;
      const d = day();
      return `SELECT om.order_id FROM order_makers om WHERE ${unanswered} AND om.maker_order_date <= ${d} - ${SHOP_LIMITS.reminderDaysMax}
        UNION ALL
        SELECT om.order_id FROM order_makers om JOIN orders ao ON ao.id = om.order_id JOIN shops s ON s.id = ao.shop_id
         WHERE ${unanswered} AND om.maker_order_date > ${d} - ${SHOP_LIMITS.reminderDaysMax}
           AND om.maker_order_date <= ${d} - coalesce(s.order_reminder_days, ${ANSWER_DAYS_WHEN_UNSET})`;
    }
    case 'refused':
      return `SELECT om.order_id FROM order_makers om
         WHERE om.confirm_status = ${MAKER_CONFIRM_STATUS.notAccepted} ${maker} AND ${linesIn(AWAITING_ANSWER_STATUSES)}`;
    case 'ship_due':
      return `SELECT om.order_id FROM order_makers om
         WHERE om.maker_receive_date IS NOT NULL AND om.ship_date IS NULL AND ${notRefused} ${maker}
           AND om.estimated_ship_date <= ${day()} AND ${linesIn(AWAITING_SHIPMENT_STATUSES)}`;
  }
}

/**
 * SQL: the exact number of orders the filters match (the dashboard's counts, which link to the same
 * list). A todo alone (a maker's included: its ids are its own) is counted from its ids, without
 * reading the orders again (20,000 ids: 2 ms instead of 30).
 */
export function orderCountSql(filters: OrderListFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const { todo, today, onlyMakerId, ...others } = filters;
  if (todo && Object.values(others).every((v) => v === undefined)) {
    return { sql: `SELECT count(DISTINCT order_id)::int AS total FROM (${todoOrderIds(todo, today!, makerParam(onlyMakerId), placeholder(params))}) ids`, params };
  }
  return { sql: `SELECT count(*)::int AS total FROM orders o ${orderListWhere(filters, params)}`, params };
}

/**
 * The sort the list is read in, and whether it walks one maker's parts (see orderListSql). A maker's
 * total is its own lines' (the view's): ordering by the order's total would rank by other makers'
 * amounts, so a maker user's list by total is by date.
 */
function listOrder(filters: OrderListFilters, requested: OrderSort | undefined): { sort: OrderSort; byMakerParts: boolean } {
  const sort = filters.onlyMakerId !== undefined && (requested === 'total' || requested === '-total') ? '-order_date' : (requested ?? '-order_date');
  // One maker's orders by date (a maker filter, and every list of a maker user): walk that maker's
  // parts in date order on their own index (order_makers_by_maker_date), which pages at any depth,
  // where the GIN index on maker_ids finds the matches but must sort them all for each page. Not
  // with a product: the planner then starts from the product's lines, usually far fewer than a
  // maker's parts (a maker user's product page reads the product's 962 lines instead of walking
  // and probing the maker's 27,000 parts: docs/benchmarks.md "The product filter").
  const byMakerParts = (filters.onlyMakerId !== undefined || !!filters.makerId) && !filters.productId && (sort === 'order_date' || sort === '-order_date');
  return { sort, byMakerParts };
}

/**
 * The order a list with these filters and sort is read in, as its cursors are written and checked
 * (the API decodes `after`/`before` with it). A maker's parts carry the order's date and id, so their
 * cursors are the orders' own.
 */
export function orderListKeyset(filters: OrderListFilters, requested?: OrderSort): KeysetOrder {
  const { sort, byMakerParts } = listOrder(filters, requested);
  const field = sort.replace(/^-/, '');
  const id = byMakerParts ? 'mp.order_id' : 'o.id';
  const column =
    field === 'order_date' ? ({ sql: byMakerParts ? 'mp.order_date' : 'o.order_date', kind: 'date' } as const) : field === 'total' ? ({ sql: 'o.total', kind: 'integer' } as const) : null;
  return { name: sort, column, id, desc: sort.startsWith('-') };
}

/**
 * The list's SQL, pure so that a benchmark or console can run exactly what the API runs.
 * The page selects ids and their sort value only (an index-only scan for the default sort). A
 * numbered page skips index entries with OFFSET rather than whole rows (cheap for the first pages);
 * a page after or before a cursor starts at its row through the index (keyset), at any depth. The
 * page's orders, lines and makers are then read by id in one query (OrderReader.records).
 */
export function orderListSql(filters: OrderListFilters, paging: OrderListPaging): OrderListSql {
  const countParams: unknown[] = [];
  const { byMakerParts } = listOrder(filters, paging.sort);
  const keyset = orderListKeyset(filters, paging.sort);
  const where = orderListWhere(filters, countParams, false, byMakerParts);
  // With no other filter the maker's parts alone answer (an index-only scan); others need the order row.
  const from = byMakerParts ? (/\bo\./.test(where) ? 'order_makers mp JOIN orders o ON o.id = mp.order_id' : 'order_makers mp') : 'orders o';
  const select = byMakerParts ? 'mp.order_id AS id' : 'o.id';
  const page = keysetPageSql({ select, from, where, params: countParams }, keyset, paging.position ?? { at: 'page', page: paging.page ?? 1 }, paging.perPage);
  const estimateParams: unknown[] = [];
  return {
    sql: page.sql,
    params: page.params,
    countSql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} ${where} LIMIT ${EXACT_TOTAL_LIMIT + 1}) matches`,
    countParams,
    estimateSql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM orders o ${orderListWhere(filters, estimateParams, true)}`,
    estimateParams,
    keyset,
    reversed: page.reversed,
  };
}

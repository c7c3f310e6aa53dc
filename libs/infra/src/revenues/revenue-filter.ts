import { containsPattern } from '../database/sql';

/** The revenue list's filters (GET /revenues), shared by its page, its totals and the SS file. */
export interface RevenueFilter {
  /** `YYYY-MM` */
  salesMonth?: string;
  /** `YYYY-MM-DD`, inclusive. */
  shipDateFrom?: string;
  shipDateTo?: string;
  shopId?: string;
  makerId?: string;
  paymentMethodId?: number;
  keyword?: string;
}

/**
 * `WHERE …` of the filters over `revenues r`, its parameters added to `params` (an empty string when
 * nothing filters). Each filter is written the way an index of the table reads it.
 */
export function revenueWhere(filter: RevenueFilter, params: unknown[]): string {
  const param = (value: unknown, cast = '') => `$${params.push(value)}${cast}`;
  const where: string[] = [];
  if (filter.salesMonth) where.push(`r.sales_month = ${param(filter.salesMonth, '::char(7)')}`);
  if (filter.shipDateFrom) where.push(`r.ship_date >= ${param(filter.shipDateFrom, '::date')}`);
  if (filter.shipDateTo) where.push(`r.ship_date <= ${param(filter.shipDateTo, '::date')}`);
  if (filter.shopId) where.push(`r.shop_id = ${param(filter.shopId, '::bigint')}`);
  if (filter.makerId) where.push(`r.maker_ids @> ARRAY[${param(filter.makerId, '::bigint')}]`);
  if (filter.paymentMethodId !== undefined) where.push(`r.payment_method_id = ${param(filter.paymentMethodId, '::smallint')}`);
  const keyword = filter.keyword?.trim().toLowerCase();
  if (keyword) where.push(`r.search_text LIKE ${param(containsPattern(keyword))}`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

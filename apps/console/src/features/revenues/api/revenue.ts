import { REVENUE_LIMITS } from '@oms/domain';
import type { BodyOf, QueryOf, UrlQuery, Wire } from '../../../api/wire';

export { REVENUE_LIMITS };

/** A revenue record (SPEC.md §3): one shipped order branch, its figures, and the shop's own costs staff enter. */
export type Revenue = Wire<'RevenueView'>;
/** The filter's totals, as GET /revenues answers them beside its page. */
export type RevenueTotals = Wire<'RevenueTotalsView'>;
export type RevenueUpdateInput = BodyOf<'/revenues/{id}', 'put'>;
export type RevenueListQuery = QueryOf<'/revenues', 'get'>;
export type RevenueCsvEncoding = NonNullable<QueryOf<'/revenues/ss', 'get'>['encoding']>;

/** The list's filters, in the URL under these names (sent camel → snake); the CSVs of the filter take the same. */
export const REVENUE_FILTERS = ['salesMonth', 'shipDateFrom', 'shipDateTo', 'shopId', 'makerId', 'paymentMethodId', 'keyword'] as const satisfies readonly (keyof RevenueListQuery)[];
export type RevenueFilters = UrlQuery<RevenueListQuery, (typeof REVENUE_FILTERS)[number]>;

/** The longest keyword GET /revenues takes (its query's `@Text(100)`); a longer one is a 422. */
export const REVENUE_KEYWORD_MAX = 100;

/** The shop's costs staff enter on a record (PUT /revenues/{id}). */
export const REVENUE_COSTS = ['actualShipCost', 'transferFee', 'otherCost'] as const satisfies readonly (keyof RevenueUpdateInput)[];

export const REVENUES_PATH = '/revenues';
export const revenuePath = (id: number | string) => `${REVENUES_PATH}/${id}`;

/** The console's screens: the list is the revenue section's landing page, a record at /revenue/list/:id. */
export const REVENUES_SCREEN = '/revenue';
export const revenueScreen = (id: number | string) => `${REVENUES_SCREEN}/list/${id}`;

import { CUSTOMER_INQUIRY_METHOD, CUSTOMER_INQUIRY_METHODS } from '@oms/domain';
import type { BodyOf, QueryOf, UrlQuery, Wire } from '../../../api/wire';

export {
  CUSTOMER_INQUIRY_KINDS,
  CUSTOMER_INQUIRY_LIMITS,
  CUSTOMER_INQUIRY_METHOD,
  CUSTOMER_INQUIRY_METHODS,
  CUSTOMER_INQUIRY_STATE,
  CUSTOMER_INQUIRY_STATES,
  CUSTOMER_INQUIRY_TYPES,
  PICKUP_SLOTS,
} from '@oms/domain';

/** A customer inquiry as the list shows it (SPEC.md §3): contact, subject, handling, reply deadline and whether it is past it. */
export type CustomerInquiry = Wire<'CustomerInquiryView'>;
/** The detail page's inquiry: with the customer's other inquiries and orders. */
export type CustomerInquiryDetail = Wire<'CustomerInquiryDetailView'>;
export type CustomerInquiryInput = BodyOf<'/customer-inquiries', 'post'>;
export type CustomerInquiryUpdate = BodyOf<'/customer-inquiries/{id}', 'put'>;
export type CustomerInquiryListQuery = QueryOf<'/customer-inquiries', 'get'>;

/** The methods staff record (phone, fax, system, other): 'shop' is the web forms' own. */
export const RECORDED_METHODS = CUSTOMER_INQUIRY_METHODS.filter((m) => m !== CUSTOMER_INQUIRY_METHOD.shop);

/** The list's filters and order, in the URL under these names (sent camel → snake). */
export const CUSTOMER_INQUIRY_FILTERS = [
  'state',
  'method',
  'kind',
  'shopId',
  'personInChargeId',
  'from',
  'to',
  'overdue',
  'keyword',
  'sort',
] as const satisfies readonly (keyof CustomerInquiryListQuery)[];
export type CustomerInquiryFilters = UrlQuery<CustomerInquiryListQuery, (typeof CUSTOMER_INQUIRY_FILTERS)[number]>;

/** The list's two orders: newest first (the API's default), or the nearest reply deadline first. */
export const CUSTOMER_INQUIRY_SORTS = ['received_at', 'reply_due_at'] as const satisfies readonly NonNullable<CustomerInquiryListQuery['sort']>[];

export const CUSTOMER_INQUIRIES_PATH = '/customer-inquiries';
export const customerInquiryPath = (id: number | string) => `${CUSTOMER_INQUIRIES_PATH}/${id}`;

/** The console's screens: the section's list, the record page and an inquiry's page. */
export const CUSTOMER_INQUIRIES_SCREEN = '/customer-inquiries';
export const CUSTOMER_INQUIRY_CREATE_SCREEN = `${CUSTOMER_INQUIRIES_SCREEN}/create`;
export const customerInquiryScreen = (id: number | string) => `${CUSTOMER_INQUIRIES_SCREEN}/${id}`;

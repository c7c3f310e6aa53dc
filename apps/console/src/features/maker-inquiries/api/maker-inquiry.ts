import { MAKER_INQUIRY_LIMITS, MAKER_INQUIRY_METHOD, MAKER_INQUIRY_METHODS, MAKER_INQUIRY_STATE, MAKER_INQUIRY_STATES } from '@oms/domain';
import type { BodyOf, QueryOf, UrlQuery, Wire } from '../../../api/wire';

export { MAKER_INQUIRY_LIMITS, MAKER_INQUIRY_METHOD, MAKER_INQUIRY_METHODS, MAKER_INQUIRY_STATE, MAKER_INQUIRY_STATES };

/** A maker inquiry (SPEC.md §3): its fields, its thread and state; a maker account reads it without the shop's own fields. */
export type MakerInquiry = Wire<'MakerInquiryView'>;
export type MakerInquiryInput = BodyOf<'/maker-inquiries', 'post'>;
export type MakerInquiryUpdate = BodyOf<'/maker-inquiries/{id}', 'put'>;
export type MakerInquiryListQuery = QueryOf<'/maker-inquiries', 'get'>;

/** The list's filters, in the URL under these names (sent camel → snake). */
export const MAKER_INQUIRY_FILTERS = ['makerId', 'state', 'processed', 'method', 'keyword'] as const satisfies readonly (keyof MakerInquiryListQuery)[];
export type MakerInquiryFilters = UrlQuery<MakerInquiryListQuery, (typeof MAKER_INQUIRY_FILTERS)[number]>;

export const MAKER_INQUIRIES_PATH = '/maker-inquiries';
export const makerInquiryPath = (id: number | string) => `${MAKER_INQUIRIES_PATH}/${id}`;

/** The console's screens: the section's list, the create page and an inquiry's page. */
export const MAKER_INQUIRIES_SCREEN = '/maker-inquiries';
export const makerInquiryScreen = (id: number | string) => `${MAKER_INQUIRIES_SCREEN}/${id}`;

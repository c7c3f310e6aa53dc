import { FieldIssue } from '../errors/field-rule';

/** SPEC.md §3 and §5: what a maker (supplier) is made of, and its limits. */
export const MAKER_LIMITS = {
  codeMax: 30,
  nameMax: 100,
  productCodesMax: 1000,
  phoneMax: 15,
  faxMax: 15,
  emailMax: 100,
  addressMax: 100,
  memoMax: 1000,
} as const;

/** How order sheets reach the maker (DESIGN.md §6). */
export const ORDER_METHODS = ['fax', 'email'] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

export const MAKER_STATUSES = ['enabled', 'disabled'] as const;
export type MakerStatus = (typeof MAKER_STATUSES)[number];

/** A fax order needs a fax number to send to; an e-mail order needs an address. */
export function orderMethodIssues(method: OrderMethod, contact: { fax?: string | null; email?: string | null }): FieldIssue[] {
  if (method === 'fax' && !contact.fax?.trim()) return [{ field: 'fax', errorCode: 'NAL-MAKER-001' }];
  if (method === 'email' && !contact.email?.trim()) return [{ field: 'email', errorCode: 'NAL-MAKER-002' }];
  return [];
}

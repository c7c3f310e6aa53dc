import type { CatalogueEntry } from '../catalogue-entry';

/** Customers (NAL-CTM-…). */
export const CUSTOMER_ERRORS = {
  'NAL-CTM-001': { status: 422, message: 'Please select at least one customer' },
  'NAL-CTM-002': { status: 422, message: 'Please select only one customer' },
  'NAL-CTM-003': { status: 400, message: 'The customer was changed by someone else; reload it.' },
} as const satisfies Record<string, CatalogueEntry>;

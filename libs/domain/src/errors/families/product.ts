import type { CatalogueEntry } from '../catalogue-entry';

/** Products and product CSV (NAL-PRO-…). */
export const PRODUCT_ERRORS = {
  'NAL-PRO-001': { status: 400, message: 'The product was changed by someone else; reload it.' },
  'NAL-PRO-002': { status: 400, message: 'The availability or estimated ship date of a product has changed; please confirm.' },
} as const satisfies Record<string, CatalogueEntry>;

import type { CatalogueEntry } from '../catalogue-entry';

/** Products and product CSV (NAL-PRO-…). */
export const PRODUCT_ERRORS = {
  'NAL-PRO-001': { status: 400, message: 'The product was changed by someone else; reload it.' },
  'NAL-PRO-002': { status: 400, message: 'The availability or estimated ship date of a product has changed; please confirm.' },
  // Product CSV imports (docs/product-csv.md).
  'NAL-PRO-003': { status: 400, message: 'Only a previewed import without errors can be applied.' },
  'NAL-PRO-004': { status: 400, message: 'The catalogue has changed since the preview; upload the file again.' },
  'NAL-PRO-005': { status: 400, message: 'An import that is being applied or was applied cannot be discarded.' },
  // Order lines keep their product: a product once ordered stays (its orders link to it).
  'NAL-PRO-006': { status: 400, message: 'The product is on orders and cannot be deleted.' },
} as const satisfies Record<string, CatalogueEntry>;

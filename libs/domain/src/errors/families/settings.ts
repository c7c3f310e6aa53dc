import type { CatalogueEntry } from '../catalogue-entry';

/** Shops, delivery methods and companies, payments, options, monthly timeline (NAL-SHOP-…, NAL-SET-…, NAL_DELIVERY-…). */
export const SETTINGS_ERRORS = {
  'NAL-SHOP-001': { status: 400, message: 'The shop was changed by someone else; reload it.' },
  'NAL-SHOP-002': { status: 422, message: 'The admin URL must be an http or https address.' },
  'NAL-SET-100': { status: 400, message: 'The order settings were changed by someone else; reload them.' },
  'NAL-SET-101': { status: 400, message: 'The monthly timeline entry was changed by someone else; reload it.' },
  'NAL-SET-102': { status: 422, message: 'The invoice registration number is T followed by 13 digits, the first of them its check digit.' },
  'NAL_DELIVERY-004': { status: 400, message: 'The delivery method was changed by someone else; reload it.' },
  'NAL_DELIVERY-005': { status: 400, message: 'The delivery company was changed by someone else; reload it.' },
  'NAL_DELIVERY-006': { status: 422, message: 'The tracking URL must be an http or https address.' },
  'NAL_DELIVERY-007': { status: 422, message: 'The tracking URL must hold {code} where the tracking code goes, and no other {…}.' },
} as const satisfies Record<string, CatalogueEntry>;

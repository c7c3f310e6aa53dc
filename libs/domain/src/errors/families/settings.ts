import type { CatalogueEntry } from '../catalogue-entry';

/** Shops, delivery methods and companies, payments, options, monthly timeline (NAL-SHOP-…, NAL-SET-…, NAL_DELIVERY-…). */
export const SETTINGS_ERRORS = {
  'NAL-SHOP-001': { status: 400, message: 'The shop was changed by someone else; reload it.' },
  'NAL-SHOP-002': { status: 422, message: 'The admin URL must be an http or https address.' },
  'NAL-SHOP-003': { status: 400, message: 'The shop\'s platform connection was changed by someone else; reload it.' },
  'NAL-SHOP-004': { status: 400, message: 'The shop has no platform credentials yet: {missing}.' },
  'NAL-SHOP-005': { status: 400, message: 'This platform is not authorized with OAuth, or its OAuth application is not configured (COLORME_CLIENT_ID, COLORME_CLIENT_SECRET).' },
  'NAL-SHOP-006': { status: 400, message: 'The platform\'s authorization answer is unknown or expired; start the authorization again.' },
  'NAL-SHOP-007': { status: 503, message: 'The workers did not take the platform call in time (are they running?); try again shortly.' },
  // Order errors of the import and of sending tracking back (issue 17): staff read them on the order.
  'NAL-SHOP-020': { status: 422, message: 'Import: a line\'s product is not in the catalogue; the line was left out and is described here.' },
  'NAL-SHOP-021': { status: 422, message: 'Import: the platform\'s payment method is not mapped to one of ours yet.' },
  'NAL-SHOP-022': { status: 422, message: 'Import: the platform order has more than one delivery address; the first was taken.' },
  'NAL-SHOP-023': { status: 422, message: 'Import: the order\'s total differs from what the platform bills (discounts, points, a line left out).' },
  'NAL-SHOP-024': { status: 422, message: 'Import: the platform order changed after work on it began; the change was not applied.' },
  'NAL-SHOP-025': { status: 422, message: 'Import: the order was cancelled on the platform.' },
  'NAL-SHOP-026': { status: 422, message: 'Import: a text longer than our field was cut.' },
  'NAL-SHOP-027': { status: 422, message: 'Import: the preferred time slot is not one of ours; none was set.' },
  'NAL-SHOP-028': { status: 422, message: 'The tracking number could not be sent back to the platform.' },
  'NAL-SET-100': { status: 400, message: 'The order settings were changed by someone else; reload them.' },
  'NAL-SET-101': { status: 400, message: 'The monthly timeline entry was changed by someone else; reload it.' },
  'NAL-SET-102': { status: 422, message: 'The invoice registration number is T followed by 13 digits, the first of them its check digit.' },
  'NAL_DELIVERY-004': { status: 400, message: 'The delivery method was changed by someone else; reload it.' },
  'NAL_DELIVERY-005': { status: 400, message: 'The delivery company was changed by someone else; reload it.' },
  'NAL_DELIVERY-006': { status: 422, message: 'The tracking URL must be an http or https address.' },
  'NAL_DELIVERY-007': { status: 422, message: 'The tracking URL must hold {code} where the tracking code goes, and no other {…}.' },
} as const satisfies Record<string, CatalogueEntry>;

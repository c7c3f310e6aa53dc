import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Estimates. They live under `/customers/estimates` (SPEC.md §7), so their codes are the customers'
 * family NAL-CTM (SPEC.md §8: 001..187), from 101 on.
 */
export const ESTIMATE_ERRORS = {
  'NAL-CTM-101': { status: 400, message: 'The estimate was changed by someone else; reload it.' },
  'NAL-CTM-102': { status: 400, message: 'This action is not allowed in the estimate\'s status.' },
  'NAL-CTM-103': { status: 400, message: 'A rejection or an edit request needs its reason.' },
  'NAL-CTM-104': { status: 400, message: 'Someone else already approved or rejected this estimate.' },
  'NAL-CTM-105': { status: 400, message: 'The link has expired.' },
  'NAL-CTM-106': { status: 400, message: 'The link is not valid.' },
  'NAL-CTM-107': { status: 400, message: 'The estimate total may not exceed 99,999,999 yen.' },
  'NAL-CTM-108': { status: 400, message: 'The discount is larger than the amount it is taken from.' },
  'NAL-CTM-109': { status: 400, message: 'This estimate has no file.' },
} as const satisfies Record<string, CatalogueEntry>;

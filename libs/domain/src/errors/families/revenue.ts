import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Revenues (issue 14), family NAL-REVENUE (SPEC.md §8: 001..014). 001..009 are the revenue records';
 * 010..014 are the print documents' (families/print-document.ts).
 */
export const REVENUE_ERRORS = {
  'NAL-REVENUE-001': { status: 400, message: 'The sales month is not a month of the monthly timeline (params: month).' },
  'NAL-REVENUE-002': { status: 400, message: 'The revenue record was changed by someone else; reload it.' },
} as const satisfies Record<string, CatalogueEntry>;

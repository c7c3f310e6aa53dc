import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Print documents of orders (issue 14): invoice, receipt, delivery note, delivery request, in SPEC.md
 * §8's NAL-REVENUE family (010..014; the revenue list keeps the codes before them).
 */
export const PRINT_DOCUMENT_ERRORS = {
  'NAL-REVENUE-010': { status: 400, message: 'Nothing of the order was shipped yet: no invoice or delivery note.' },
  'NAL-REVENUE-011': { status: 400, message: 'The order is not paid: no receipt.' },
  'NAL-REVENUE-012': { status: 400, message: 'Nothing of the order was ordered from a maker yet: no delivery request.' },
  'NAL-REVENUE-013': { status: 400, message: 'The order settings lack the company name or a valid invoice registration number, which an invoice and a receipt print.' },
} as const satisfies Record<string, CatalogueEntry>;

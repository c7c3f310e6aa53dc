import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Inquiries, family NAL-INQ (SPEC.md §8: 001..018). 001 serves both kinds of inquiry; 002 is the maker
 * inquiries' (issue 15); the customer inquiries' rules (issue 16) take 003 onward, as field codes (422)
 * on the form field they concern.
 */
export const INQUIRY_ERRORS = {
  'NAL-INQ-001': { status: 400, message: 'The inquiry was changed by someone else; reload it.' },
  'NAL-INQ-002': { status: 400, message: 'The maker of an inquiry with messages cannot be changed.' },
  'NAL-INQ-003': { status: 422, message: 'No order with this number was found for this e-mail address or phone number.' },
  'NAL-INQ-004': { status: 422, message: 'Returns and exchanges are accepted within 7 days of delivery (params: days).' },
  'NAL-INQ-005': { status: 422, message: 'The pickup date must be at least 4 business days ahead (params: min, the first date allowed).' },
  'NAL-INQ-006': { status: 422, message: 'The pickup date is too far ahead (params: max).' },
  'NAL-INQ-007': { status: 422, message: 'This order has not been shipped yet: there is nothing to return.' },
} as const satisfies Record<string, CatalogueEntry>;

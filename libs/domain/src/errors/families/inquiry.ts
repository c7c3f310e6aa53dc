import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Inquiries, family NAL-INQ (SPEC.md §8: 001..018). 001..003 are the maker inquiries' (issue 15); the
 * customer inquiries (issue 16) take the codes after them.
 */
export const INQUIRY_ERRORS = {
  'NAL-INQ-001': { status: 400, message: 'The inquiry was changed by someone else; reload it.' },
  'NAL-INQ-002': { status: 400, message: 'The maker of an inquiry with messages cannot be changed.' },
} as const satisfies Record<string, CatalogueEntry>;

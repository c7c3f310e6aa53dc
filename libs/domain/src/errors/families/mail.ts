import type { CatalogueEntry } from '../catalogue-entry';

/** Mail templates staff edit in settings (NAL-MAIL-…). */
export const MAIL_ERRORS = {
  'NAL-MAIL-001': { status: 422, message: 'The template uses a placeholder it does not know.' },
  'NAL-MAIL-002': { status: 422, message: 'A placeholder is not closed: write it as {{name}}.' },
  'NAL-MAIL-003': { status: 400, message: 'The mail template was changed by someone else; reload it.' },
} as const satisfies Record<string, CatalogueEntry>;

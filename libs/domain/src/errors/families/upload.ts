import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Uploaded files imported before (NAL-UPL-…), for every area that imports files (libs/domain uploads/).
 * Field codes of a 422 (`file`), with params `{file_name, imported_at, imported_by}`.
 */
export const UPLOAD_ERRORS = {
  'NAL-UPL-001': { status: 422, message: 'A file of this name was imported already; confirm to import it again (confirm_reimport=true).' },
  'NAL-UPL-002': { status: 422, message: 'A file with the same content was imported already; confirm to import it again (confirm_reimport=true).' },
} as const satisfies Record<string, CatalogueEntry>;

import { FormBool, Optional } from '../validation/rules';

/**
 * What an upload, or the step that commits an import, may carry: `confirm_reimport=true` after staff
 * were told the file was imported before (422 `file` NAL-UPL-001/002) and chose to import it again.
 * A multipart form field on an upload, a JSON field elsewhere.
 */
export class ReimportConfirmation {
  @Optional()
  @FormBool()
  confirmReimport?: boolean;
}

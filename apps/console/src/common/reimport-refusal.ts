import type { FieldError } from '../api/field-errors';
import { errorMessage, formatDate } from '../i18n';

/**
 * The server's refusal of a file its area imported before (SPEC.md §5 "unique file name"): 422 `file`
 * NAL-UPL-001 (same name) or NAL-UPL-002 (same content), with the file name, when and by whom.
 * Every upload screen offers to send it again with `confirm_reimport`.
 */
export function reimportRefusalOf(errors: readonly FieldError[]): FieldError | undefined {
  return errors.find((e) => e.field === 'file' && (e.errorCode === 'NAL-UPL-001' || e.errorCode === 'NAL-UPL-002'));
}

/** The refusal as a sentence, with its time as the console shows times (2026年11月20日 10:30). */
export function reimportMessage(refusal: FieldError): string {
  const importedAt = refusal.params?.importedAt;
  return errorMessage(refusal.errorCode, { ...refusal.params, importedAt: typeof importedAt === 'string' ? formatDate(importedAt, true) : importedAt });
}

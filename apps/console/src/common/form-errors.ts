import type { FormInstance } from 'antd';
import type { FieldError } from '../api/field-errors';
import { toNamePath } from '../api/field-errors';
import i18n, { errorMessage } from '../i18n';

/**
 * The one place server field errors become messages under their form fields (`list.0.name` → list[0].name).
 * Returns those the form has no field for (antd would keep them and show them nowhere): the caller
 * shows them another way, `fieldErrorText` in a toast or an alert.
 */
export function applyServerErrors(form: FormInstance, errors: readonly FieldError[]): FieldError[] {
  form.setFields(
    errors.map((e) => ({
      name: toNamePath(e.field) as (string | number)[],
      errors: [errorMessage(e.errorCode, e.params as Record<string, unknown> | undefined)],
    })),
  );
  const fields = new Set(form.getFieldsError().map((f) => JSON.stringify(f.name)));
  return errors.filter((e) => !fields.has(JSON.stringify(toNamePath(e.field))));
}

/** A field error shown away from its field: the field's label when `labelOf` knows one, then the message. */
export function fieldErrorText(error: FieldError, labelOf?: (field: string) => string | undefined): string {
  const message = errorMessage(error.errorCode, error.params as Record<string, unknown> | undefined);
  const label = labelOf?.(error.field);
  return label ? i18n.t('common.fieldError', { label, message }) : message;
}

/** The errors a form has no field for (what applyServerErrors returns) as one refusal above the form; null when there are none. */
export function unplacedRefusal(unplaced: readonly FieldError[]): string | null {
  return unplaced.length ? unplaced.map((e) => fieldErrorText(e)).join(' ') : null;
}

/** A server error belongs to the value it judged: editing the field, or submitting again, clears it. */
export function clearServerErrors(form: FormInstance, changed?: Record<string, unknown>): void {
  const stale = form
    .getFieldsError()
    .filter((f) => f.errors.length && (!changed || String(f.name[0]) in changed))
    .map((f) => ({ name: f.name, errors: [] }));
  if (stale.length) form.setFields(stale);
}

import type { FormInstance } from 'antd';
import type { FieldError } from '../api/field-errors';
import { toNamePath } from '../api/field-errors';
import { errorMessage } from '../i18n';

/** The one place server field errors become messages under their form fields (`list.0.name` → list[0].name). */
export function applyServerErrors(form: FormInstance, errors: readonly FieldError[]): void {
  form.setFields(
    errors.map((e) => ({
      name: toNamePath(e.field) as (string | number)[],
      errors: [errorMessage(e.errorCode, e.params as Record<string, unknown> | undefined)],
    })),
  );
}

/** A server error belongs to the value it judged: editing the field, or submitting again, clears it. */
export function clearServerErrors(form: FormInstance, changed?: Record<string, unknown>): void {
  const stale = form
    .getFieldsError()
    .filter((f) => f.errors.length && (!changed || String(f.name[0]) in changed))
    .map((f) => ({ name: f.name, errors: [] }));
  if (stale.length) form.setFields(stale);
}

import type { TFunction } from 'i18next';
import type { FieldError } from '../../api/field-errors';
import { errorMessage } from '../../i18n';

/** One import error as a line for the operator: where (row and column, header, or the file) and what. */
export function csvErrorLine(error: FieldError, t: TFunction): string {
  const message =
    error.errorCode === 'digits' && error.params?.length !== undefined
      ? t('products.csv.digits', { length: error.params.length })
      : errorMessage(error.errorCode, error.params as Record<string, unknown> | undefined);
  const row = /^rows\.(\d+)(?:\.(.+))?$/.exec(error.field);
  if (row) return row[2] ? t('products.csv.cellError', { line: row[1], column: row[2], message }) : t('products.csv.rowError', { line: row[1], message });
  const header = /^header\.(.+)$/.exec(error.field);
  if (header) return t('products.csv.headerError', { column: header[1], message });
  return t('products.csv.fileError', { message });
}

import type { TFunction } from 'i18next';
import type { FieldError } from '../../api/field-errors';
import { errorMessage } from '../../i18n';

/** One import error as a line for the operator: where (row and column, header, or the file) and what. */
export function csvErrorLine(error: FieldError, t: TFunction): string {
  const row = /^rows\.(\d+)(?:\.(.+))?$/.exec(error.field);
  const whole = error.field === 'header' || (row !== null && row[2] === undefined); // the header row, or a row, as a whole
  let message: string;
  if (error.errorCode === 'digits' && error.params?.length !== undefined) message = t('products.csv.digits', { length: error.params.length });
  else if (whole && error.errorCode === 'max_length') message = t('products.csv.tooLong', { max: error.params?.max });
  else if (whole && error.errorCode === 'invalid' && error.params?.expected !== undefined) message = t('products.csv.cellCount', { cells: error.params.cells, expected: error.params.expected });
  else if (whole && error.errorCode === 'invalid' && error.params?.max !== undefined) message = t('products.csv.tooManyColumns', { cells: error.params.cells, max: error.params.max });
  else message = errorMessage(error.errorCode, error.params as Record<string, unknown> | undefined);
  if (row) return row[2] ? t('products.csv.cellError', { line: row[1], column: row[2], message }) : t('products.csv.rowError', { line: row[1], message });
  if (error.field === 'header') return t('products.csv.headerRowError', { message });
  const header = /^header\.(.+)$/.exec(error.field);
  if (header) return t('products.csv.headerError', { column: header[1], message });
  return t('products.csv.fileError', { message });
}

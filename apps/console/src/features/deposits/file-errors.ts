import type { TFunction } from 'i18next';
import type { FieldError } from '../../api/field-errors';
import { errorMessage } from '../../i18n';

/**
 * One problem of a refused bank file as a line for the accountant (docs/deposit-files.md "Problems"):
 * `lines.{n}.{field}` with the record's line and, for 全銀, the field's bytes; `file` for the whole file.
 * 全銀 fields are named as the bank's layout names them (金額, 勘定日…); a CSV's by its own header.
 */
export function depositFileErrorLine(error: FieldError, t: TFunction): string {
  const { line: _line, from, to, ...params } = (error.params ?? {}) as Record<string, string | number>;
  const message = errorMessage(error.errorCode, params);
  const at = /^lines\.(\d+)\.(.+)$/.exec(error.field);
  if (!at) return message;
  const [, line, name] = at;
  const field = t(`deposits.zenginFields.${name}`, { defaultValue: name });
  if (from !== undefined && to !== undefined) return t('deposits.fileError.bytes', { line, from, to, field, message });
  return t('deposits.fileError.line', { line, field, message });
}

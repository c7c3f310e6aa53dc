import type { ApiResult } from '../api/client';
import { errorMessage } from '../i18n';

/** A refused call's message for a toast: its first field error's, else its code's (with what it names), else the server's words. */
export const refusalOf = (result: Extract<ApiResult<unknown>, { ok: false }>) => {
  const field = result.error.errors[0];
  return field ? errorMessage(field.errorCode, field.params, result.error.message) : errorMessage(result.error.errorCode, result.error.params, result.error.message);
};

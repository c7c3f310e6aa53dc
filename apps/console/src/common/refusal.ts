import type { ApiResult } from '../api/client';
import { errorMessage } from '../i18n';

/** A refused call's message for a toast: its first field error's, else its code's, else the server's words. */
export const refusalOf = (result: Extract<ApiResult<unknown>, { ok: false }>) =>
  errorMessage(result.error.errors[0]?.errorCode ?? result.error.errorCode, result.error.errors[0]?.params, result.error.message);

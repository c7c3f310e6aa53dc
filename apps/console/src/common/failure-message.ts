import type { ApiError } from '../api/client';
import { errorMessage } from '../i18n';

/**
 * A thrown failure (a public page's call, `routeErrors: false`) in the page's language: its code when the
 * server sent one, else the HTTP status or no answer.
 */
export function failureMessage(error: ApiError): string {
  if (error.errorCode) return errorMessage(error.errorCode, undefined, error.message);
  return errorMessage(error.status === 0 ? 'ERR-ANOTHER' : `ERR-0${error.status}`);
}

/**
 * Every error code the system answers with, listed once (DESIGN.md §4).
 * `status` is the HTTP status the API answers with; `message` is English, for logs and scripts.
 * The console translates the code itself; a test fails when a code here lacks a translation.
 */
import type { CatalogueEntry } from './catalogue-entry';
import { CONVERSATION_ERRORS } from './families/conversation';
import { CUSTOMER_ERRORS } from './families/customer';
import { DEPOSIT_ERRORS } from './families/deposit';
import { ESTIMATE_ERRORS } from './families/estimate';
import { IDEMPOTENCY_ERRORS } from './families/idempotency';
import { INQUIRY_ERRORS } from './families/inquiry';
import { MAIL_ERRORS } from './families/mail';
import { ORDER_ERRORS } from './families/order';
import { PRINT_DOCUMENT_ERRORS } from './families/print-document';
import { PRODUCT_ERRORS } from './families/product';
import { REVENUE_ERRORS } from './families/revenue';
import { SETTINGS_ERRORS } from './families/settings';
import { UPLOAD_ERRORS } from './families/upload';

export type { CatalogueEntry };

const CORE_ERRORS = {
  // Generic, one per status of the wire contract.
  'NAL-400': { status: 400, message: 'The request could not be understood.' },
  'NAL-401': { status: 401, message: 'Sign-in required: the access token is missing, invalid or expired.' },
  'NAL-403': { status: 403, message: 'Your role may not do this.' },
  'NAL-404': { status: 404, message: 'No such record.' },
  'NAL-413': { status: 413, message: 'The request body or upload is larger than this route takes.' },
  'NAL-422': { status: 422, message: 'Some fields are invalid.' },
  'NAL-429': { status: 429, message: 'Too many requests; try again later.' },
  'NAL-500': { status: 500, message: 'Internal error. Quote the request id when reporting it.' },
  'NAL-503': { status: 503, message: 'A service the system depends on is unavailable.' },

  // Sign-in (SPEC.md §8: NAL-LO-01 and 02 keep their meaning).
  'NAL-LO-01': { status: 400, message: 'This e-mail address is not registered.' },
  'NAL-LO-02': { status: 400, message: 'Social sign-in is not allowed for this account.' },
  'NAL-LO-03': { status: 400, message: 'The sign-in request expired or was not started here; start again.' },
  'NAL-LO-04': { status: 400, message: 'The identity provider refused the sign-in.' },
  'NAL-LO-05': { status: 400, message: 'The sign-in token is invalid, expired or already used.' },
  'NAL-LO-06': { status: 401, message: 'The session has ended; sign in again.' },
  'NAL-LO-07': { status: 401, message: 'The download token is invalid or expired.' },

  // Accounts.
  'NAL-USER-001': { status: 422, message: 'A maker user needs a maker.' },
  'NAL-USER-002': { status: 422, message: 'Only maker users belong to a maker.' },
  'NAL-USER-003': { status: 403, message: 'Only a system administrator may manage system administrator accounts.' },
  'NAL-USER-004': { status: 400, message: 'You cannot delete your own account.' },
  'NAL-USER-005': { status: 400, message: 'You cannot change your own role or status.' },
  'NAL-USER-006': { status: 400, message: 'The account was changed by someone else; reload it.' },

  // Makers.
  'NAL-MAKER-001': { status: 422, message: 'A fax order needs the maker\'s fax number.' },
  'NAL-MAKER-002': { status: 422, message: 'An e-mail order needs the maker\'s e-mail address.' },
  'NAL-MAKER-003': { status: 400, message: 'The maker was changed by someone else; reload it.' },
} as const satisfies Record<string, CatalogueEntry>;

/** Areas keep their codes in `families/` (one file each); this is the whole catalogue. */
export const ERROR_CATALOGUE = { ...CORE_ERRORS, ...PRODUCT_ERRORS, ...CUSTOMER_ERRORS, ...ESTIMATE_ERRORS, ...SETTINGS_ERRORS, ...MAIL_ERRORS, ...ORDER_ERRORS, ...UPLOAD_ERRORS, ...IDEMPOTENCY_ERRORS, ...DEPOSIT_ERRORS, ...REVENUE_ERRORS, ...PRINT_DOCUMENT_ERRORS, ...CONVERSATION_ERRORS, ...INQUIRY_ERRORS } as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

import { ERROR_CATALOGUE, ErrorCode } from './error-catalogue';
import { FieldIssue } from './field-rule';

/** A business rule refused the command. The catalogue gives the status and the English message. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(ERROR_CATALOGUE[code].message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}

/** Field-level refusals found by a rule that needs more than the request (a unique e-mail, say): answered as 422. */
export class FieldValidationError extends DomainError {
  constructor(readonly issues: readonly FieldIssue[]) {
    super('NAL-422');
    this.name = 'FieldValidationError';
  }
}

/** The record does not exist, or the caller may not see it (both answer 404, so existence does not leak). */
export class NotFoundError extends DomainError {
  constructor(readonly entity: string) {
    super('NAL-404', { entity });
    this.name = 'NotFoundError';
  }
}

/** An upload past its size limit: 413 NAL-413, with the field refusal (`file_size_too_large`, params `max` in KB) in `errors`. */
export class UploadTooLargeError extends DomainError {
  constructor(readonly issues: readonly FieldIssue[]) {
    super('NAL-413');
    this.name = 'UploadTooLargeError';
  }
}

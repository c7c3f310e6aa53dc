import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { DomainError, ERROR_CATALOGUE, ErrorCode, FieldIssue, FieldValidationError, LISTED_ERRORS_MAX, NotFoundError, UploadTooLargeError } from '@oms/domain';
import type { Logger } from '@oms/infra';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { requestIdOf } from './request-context';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'NAL-400',
  401: 'NAL-401',
  403: 'NAL-403',
  404: 'NAL-404',
  413: 'NAL-413',
  422: 'NAL-422',
  429: 'NAL-429',
  503: 'NAL-503',
};

/**
 * The error answer of DESIGN.md §4, as it goes on the wire (the filter writes snake_case itself).
 * The contract (apps/api/openapi.json) describes every error answer with this type.
 */
export interface ErrorEnvelope {
  error: {
    error_code: ErrorCode;
    /** English, for logs and scripts; the console shows the translated code. */
    message: string;
    /** Every failing field of a 422 (the first LISTED_ERRORS_MAX), the upload's of a 413; empty otherwise. */
    errors: { field: string; error_code: string; params?: Readonly<Record<string, string | number>> }[];
    /** How many field errors there were, when more than were listed. */
    errors_total?: number;
    /** What a business refusal names (NAL-DEP-041's `order_no`, NAL-DEP-044's `left`): its message's placeholders. */
    params?: Readonly<Record<string, string | number>>;
    request_id: string | null;
  };
}

interface Refusal {
  status: number;
  code: ErrorCode;
  issues?: readonly FieldIssue[];
  params?: Readonly<Record<string, string | number>>;
}

/** What the envelope answers for something thrown: its status and the body as it goes on the wire. */
export interface ErrorAnswer {
  status: number;
  body: ErrorEnvelope;
}

/**
 * The answer for anything thrown (DESIGN.md §4): the filter writes it, and the idempotency interceptor
 * stores it as a key's first answer (common/http/idempotency).
 */
export function errorAnswer(exception: unknown, requestId: string | null): ErrorAnswer {
  const refusal = refusalOf(exception);
  const issues = refusal.issues ?? [];
  return {
    status: refusal.status,
    body: {
      error: {
        error_code: refusal.code,
        message: ERROR_CATALOGUE[refusal.code].message,
        // Bounded: the first LISTED_ERRORS_MAX, and how many there were when that is more.
        errors: issues.slice(0, LISTED_ERRORS_MAX).map((i) => ({ field: i.field, error_code: i.errorCode, ...(i.params ? { params: i.params } : {}) })),
        ...(issues.length > LISTED_ERRORS_MAX ? { errors_total: issues.length } : {}),
        ...(refusal.params && Object.keys(refusal.params).length > 0 ? { params: refusal.params } : {}),
        request_id: requestId,
      },
    },
  };
}

/**
 * The one place that turns anything thrown into DESIGN.md §4's envelope:
 * `{"error": {"error_code", "message", "errors": [{field, error_code, params}], "request_id"}}`.
 * Unknown failures answer NAL-500 and are logged with the request id the response carries.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    this.answer(exception, ctx.getRequest(), ctx.getResponse());
  }

  /**
   * Also what fails before a route runs (Nest hands Fastify's errors to the global filters) and a
   * middleware's failure, where the response is Node's own.
   */
  answer(exception: unknown, req: { id?: unknown; url?: string }, res: FastifyReply | ServerResponse): void {
    const answer = errorAnswer(exception, requestIdOf(req) ?? null);
    if (answer.status >= 500) {
      this.log.error({ err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : exception, path: req.url }, 'request failed');
    }
    if ('raw' in res) {
      if (!res.sent) void res.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
      return;
    }
    if (res.headersSent) return;
    res.statusCode = answer.status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(answer.body));
  }
}

function refusalOf(exception: unknown): Refusal {
  if (exception instanceof FieldValidationError) return { status: 422, code: 'NAL-422', issues: exception.issues };
  if (exception instanceof UploadTooLargeError) return { status: 413, code: 'NAL-413', issues: exception.issues };
  // A business refusal's params (not a 404's: which record was looked for is the caller's own knowledge).
  if (exception instanceof NotFoundError) return { status: exception.status, code: exception.code };
  if (exception instanceof DomainError) return { status: exception.status, code: exception.code, params: exception.params };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (CODE_BY_STATUS[status]) return { status, code: CODE_BY_STATUS[status] };
    // Nest turns Fastify's refusals of a request (415: a content type the API does not take) into these.
    return status >= 400 && status < 500 ? { status: 400, code: 'NAL-400' } : { status: 500, code: 'NAL-500' };
  }
  // Fastify's own refusals of a body (malformed JSON, too large, a content type the API does not take, a
  // file past its limit) carry a 4xx statusCode.
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) return { status, code: 'NAL-413' };
  if (typeof status === 'number' && status >= 400 && status < 500) return { status: 400, code: 'NAL-400' };
  return { status: 500, code: 'NAL-500' };
}

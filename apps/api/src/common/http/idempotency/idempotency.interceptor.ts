import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable } from 'rxjs';
import { convertKeys, toSnake } from '../wire-case';
import { requestFingerprint } from './fingerprint';
import { KEYED_AFTER_UPLOAD, takesIdempotencyKey } from './idempotent-route';
import { IdempotencyService } from './idempotency.service';

/** The request parts the fingerprint reads (Fastify's request has them). */
interface FingerprintedRequest {
  method: string;
  url: string;
  body?: unknown;
  /** Where `CsvUpload` puts the form's file (common/uploads/csv-upload.ts, CSV_FILE). */
  csvFile?: { originalname?: string; buffer?: Buffer };
}

/**
 * `Idempotency-Key` on every mutation (common/http/idempotency). It fingerprints the body as sent
 * (snake_case) and stores the answer as it goes on
 * the wire (snake_case, as that hook sends it). A request without the header, a read, or a route that
 * writes its own answer passes as it is.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || !takesIdempotencyKey(context.getClass(), context.getHandler().name)) return next.handle();
    if (this.reflector.get<boolean>(KEYED_AFTER_UPLOAD, context.getHandler())) return next.handle();
    const key = this.idempotency.keyOf(context);
    if (key === null) return next.handle();
    const req = context.switchToHttp().getRequest<FingerprintedRequest>();
    // The body as on the wire (the hook made it camelCase): a client's fingerprint is the one it can work out.
    const fingerprint = requestFingerprint({ method: req.method, url: req.url, body: convertKeys(req.body, toSnake) });
    return this.idempotency.once(context, key, fingerprint, () => next.handle());
  }
}

/**
 * The key of a multipart route (`CsvUpload`), claimed once the form is read: the fingerprint
 * holds its fields and its file's SHA-256. The answer it stores is the wire's (snake_case), as for any route.
 */
@Injectable()
export class IdempotentUpload implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!takesIdempotencyKey(context.getClass(), context.getHandler().name)) return next.handle();
    const key = this.idempotency.keyOf(context);
    if (key === null) return next.handle();
    const req = context.switchToHttp().getRequest<FingerprintedRequest>();
    const body = { fields: req.body ?? null, file: req.csvFile ? { name: req.csvFile.originalname ?? null, content: req.csvFile.buffer ?? null } : null };
    const fingerprint = requestFingerprint({ method: req.method, url: req.url, body });
    return this.idempotency.once(context, key, fingerprint, () => next.handle());
  }
}

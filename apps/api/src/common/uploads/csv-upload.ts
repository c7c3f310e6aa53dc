import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { UPLOAD_LIMITS } from '../http/body-limits';
import { IdempotentUpload } from '../http/idempotency/idempotency.interceptor';
import { KeyedAfterUpload } from '../http/idempotency/idempotent-route';
import { convertKeys, toCamel } from '../http/wire-case';

/** The part of an uploaded file an import reads (`@UploadedFile(CSV_FILE)`). */
export interface UploadedCsv {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/**
 * The file in field `file`: one, cut off as it arrives past 10 MB (413 NAL-413, DESIGN.md §4), never
 * read whole. Browsers send the file name as UTF-8 (商品.csv), which busboy would read as Latin-1 by
 * default. The form's other fields are a few flags: a handful of short ones.
 */
const CSV_FORM_LIMITS = { limits: { fileSize: UPLOAD_LIMITS.csv, files: 1, fields: 10, fieldSize: 1024, parts: 12 }, defParamCharset: 'utf8' } as const;

/** Where the reader puts the file on the request (`req.file` is @fastify/multipart's own method). */
export const CSV_FILE = 'csvFile';

/**
 * Reads the multipart form into `req.csvFile` (for `@UploadedFile(CSV_FILE)`) and `req.body` (for `@Body()`).
 * Runs after the wire-case hook, which saw no body yet (multipart is read here): the fields' keys are made camelCase
 * here, so `confirm_reimport` is `confirmReimport` in the DTO as in a JSON body. A request that is not
 * multipart has no file, which the use case refuses with its own code.
 */
@Injectable()
class CsvFormReader implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<FastifyRequest & { [CSV_FILE]?: UploadedCsv }>();
    if (!req.isMultipart()) return next.handle();
    const fields: Record<string, string> = {};
    for await (const part of req.parts(CSV_FORM_LIMITS)) {
      if (part.type === 'file') {
        // Past the limit toBuffer throws 413; a second file or another field's file is read and dropped.
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file' && !req[CSV_FILE]) req[CSV_FILE] = { originalname: part.filename, size: buffer.length, buffer };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    req.body = convertKeys(fields, toCamel);
    return next.handle();
  }
}

/**
 * A route that takes a CSV upload: multipart, the file in `file`, other fields as a DTO (`@Body()`).
 * Its `Idempotency-Key` is claimed once the form is read, with the file's content in the fingerprint.
 */
export const CsvUpload = () => applyDecorators(KeyedAfterUpload(), UseInterceptors(CsvFormReader, IdempotentUpload));

import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { UPLOAD_LIMITS } from '../http/body-limits';
import { convertKeys, toCamel } from '../http/wire-case';

/** The part of an uploaded file an import reads (multer's memory storage). */
export interface UploadedCsv {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/**
 * The file in field `file`: one, cut off by multer as it arrives past 10 MB (413 NAL-413, DESIGN.md §4),
 * never read whole. Browsers send the file name as UTF-8 (商品.csv), which busboy would read as Latin-1
 * by default. The form's other fields are a few flags: a handful of short ones.
 */
const csvFile = FileInterceptor('file', { limits: { fileSize: UPLOAD_LIMITS.csv, files: 1, fields: 10, fieldSize: 1024 }, defParamCharset: 'utf8' });

/**
 * The form's fields reach the body only when multer has read them, after the wire-case interceptor
 * turned the (then empty) body's keys to camelCase: done here for them, so `confirm_reimport` is
 * `confirmReimport` in the DTO as in a JSON body.
 */
@Injectable()
class FormFieldsToCamel implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.body && typeof req.body === 'object') req.body = convertKeys(req.body, toCamel);
    return next.handle();
  }
}

/** A route that takes a CSV upload: multipart, the file in `file`, other fields as a DTO (`@Body()`). */
export const CsvUpload = () => applyDecorators(UseInterceptors(csvFile, FormFieldsToCamel));

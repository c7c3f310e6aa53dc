import { isUtf8 } from 'node:buffer';
import { errorCodes, type FastifyInstance } from 'fastify';
import { isMediaUpload } from './body-limits';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';

/** The parser's refusal of a body nested too deep: answered 400 NAL-400 by the error filter. */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;

  constructor(readonly max: number) {
    super(`JSON nested deeper than ${max} levels`);
  }
}

/** A JSON body declared in another charset than UTF-8 (RFC 8259 knows no other): 415, answered 400 NAL-400. */
export class JsonCharsetError extends Error {
  readonly statusCode = 415;

  constructor(readonly charset: string) {
    super(`JSON must be UTF-8 (${charset})`);
  }
}

/**
 * JSON bodies: Fastify's own parser (a `__proto__` or `constructor.prototype` key is refused, not
 * assigned), after the nesting depth is counted on the raw bytes; an empty body is `{}`, as a form
 * posted without fields. The size limit is the route's (body-limits.ts, set in configureApp).
 */
export function useJsonBodies(instance: FastifyInstance): void {
  const parse = instance.getDefaultJsonParser('error', 'error');
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const raw = body as Buffer;
    const charset = /;\s*charset=("?)([^";]+)\1/i.exec(String(req.headers['content-type']))?.[2].toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return done(new JsonCharsetError(charset), undefined);
    if (raw.length === 0) return done(null, {});
    // Bytes that are not UTF-8 (a Shift_JIS body labelled otherwise) would be stored as U+FFFD: refused instead.
    if (!isUtf8(raw)) return done(new JsonCharsetError('not UTF-8'), undefined);
    if (jsonDepthExceeds(raw)) return done(new JsonTooDeepError(MAX_JSON_DEPTH), undefined);
    parse(req, raw.toString('utf8'), done);
  });
}

/**
 * Any other content type (text/plain included) is refused, 415 → NAL-400, as when no parser matched, except
 * on the local driver's upload route, where the body is a file's bytes: handed over as the request stream,
 * unread, for the route to check and store as it arrives (its size and type are the signed URL's).
 */
export function useMediaUploadBodies(instance: FastifyInstance): void {
  instance.addContentTypeParser('*', (req, payload, done) => {
    if (isMediaUpload(req.method, req.routeOptions.url ?? '')) return done(null, payload);
    done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(String(req.headers['content-type'] ?? '')), undefined);
  });
}

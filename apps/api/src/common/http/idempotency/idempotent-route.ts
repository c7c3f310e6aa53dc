import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';

const MUTATIONS = [RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE];
const decided = new WeakMap<object, boolean>();

/**
 * Whether a route takes an `Idempotency-Key`: every mutation whose answer is a status and a JSON body.
 * A handler that takes the response itself (`@Res()`, with passthrough or not, or `@Next()`) is left
 * out: what it sends is more than that (cookies of a sign-in or refresh, a file, a redirect), and a
 * replay could not give it back. The contract says which routes take one (the header parameter).
 */
export function takesIdempotencyKey(controller: object, handlerName: string | symbol): boolean {
  const fn = (controller as { prototype: Record<string | symbol, object> }).prototype[handlerName];
  // Asked on every request: worked out once per handler (the per-request floor, docs/benchmarks.md).
  let takes = decided.get(fn);
  if (takes === undefined) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<string, unknown>;
    takes =
      MUTATIONS.includes(Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod) &&
      !Object.keys(args).some((key) => [RouteParamtypes.RESPONSE, RouteParamtypes.NEXT].includes(Number(key.split(':')[0])));
    decided.set(fn, takes);
  }
  return takes;
}

export const KEYED_AFTER_UPLOAD = 'oms:idempotency-after-upload';

/**
 * A multipart route: its fields and file are read by a route interceptor (CsvUpload), after the global
 * interceptors ran, so its key is claimed there, with them in the fingerprint (`IdempotentUpload`).
 */
export const KeyedAfterUpload = () => SetMetadata(KEYED_AFTER_UPLOAD, true);

import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';

/** A controller's or handler's path as Nest stores it (one path or the first of several), without surrounding slashes. */
export function routePath(path: string | string[] | undefined): string {
  const p = Array.isArray(path) ? path[0] : path;
  return (p ?? '').replace(/^\/+|\/+$/g, '');
}

/** A handler's route as declared, below the global prefix: its method and path in Nest's style (`PUT /orders/:id/cancel`). */
export function declaredRoute(controller: object, handler: object): { method: RequestMethod | undefined; path: string } {
  const base = routePath(Reflect.getMetadata(PATH_METADATA, controller));
  const sub = routePath(Reflect.getMetadata(PATH_METADATA, handler));
  return { method: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined, path: `/${[base, sub].filter(Boolean).join('/')}` };
}

/** The status a handler answers with: `@HttpCode`, else Nest's default (201 for POST, 200 otherwise). */
export function declaredStatus(handler: object, method: RequestMethod | undefined): number {
  return (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === RequestMethod.POST ? 201 : 200);
}
/** Every route is below this prefix (DESIGN.md §4: `/api/v1`). */
export const API_PREFIX = 'api/v1';

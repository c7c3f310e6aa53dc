/** A controller's or handler's path as Nest stores it (one path or the first of several), without surrounding slashes. */
export function routePath(path: string | string[] | undefined): string {
  const p = Array.isArray(path) ? path[0] : path;
  return (p ?? '').replace(/^\/+|\/+$/g, '');
}

/** Every route is below this prefix (DESIGN.md §4: `/api/v1`). */
export const API_PREFIX = 'api/v1';

import type { RouteObject } from 'react-router-dom';
import type { Permission } from '../auth/use-current-user';

/**
 * An area of the console, as it registers itself in features/index.ts. One with a `permission` is a
 * section of the side menu (SPEC.md §1, behind the permission DESIGN.md §8 names); a section without
 * `routes` is not built yet: the menu and the Dashboard leave it out and its URL is not found.
 */
export interface Feature {
  key: string;
  path: string;
  permission?: Permission;
  /** Its screens, mounted at `path` inside the signed-in layout, behind `permission`. */
  routes?: RouteObject[];
  /** Screens opened without signing in (a maker's confirmation link), at their full paths. */
  publicRoutes?: RouteObject[];
}

import type { Permission } from './auth/use-current-user';
import { CONSOLE_FEATURES } from './features';

/**
 * The nine sections of the side menu (SPEC.md §1), each behind the permission the role matrix
 * names for it (DESIGN.md §8). `/me` tells which permissions the signed-in user has.
 */
export interface Section {
  key: string;
  path: string;
  permission: Permission;
}

/** The features that are menu sections (those with a permission), in the menu's order. */
export const SECTIONS: readonly Section[] = CONSOLE_FEATURES.flatMap(({ key, path, permission }) => (permission ? [{ key, path, permission }] : []));

/**
 * The sections whose screens exist. The menu and the Dashboard offer no others, and they have no
 * routes (a typed URL is not found). An area lands by giving its feature routes (features/index.ts).
 */
export const FEATURES: ReadonlySet<string> = new Set(CONSOLE_FEATURES.filter((f) => f.permission && f.routes).map((f) => f.key));

/** The sections a user sees: those that exist and that the role may use. */
export function allowedSections(permissions: readonly string[], features: ReadonlySet<string> = FEATURES): Section[] {
  return SECTIONS.filter((s) => features.has(s.key) && permissions.includes(s.permission));
}

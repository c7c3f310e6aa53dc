import type { Permission } from './auth/use-current-user';

/**
 * The nine sections of the side menu (SPEC.md §1), each behind the permission the role matrix
 * names for it (DESIGN.md §8). `/me` tells which permissions the signed-in user has.
 */
export interface Section {
  key: string;
  path: string;
  permission: Permission;
}

export const SECTIONS: readonly Section[] = [
  { key: 'orders', path: '/orders', permission: 'orders.read' },
  { key: 'products', path: '/products', permission: 'catalogue.read' },
  { key: 'customers', path: '/customers', permission: 'customers.read' },
  { key: 'makers', path: '/makers', permission: 'catalogue.read' },
  { key: 'revenue', path: '/revenue', permission: 'revenue.read' },
  { key: 'accounts', path: '/account', permission: 'accounts.read' },
  { key: 'customerInquiries', path: '/customer-inquiries', permission: 'customers.read' },
  { key: 'makerInquiries', path: '/maker-inquiries', permission: 'maker-chat' },
  { key: 'settings', path: '/settings', permission: 'settings.read' },
];

/**
 * The sections whose screens exist. The menu and the Dashboard offer no others, and they have no
 * routes (a typed URL is not found). An area that lands adds its key here and its routes in routes.tsx.
 */
export const FEATURES: ReadonlySet<string> = new Set(['orders', 'products', 'customers', 'makers', 'accounts', 'settings']);

/** The sections a user sees: those that exist and that the role may use. */
export function allowedSections(permissions: readonly string[], features: ReadonlySet<string> = FEATURES): Section[] {
  return SECTIONS.filter((s) => features.has(s.key) && permissions.includes(s.permission));
}

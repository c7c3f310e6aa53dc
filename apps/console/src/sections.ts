/**
 * The nine sections of the side menu (SPEC.md §1), each behind the permission the role matrix
 * names for it (DESIGN.md §8). `/me` tells which permissions the signed-in user has.
 */
export interface Section {
  key: string;
  path: string;
  permission: string;
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

export function allowedSections(permissions: readonly string[]): Section[] {
  return SECTIONS.filter((s) => permissions.includes(s.permission));
}

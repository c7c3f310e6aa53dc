import { ROLES, Role } from './role';

/**
 * The role matrix of DESIGN.md §8 as data. Every API route declares one permission;
 * one guard looks it up here. Makers' "own records only" is enforced by the queries
 * of the areas that have maker-owned data, not here.
 */
const ALL: readonly Role[] = ROLES;
const STAFF_BUT_MAKER: readonly Role[] = ROLES.filter((r) => r !== 'maker');
const ADMINS: readonly Role[] = ['system_admin', 'approver'];
const EDITORS: readonly Role[] = ['system_admin', 'approver', 'estimate_approver', 'operator'];

export const ACCESS_POLICY = {
  'accounts.read': ADMINS,
  'accounts.write': ADMINS,
  // The names of the valid staff accounts, for "person in charge" selects (customer and maker inquiries): every staff role.
  'staff.read': STAFF_BUT_MAKER,
  'settings.read': STAFF_BUT_MAKER,
  'settings.write': ADMINS,
  'catalogue.read': ALL,
  'catalogue.write': EDITORS,
  'customers.read': STAFF_BUT_MAKER,
  'customers.write': [...EDITORS, 'call_center'],
  'estimates.edit': [...EDITORS, 'call_center'],
  'estimates.approve': ['system_admin', 'approver', 'estimate_approver'],
  'estimates.stamp': ADMINS,
  'orders.read': ALL,
  'orders.payment': [...EDITORS, 'accountant'],
  'orders.process': EDITORS,
  'orders.maker': [...EDITORS, 'maker'],
  // Print documents (issue 14): every staff role that reads orders; never makers (retail prices, the buyer).
  'orders.print': STAFF_BUT_MAKER,
  // Deposits (issue 13): accountants and admins reconcile; editors read (DESIGN.md §8, the row shared with revenue).
  'deposits.read': [...EDITORS, 'accountant'],
  'deposits.write': [...ADMINS, 'accountant'],
  'revenue.read': [...EDITORS, 'accountant'],
  'revenue.write': [...ADMINS, 'accountant'],
  'maker-chat': [...EDITORS, 'maker'],
  'customer-chat': [...EDITORS, 'call_center'],
  // Conversations (issue 15): a thread's routes serve both kinds; the handler holds each thread to its kind's row above.
  chat: [...EDITORS, 'call_center', 'maker'],
  // Maker inquiries' own fields (method, maker, customer, memo, processed): staff of the maker chat row, not makers.
  'maker-inquiries.write': EDITORS,
  'operations.admin': ['system_admin'],
  // Presigned media uploads (GET /medias/presigned_url): staff; the area that takes a file over checks its own permission.
  // Not makers: an S3 presigned PUT does not bound its size, and makers are outside the company (issue 15: they read files, not send them).
  'medias.upload': STAFF_BUT_MAKER,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof ACCESS_POLICY;

export const PERMISSIONS = Object.keys(ACCESS_POLICY) as Permission[];

export function isAllowed(role: Role, permission: Permission): boolean {
  return (ACCESS_POLICY[permission] as readonly Role[]).includes(role);
}

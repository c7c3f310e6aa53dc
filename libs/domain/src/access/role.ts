/** The seven roles of SPEC.md §3/§6. `approver` is displayed as "Admin". */
export const ROLES = [
  'system_admin',
  'approver',
  'estimate_approver',
  'operator',
  'call_center',
  'accountant',
  'maker',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

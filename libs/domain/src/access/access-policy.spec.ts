import { ACCESS_POLICY, isAllowed, PERMISSIONS } from './access-policy';
import { ROLES } from './role';

describe('access policy (DESIGN.md §8)', () => {
  const expected: Record<string, string> = {
    // permission: one letter per role in ROLES order (system_admin, approver, estimate_approver, operator, call_center, accountant, maker)
    'accounts.read': 'yy-----',
    'accounts.write': 'yy-----',
    'staff.read': 'yyyyyy-',
    'settings.read': 'yyyyyy-',
    'settings.write': 'yy-----',
    'catalogue.read': 'yyyyyyy',
    'catalogue.write': 'yyyy---',
    'customers.read': 'yyyyyy-',
    'customers.write': 'yyyyy--',
    'estimates.edit': 'yyyyy--',
    'estimates.approve': 'yyy----',
    'estimates.stamp': 'yy-----',
    'orders.read': 'yyyyyyy',
    'orders.payment': 'yyyy-y-',
    'orders.process': 'yyyy---',
    'orders.print': 'yyyyyy-',
    'orders.maker': 'yyyy--y',
    'deposits.read': 'yyyy-y-',
    'deposits.write': 'yy---y-',
    'revenue.read': 'yyyy-y-',
    'revenue.write': 'yy---y-',
    'maker-chat': 'yyyy--y',
    'customer-chat': 'yyyyy--',
    chat: 'yyyyy-y',
    'maker-inquiries.write': 'yyyy---',
    'operations.admin': 'y------',
    'medias.upload': 'yyyyyy-',
  };

  it('covers every permission', () => {
    expect(Object.keys(expected).sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(Object.entries(expected))('%s is allowed exactly for %s', (permission, pattern) => {
    const actual = ROLES.map((role) => (isAllowed(role, permission as keyof typeof ACCESS_POLICY) ? 'y' : '-')).join('');
    expect(actual).toBe(pattern);
  });
});

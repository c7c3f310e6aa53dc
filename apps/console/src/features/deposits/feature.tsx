import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../auth/RequireAuth';
import { DepositListPage } from './DepositListPage';
import { DepositPage } from './DepositPage';

/**
 * Deposits: the second half of SPEC.md §1's "revenue, and payment (deposit) reconciliation" section,
 * whose feature is the revenues' (features/revenues/feature.tsx: the revenue list is the section's
 * landing page, these routes sit beside it under /revenue/deposits). They need `deposits.read` (the
 * roles of `revenue.read`, DESIGN.md §8's shared row); uploading, applying and taking back check
 * `deposits.write` on the page.
 */
export const depositRoutes: RouteObject[] = [
  { path: 'deposits', element: <RequirePermission permission="deposits.read"><DepositListPage /></RequirePermission> },
  { path: 'deposits/:id', element: <RequirePermission permission="deposits.read"><DepositPage /></RequirePermission> },
];

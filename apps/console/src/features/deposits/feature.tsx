import { Navigate } from 'react-router-dom';
import type { Feature } from '../feature';
import { DepositListPage } from './DepositListPage';
import { DepositPage } from './DepositPage';

/**
 * Deposits: SPEC.md §1's "revenue, and payment (deposit) reconciliation" section. They are its first
 * screens, so the section shows with them, behind `deposits.read` (the roles of `revenue.read`,
 * DESIGN.md §8's shared row); /revenue opens the deposits until the revenue list (issue 14) lands beside
 * them under the same section. Uploading, applying and taking back check `deposits.write` on the page.
 */
export const depositsFeature: Feature = {
  key: 'revenue',
  path: '/revenue',
  permission: 'deposits.read',
  routes: [
    { index: true, element: <Navigate to="deposits" replace /> },
    { path: 'deposits', element: <DepositListPage /> },
    { path: 'deposits/:id', element: <DepositPage /> },
  ],
};

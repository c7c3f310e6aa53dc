import { depositRoutes } from '../deposits/feature';
import type { Feature } from '../feature';
import { RevenueListPage } from './RevenueListPage';
import { RevenuePage } from './RevenuePage';
import { RevenueSection } from './RevenueSection';

/**
 * Revenue: SPEC.md §1's "revenue, and payment (deposit) reconciliation" section, one entry of the side
 * menu behind `revenue.read`. /revenue opens the revenue list, a record is /revenue/list/:id; the
 * deposits' screens (features/deposits) sit beside them at /revenue/deposits, and a sub-navigation over
 * every screen of the section goes between the two. Editing a record's costs checks `revenue.write` on the page.
 */
export const revenuesFeature: Feature = {
  key: 'revenue',
  path: '/revenue',
  permission: 'revenue.read',
  routes: [
    {
      element: <RevenueSection />,
      children: [{ index: true, element: <RevenueListPage /> }, { path: 'list/:id', element: <RevenuePage /> }, ...depositRoutes],
    },
  ],
};

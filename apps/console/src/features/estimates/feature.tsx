import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import { EstimateApprovePage } from './EstimateApprovePage';
import { EstimateHistoryPage } from './EstimateHistoryPage';
import { EstimateCreatePage, EstimateDetailPage } from './EstimatePages';

/**
 * Estimates: part of the Customer section (SPEC.md §1 "customer list … estimates, estimate history and
 * preview"), so no menu section of their own; their screens sit under /customers, as the API's paths
 * do. The approval link's page is public: the mailed token is its authorisation.
 */
export const estimatesFeature: Feature = {
  key: 'estimates',
  path: '/customers',
  routes: [
    {
      path: ':customerId/estimates',
      element: (
        <RequirePermission permission="customers.read">
          <EstimateHistoryPage />
        </RequirePermission>
      ),
    },
    {
      path: ':customerId/estimates/new',
      element: (
        <RequirePermission permission="estimates.edit">
          <EstimateCreatePage />
        </RequirePermission>
      ),
    },
    {
      path: 'estimates/:id',
      element: (
        <RequirePermission permission="customers.read">
          <EstimateDetailPage />
        </RequirePermission>
      ),
    },
  ],
  publicRoutes: [{ path: '/estimate-approve/:token', element: <EstimateApprovePage /> }],
};

import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import { CustomerListPage } from './CustomerListPage';
import { CustomerCreatePage, CustomerDetailPage } from './CustomerPages';

export const customersFeature: Feature = {
  key: 'customers',
  path: '/customers',
  permission: 'customers.read',
  routes: [
    { index: true, element: <CustomerListPage /> },
    {
      path: 'create',
      element: (
        <RequirePermission permission="customers.write">
          <CustomerCreatePage />
        </RequirePermission>
      ),
    },
    { path: ':id', element: <CustomerDetailPage /> },
  ],
};

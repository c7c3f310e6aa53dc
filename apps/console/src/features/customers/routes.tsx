import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../auth/RequireAuth';
import { CustomerListPage } from './CustomerListPage';
import { CustomerCreatePage, CustomerDetailPage } from './CustomerPages';

/** The customers screens, mounted at /customers behind the section's permission (see routes.tsx). */
export const customersRoutes: RouteObject[] = [
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
];

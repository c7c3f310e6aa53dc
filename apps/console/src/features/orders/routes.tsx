import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../auth/RequireAuth';
import { OrderDetailPage } from './OrderDetailPage';
import { OrderListPage } from './OrderListPage';
import { OrderCreatePage, OrderEditPage } from './OrderPages';

/** The orders screens, mounted at /orders behind the section's permission (see routes.tsx). */
export const ordersRoutes: RouteObject[] = [
  { index: true, element: <OrderListPage /> },
  {
    path: 'create',
    element: (
      <RequirePermission permission="orders.process">
        <OrderCreatePage />
      </RequirePermission>
    ),
  },
  { path: ':id', element: <OrderDetailPage /> },
  {
    path: ':id/edit',
    element: (
      <RequirePermission permission="orders.process">
        <OrderEditPage />
      </RequirePermission>
    ),
  },
];

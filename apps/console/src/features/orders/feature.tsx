import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import { OrderDetailPage } from './OrderDetailPage';
import { OrderListPage } from './OrderListPage';
import { OrderCreatePage, OrderEditPage } from './OrderPages';

export const ordersFeature: Feature = {
  key: 'orders',
  path: '/orders',
  permission: 'orders.read',
  routes: [
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
  ],
};

import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import enCommon from './i18n/en.common.json';
import enErrors from './i18n/en.errors.json';
import jaCommon from './i18n/ja.common.json';
import jaErrors from './i18n/ja.errors.json';
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
  translations: { ja: { common: jaCommon, errors: jaErrors }, en: { common: enCommon, errors: enErrors } },
};

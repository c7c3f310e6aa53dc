import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import { CustomerListPage } from './CustomerListPage';
import { CustomerCreatePage, CustomerDetailPage } from './CustomerPages';
import enCommon from './i18n/en.common.json';
import enErrors from './i18n/en.errors.json';
import jaCommon from './i18n/ja.common.json';
import jaErrors from './i18n/ja.errors.json';

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
  translations: { ja: { common: jaCommon, errors: jaErrors }, en: { common: enCommon, errors: enErrors } },
};

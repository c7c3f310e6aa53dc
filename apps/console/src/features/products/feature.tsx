import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import enCommon from './i18n/en.common.json';
import enErrors from './i18n/en.errors.json';
import jaCommon from './i18n/ja.common.json';
import jaErrors from './i18n/ja.errors.json';
import { ProductDetailPage } from './ProductDetailPage';
import { ProductImportPage } from './ProductImportPage';
import { ProductListPage } from './ProductListPage';
import { ProductCreatePage, ProductEditPage } from './ProductPages';

export const productsFeature: Feature = {
  key: 'products',
  path: '/products',
  permission: 'catalogue.read',
  routes: [
    { index: true, element: <ProductListPage /> },
    { path: 'create', element: <RequirePermission permission="catalogue.write"><ProductCreatePage /></RequirePermission> },
    { path: ':id', element: <ProductDetailPage /> },
    { path: ':id/edit', element: <RequirePermission permission="catalogue.write"><ProductEditPage /></RequirePermission> },
    { path: 'imports/:id', element: <RequirePermission permission="catalogue.write"><ProductImportPage /></RequirePermission> },
  ],
  translations: { ja: { common: jaCommon, errors: jaErrors }, en: { common: enCommon, errors: enErrors } },
};

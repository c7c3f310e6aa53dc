import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
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
};

import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../auth/RequireAuth';
import { ProductDetailPage } from './ProductDetailPage';
import { ProductCreatePage, ProductEditPage } from './ProductPages';
import { ProductImportPage } from './ProductImportPage';
import { ProductListPage } from './ProductListPage';

/** The products screens, mounted at /products behind the section's permission (see routes.tsx). */
export const productsRoutes: RouteObject[] = [
  { index: true, element: <ProductListPage /> },
  { path: 'create', element: <RequirePermission permission="catalogue.write"><ProductCreatePage /></RequirePermission> },
  { path: ':id', element: <ProductDetailPage /> },
  { path: ':id/edit', element: <RequirePermission permission="catalogue.write"><ProductEditPage /></RequirePermission> },
  { path: 'imports/:id', element: <RequirePermission permission="catalogue.write"><ProductImportPage /></RequirePermission> },
];

import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth, RequirePermission } from './auth/RequireAuth';
import type { Permission } from './auth/use-current-user';
import { AccountCreatePage } from './features/accounts/AccountCreatePage';
import { AccountEditPage } from './features/accounts/AccountEditPage';
import { AccountListPage } from './features/accounts/AccountListPage';
import { MakerListPage } from './features/makers/MakerListPage';
import { MakerCreatePage, MakerEditPage } from './features/makers/MakerPages';
import { customersRoutes } from './features/customers/routes';
import { MakerConfirmPage } from './features/maker-confirm/MakerConfirmPage';
import { ordersRoutes } from './features/orders/routes';
import { productsRoutes } from './features/products/routes';
import { settingsRoutes } from './features/settings/routes';
import { AppLayout } from './layout/AppLayout';
import { DashboardPage } from './pages/DashboardPage';
import { ForbiddenPage, NotFoundPage } from './pages/StatusPage';

const guarded = (permission: Permission, element: React.ReactNode) => <RequirePermission permission={permission}>{element}</RequirePermission>;

/**
 * Every screen. A section of the menu that is not in `FEATURES` (sections.ts) has no route here, so
 * its URL shows not-found.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/:provider/callback', element: <AuthCallbackPage /> },
  // Makers answer an order sheet through its link, without signing in.
  { path: '/maker-confirm/:token', element: <MakerConfirmPage /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      {
        path: 'account',
        element: guarded('accounts.read', <Outlet />),
        children: [
          { index: true, element: <AccountListPage /> },
          { path: 'create', element: guarded('accounts.write', <AccountCreatePage />) },
          { path: ':id/edit', element: guarded('accounts.write', <AccountEditPage />) },
        ],
      },
      {
        path: 'makers',
        element: guarded('catalogue.read', <Outlet />),
        children: [
          { index: true, element: <MakerListPage /> },
          { path: 'create', element: guarded('catalogue.write', <MakerCreatePage />) },
          { path: ':id/edit', element: guarded('catalogue.write', <MakerEditPage />) },
        ],
      },
      { path: 'orders', element: guarded('orders.read', <Outlet />), children: ordersRoutes },
      { path: 'products', element: guarded('catalogue.read', <Outlet />), children: productsRoutes },
      { path: 'customers', element: guarded('customers.read', <Outlet />), children: customersRoutes },
      { path: 'settings', element: guarded('settings.read', <Outlet />), children: settingsRoutes },
      { path: 'forbidden', element: <ForbiddenPage /> },
      { path: 'not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth, RequirePermission } from './auth/RequireAuth';
import type { Permission } from './auth/use-current-user';
import { CONSOLE_FEATURES } from './features';
import { AppLayout } from './layout/AppLayout';
import { DashboardPage } from './pages/DashboardPage';
import { ForbiddenPage, NotFoundPage } from './pages/StatusPage';

const guarded = (permission: Permission, element: React.ReactNode) => <RequirePermission permission={permission}>{element}</RequirePermission>;

/**
 * Every screen: sign-in, the Dashboard and the status pages here, the areas' screens from their
 * features (features/index.ts). A section of the menu without routes has none here, so its URL
 * shows not-found.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/:provider/callback', element: <AuthCallbackPage /> },
  ...CONSOLE_FEATURES.flatMap((feature) => feature.publicRoutes ?? []),
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
      ...CONSOLE_FEATURES.flatMap(({ path, permission, routes: children }) =>
        children ? [{ path: path.slice(1), element: permission ? guarded(permission, <Outlet />) : <Outlet />, children }] : [],
      ),
      { path: 'forbidden', element: <ForbiddenPage /> },
      { path: 'not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

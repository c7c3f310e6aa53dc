import type { RouteObject } from 'react-router-dom';
import { ComingSoonPage } from '../../pages/ComingSoonPage';

/** The orders screens, mounted at /orders behind the section's permission (see routes.tsx). STUB: the console helper replaces it. */
export const ordersRoutes: RouteObject[] = [{ index: true, element: <ComingSoonPage section="orders" /> }];

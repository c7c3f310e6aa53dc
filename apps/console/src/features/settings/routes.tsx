import type { RouteObject } from 'react-router-dom';
import { SettingsPage } from './SettingsPage';

/** The settings screens, mounted at /settings behind the section's permission (see routes.tsx). */
export const settingsRoutes: RouteObject[] = [{ index: true, element: <SettingsPage /> }];

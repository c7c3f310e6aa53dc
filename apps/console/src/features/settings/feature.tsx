import type { Feature } from '../feature';
import { SettingsPage } from './SettingsPage';
import { ShopAuthorizationReturn, ShopConnectionPage } from './ShopConnectionPage';

/**
 * Settings, with the customer mails' templates as one of its tabs (their texts are here too), and each
 * shop's connection to its platform on a page of its own (issue 17).
 */
export const settingsFeature: Feature = {
  key: 'settings',
  path: '/settings',
  permission: 'settings.read',
  routes: [
    { index: true, element: <SettingsPage /> },
    { path: 'shops/:id/connection', element: <ShopConnectionPage /> },
    // Where an authorization that names no shop (expired, unknown) comes back to.
    { path: 'shops', element: <ShopAuthorizationReturn /> },
  ],
};

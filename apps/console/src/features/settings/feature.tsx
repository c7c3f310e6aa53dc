import type { Feature } from '../feature';
import { SettingsPage } from './SettingsPage';

/** Settings, with the customer mails' templates as one of its tabs (their texts are here too). */
export const settingsFeature: Feature = {
  key: 'settings',
  path: '/settings',
  permission: 'settings.read',
  routes: [{ index: true, element: <SettingsPage /> }],
};

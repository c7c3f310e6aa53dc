import type { Feature } from '../feature';
import enCommon from './i18n/en.common.json';
import enErrors from './i18n/en.errors.json';
import jaCommon from './i18n/ja.common.json';
import jaErrors from './i18n/ja.errors.json';
import { SettingsPage } from './SettingsPage';

/** Settings, with the customer mails' templates as one of its tabs (their texts are here too). */
export const settingsFeature: Feature = {
  key: 'settings',
  path: '/settings',
  permission: 'settings.read',
  routes: [{ index: true, element: <SettingsPage /> }],
  translations: { ja: { common: jaCommon, errors: jaErrors }, en: { common: enCommon, errors: enErrors } },
};

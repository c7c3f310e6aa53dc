import type { Feature } from '../feature';
import enCommon from './i18n/en.common.json';
import jaCommon from './i18n/ja.common.json';

/**
 * The Dashboard's texts. Its page (pages/DashboardPage.tsx) is the console's home, routed in routes.tsx:
 * it lists the sections, so it cannot be one of the features it reads.
 */
export const dashboardFeature: Feature = {
  key: 'dashboard',
  path: '/dashboard',
  translations: { ja: { common: jaCommon }, en: { common: enCommon } },
};

import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import enCommon from './i18n/en.common.json';
import enErrors from './i18n/en.errors.json';
import jaCommon from './i18n/ja.common.json';
import jaErrors from './i18n/ja.errors.json';
import { MakerListPage } from './MakerListPage';
import { MakerCreatePage, MakerEditPage } from './MakerPages';

export const makersFeature: Feature = {
  key: 'makers',
  path: '/makers',
  permission: 'catalogue.read',
  routes: [
    { index: true, element: <MakerListPage /> },
    { path: 'create', element: <RequirePermission permission="catalogue.write"><MakerCreatePage /></RequirePermission> },
    { path: ':id/edit', element: <RequirePermission permission="catalogue.write"><MakerEditPage /></RequirePermission> },
  ],
  translations: { ja: { common: jaCommon, errors: jaErrors }, en: { common: enCommon, errors: enErrors } },
};

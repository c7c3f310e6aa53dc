import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import enCommon from './i18n/en.common.json';
import enErrors from './i18n/en.errors.json';
import jaCommon from './i18n/ja.common.json';
import jaErrors from './i18n/ja.errors.json';
import { UserCreatePage } from './UserCreatePage';
import { UserEditPage } from './UserEditPage';
import { UserListPage } from './UserListPage';

/** The users' accounts, at SPEC.md's URL /account under the menu's key `accounts`. */
export const usersFeature: Feature = {
  key: 'accounts',
  path: '/account',
  permission: 'accounts.read',
  routes: [
    { index: true, element: <UserListPage /> },
    { path: 'create', element: <RequirePermission permission="accounts.write"><UserCreatePage /></RequirePermission> },
    { path: ':id/edit', element: <RequirePermission permission="accounts.write"><UserEditPage /></RequirePermission> },
  ],
  translations: { ja: { common: jaCommon, errors: jaErrors }, en: { common: enCommon, errors: enErrors } },
};

import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
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
};

import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
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
};

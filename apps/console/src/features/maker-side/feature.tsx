import type { Feature } from '../feature';
import { MakerConfirmPage } from './MakerConfirmPage';

/** What makers see: they answer an order sheet through its link, without signing in. Not a menu section. */
export const makerSideFeature: Feature = {
  key: 'maker-side',
  path: '/maker-confirm',
  publicRoutes: [{ path: '/maker-confirm/:token', element: <MakerConfirmPage /> }],
};

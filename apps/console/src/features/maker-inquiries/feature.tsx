import type { Feature } from '../feature';
import { MakerInquiryListPage } from './MakerInquiryListPage';
import { MakerInquiryCreatePage, MakerInquiryPage } from './MakerInquiryPages';

/**
 * Maker inquiries: SPEC.md §1's "maker inquiries" section behind `maker-chat` (staff editors and maker
 * accounts, who see their own): the list, the create page, and an inquiry's page with its chat and
 * 'processed and save' (staff, `maker-inquiries.write`, checked on the page).
 */
export const makerInquiriesFeature: Feature = {
  key: 'makerInquiries',
  path: '/maker-inquiries',
  permission: 'maker-chat',
  routes: [
    { index: true, element: <MakerInquiryListPage /> },
    { path: 'create', element: <MakerInquiryCreatePage /> },
    { path: ':id', element: <MakerInquiryPage /> },
  ],
};

import type { Feature } from '../feature';
import { InquiryFormPage } from './InquiryFormPage';
import { ReturnFormPage } from './ReturnFormPage';

/**
 * Customer inquiries (SPEC.md §1 "customer inquiries", §2; issue 16): a section of the menu for staff,
 * and the two forms customers fill in without signing in, at paths of their own (outside the section, so
 * that no staff screen's URL is taken): a general inquiry and a return/exchange request.
 */
export const customerInquiriesFeature: Feature = {
  key: 'customerInquiries',
  path: '/customer-inquiries',
  permission: 'customers.read',
  publicRoutes: [
    { path: '/inquiry-form', element: <InquiryFormPage /> },
    { path: '/return-form', element: <ReturnFormPage /> },
  ],
};

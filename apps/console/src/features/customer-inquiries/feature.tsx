import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import { CustomerInquiryCreatePage } from './CustomerInquiryCreatePage';
import { CustomerInquiryListPage } from './CustomerInquiryListPage';
import { CustomerInquiryPage } from './CustomerInquiryPage';
import { InquiryFormPage } from './InquiryFormPage';
import { ReturnFormPage } from './ReturnFormPage';

/**
 * Customer inquiries (SPEC.md §1 "customer inquiries", §2; issue 16): staff's section behind
 * `customers.read` (the list, the page to record a phone or fax inquiry with `customers.write`, and an
 * inquiry's page with its handling, the customer's other inquiries and orders, and the customer's
 * thread), and the two forms customers fill in without signing in, at paths of their own (outside the
 * section, so that no staff screen's URL is taken): a general inquiry and a return/exchange request.
 */
export const customerInquiriesFeature: Feature = {
  key: 'customerInquiries',
  path: '/customer-inquiries',
  permission: 'customers.read',
  routes: [
    { index: true, element: <CustomerInquiryListPage /> },
    {
      path: 'create',
      element: (
        <RequirePermission permission="customers.write">
          <CustomerInquiryCreatePage />
        </RequirePermission>
      ),
    },
    { path: ':id', element: <CustomerInquiryPage /> },
  ],
  publicRoutes: [
    { path: '/inquiry-form', element: <InquiryFormPage /> },
    { path: '/return-form', element: <ReturnFormPage /> },
  ],
};

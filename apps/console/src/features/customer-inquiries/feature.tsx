import { RequirePermission } from '../../auth/RequireAuth';
import type { Feature } from '../feature';
import { CustomerInquiryCreatePage } from './CustomerInquiryCreatePage';
import { CustomerInquiryListPage } from './CustomerInquiryListPage';
import { CustomerInquiryPage } from './CustomerInquiryPage';

/**
 * Customer inquiries (SPEC.md §1's "customer inquiries" section behind `customers.read`; issue 16):
 * staff's list, the page to record a phone or fax inquiry (`customers.write`), and an inquiry's page
 * with its handling, the customer's other inquiries and orders, and the customer's thread.
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
  // publicRoutes: the public inquiry and return forms (a separate branch adds them here).
};

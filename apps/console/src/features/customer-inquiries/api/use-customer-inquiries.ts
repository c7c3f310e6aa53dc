import type { Query } from '../../../api/client';
import { useRecord, useRecordChanges, useRecordPage } from '../../../common/use-records';
import {
  CUSTOMER_INQUIRIES_PATH,
  CustomerInquiry,
  CustomerInquiryDetail,
  CustomerInquiryInput,
  customerInquiryPath,
  CustomerInquiryUpdate,
} from './customer-inquiry';

/** GET /customer-inquiries: a page of the filter's inquiries, newest first or by reply deadline, paged by cursor. */
export const useCustomerInquiries = (query: Query) => useRecordPage<CustomerInquiry>(CUSTOMER_INQUIRIES_PATH, query);

/** One inquiry with the customer's other inquiries and orders (GET /customer-inquiries/{id}). */
export const useCustomerInquiry = (id: string | undefined) => useRecord<CustomerInquiryDetail>(id ? customerInquiryPath(id) : null);

/**
 * Recording (POST /customer-inquiries: staff record a phone or fax inquiry) and handling (PUT
 * /customer-inquiries/{id}: person in charge, CS memo and state at the version read, NAL-INQ-001 when
 * someone saved since) an inquiry: the list's pages and the inquiry are read again after each.
 */
export const useCustomerInquiryChanges = () => useRecordChanges<CustomerInquiry, CustomerInquiryInput, CustomerInquiryUpdate>(CUSTOMER_INQUIRIES_PATH, customerInquiryPath);

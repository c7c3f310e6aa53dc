import useSWR, { useSWRConfig } from 'swr';
import { api, swrFetcher, type Query } from '../../../api/client';
import type { KeysetPagination } from '../../../api/wire';
import {
  CUSTOMER_INQUIRIES_PATH,
  CustomerInquiry,
  CustomerInquiryDetail,
  CustomerInquiryInput,
  customerInquiryPath,
  CustomerInquiryUpdate,
} from './customer-inquiry';

/** GET /customer-inquiries: a page of the filter's inquiries, newest first or by reply deadline, paged by cursor. */
export function useCustomerInquiries(query: Query) {
  const { data, error, isLoading } = useSWR([CUSTOMER_INQUIRIES_PATH, query], swrFetcher);
  return {
    inquiries: (data?.data ?? []) as CustomerInquiry[],
    pagination: data?.pagination as KeysetPagination | undefined,
    error: error as unknown,
    isLoading,
  };
}

/** One inquiry with the customer's other inquiries and orders (GET /customer-inquiries/{id}). */
export function useCustomerInquiry(id: string | undefined) {
  const { data, error, mutate } = useSWR(id ? customerInquiryPath(id) : null, swrFetcher);
  return { inquiry: data?.data as CustomerInquiryDetail | undefined, error: error as unknown, reload: () => mutate() };
}

/** Recording and handling an inquiry: the list's pages and the inquiry are read again after each. */
export function useCustomerInquiryChanges() {
  const { mutate } = useSWRConfig();
  const reload = () =>
    mutate((key) => {
      const path = Array.isArray(key) ? key[0] : key;
      return typeof path === 'string' && path.startsWith(CUSTOMER_INQUIRIES_PATH);
    });
  return {
    /** POST /customer-inquiries: staff record a phone or fax inquiry (201, the view). */
    create: async (input: CustomerInquiryInput) => {
      const result = await api.post<CustomerInquiry>(CUSTOMER_INQUIRIES_PATH, input);
      if (result.ok) await reload();
      return result;
    },
    /** PUT /customer-inquiries/{id}: person in charge, CS memo and state at the version read (NAL-INQ-001 when someone saved since). */
    update: async (id: number | string, input: CustomerInquiryUpdate) => {
      const result = await api.put<CustomerInquiry>(customerInquiryPath(id), input);
      if (result.ok) await reload();
      return result;
    },
  };
}

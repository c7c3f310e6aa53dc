import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import { Customer, CUSTOMERS_PATH, SamePerson } from './customer';

export interface CustomerListParams {
  name?: string;
  nameKana?: string;
  phone?: string;
  email?: string;
  companyName?: string;
  ecSiteId?: string;
  page: number;
  perPage: number;
}

export function useCustomers(params: CustomerListParams) {
  const { data, isLoading } = useSWR([CUSTOMERS_PATH, params], swrFetcher);
  return { customers: (data?.data ?? []) as Customer[], pagination: data?.pagination, isLoading };
}

export function useCustomer(id: string | number | undefined) {
  const { data } = useSWR(id ? `${CUSTOMERS_PATH}/${id}` : null, swrFetcher);
  return { customer: data?.data as Customer | undefined };
}

export function useSamePerson(id: string | number | undefined | null) {
  const { data, isLoading } = useSWR(id ? `${CUSTOMERS_PATH}/${id}/same-email-and-phone` : null, swrFetcher);
  return { group: data?.data as SamePerson | undefined, isLoading };
}

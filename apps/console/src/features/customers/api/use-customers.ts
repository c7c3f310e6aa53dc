import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { QueryOf } from '../../../api/wire';
import { Customer, CUSTOMERS_PATH, SamePerson } from './customer';

/** GET /customers's query, with the page always given. */
export type CustomerListParams = Pick<QueryOf<'/customers', 'get'>, 'name' | 'nameKana' | 'phone' | 'email' | 'companyName' | 'ecSiteId'> & { page: number; perPage: number };

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

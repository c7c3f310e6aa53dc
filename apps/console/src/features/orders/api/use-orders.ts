import { PER_PAGE_MAX } from '@oms/domain';
import useSWR from 'swr';
import { swrFetcher, type Query } from '../../../api/client';
import type { AnswerOf, Wire } from '../../../api/wire';
import type { DeliveryCompany, DeliveryMethod, PaymentMethod } from '../../settings/api';
import { PATHS } from '../../settings/api';
import { AnyOrder, isMakerOrder, ORDERS_PATH, StatusHistoryEntry } from './order';

/** The list's paging: its cursors, and whether the total is an estimate (docs/orders-api.md "Paging"). */
export type OrderPagination = Wire<'OrderPagination'>;

/** A page of the list; null fetches nothing (yet). */
export function useOrders(query: Query | null) {
  const { data, error, isLoading, mutate } = useSWR(query ? [ORDERS_PATH, query] : null, swrFetcher);
  return { orders: (data?.data ?? []) as AnyOrder[], pagination: data?.pagination as OrderPagination | undefined, error: error as unknown, isLoading, mutate };
}

export function useOrder(id: string | undefined) {
  const { data, error, mutate } = useSWR(id ? `${ORDERS_PATH}/${id}` : null, swrFetcher);
  return { order: data?.data as AnyOrder | undefined, error, mutate };
}

/** An order for the staff's forms (edit, branch): a maker's view is never one (those routes are not the maker's). */
export function useStaffOrder(id: string | undefined) {
  const { order, ...rest } = useOrder(id);
  return { ...rest, order: order && !isMakerOrder(order) ? order : undefined };
}

export function useOrderHistory(id: string | undefined) {
  const { data, mutate } = useSWR(id ? `${ORDERS_PATH}/${id}/history_status` : null, swrFetcher);
  return { history: (data?.data ?? []) as StatusHistoryEntry[], mutate };
}

/** Reference lists readable with settings.read (staff); a maker user is not asked for them. */
function useReference<T>(path: string, enabled: boolean) {
  const { data } = useSWR(enabled ? [path, { perPage: PER_PAGE_MAX }] : null, swrFetcher);
  return (data?.data ?? []) as T[];
}

export const useDeliveryCompanies = (enabled: boolean) => useReference<DeliveryCompany>(PATHS.deliveryCompanies, enabled);
export const useDeliveryMethods = (enabled: boolean) => useReference<DeliveryMethod>(PATHS.deliveryMethods, enabled);
export const usePaymentMethods = (enabled: boolean) => useReference<PaymentMethod>(PATHS.payments, enabled);

/** Customers to pick (id and name), for those who may read customers. */
export function useCustomerOptions(enabled: boolean) {
  const { data } = useSWR(enabled ? '/customers/list' : null, swrFetcher);
  return (data?.data ?? []) as AnswerOf<'/customers/list', 'get'>;
}

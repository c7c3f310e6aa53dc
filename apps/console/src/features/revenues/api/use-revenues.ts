import useSWR from 'swr';
import { swrFetcher, type Query } from '../../../api/client';
import type { KeysetPagination } from '../../../api/wire';
import { Revenue, revenuePath, REVENUES_PATH, RevenueTotals } from './revenue';

/**
 * GET /revenues: a page of the filter's records, newest shipment first, paged by cursor, and the whole
 * filter's totals. `null` asks for nothing yet (the default sales month is still being worked out).
 */
export function useRevenues(query: Query | null) {
  const { data, error, isLoading } = useSWR(query ? [REVENUES_PATH, query] : null, swrFetcher);
  return {
    revenues: (data?.data ?? []) as Revenue[],
    totals: data?.extras?.totals as RevenueTotals | undefined,
    pagination: data?.pagination as KeysetPagination | undefined,
    error: error as unknown,
    isLoading,
  };
}

/** One record (GET /revenues/{id}). */
export function useRevenue(id: string | undefined) {
  const { data, error, mutate } = useSWR(id ? revenuePath(id) : null, swrFetcher);
  return { revenue: data?.data as Revenue | undefined, error: error as unknown, reload: () => mutate() };
}

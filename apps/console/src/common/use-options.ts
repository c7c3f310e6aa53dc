import useSWR from 'swr';
import { swrFetcher } from '../api/client';

/** A record to pick in a select. */
export interface Option {
  id: number;
  name: string;
  code: string;
}

/** Makers for the selects; `enabled` false asks for nothing (a form that needs them only sometimes). */
export function useMakerOptions(enabled = true) {
  const { data } = useSWR(enabled ? '/makers/list' : null, swrFetcher);
  return (data?.data ?? []) as Option[];
}

/** Shops for the selects; only asked for by those who may read settings (a maker user may not). */
export function useShopOptions(enabled: boolean) {
  const { data } = useSWR(enabled ? ['/shops', { perPage: 200 }] : null, swrFetcher);
  return (data?.data ?? []) as (Option & { type: 'platform_1' | 'platform_2' })[];
}

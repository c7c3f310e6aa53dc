import { PER_PAGE_MAX } from '@oms/domain';
import useSWR from 'swr';
import { swrFetcher } from '../api/client';
import type { AnswerOf, Wire } from '../api/wire';

/** A record to pick in a select: a maker of GET /makers/list, a shop of GET /shops. */
export type Option = Pick<AnswerOf<'/makers/list', 'get'>[number], 'id' | 'name' | 'code'>;

/** Makers for the selects; `enabled` false asks for nothing (a form that needs them only sometimes). */
export function useMakerOptions(enabled = true) {
  const { data } = useSWR(enabled ? '/makers/list' : null, swrFetcher);
  return (data?.data ?? []) as Option[];
}

/** Shops for the selects; only asked for by those who may read settings (a maker user may not). */
export function useShopOptions(enabled: boolean) {
  const { data } = useSWR(enabled ? ['/shops', { perPage: PER_PAGE_MAX }] : null, swrFetcher);
  return (data?.data ?? []) as Wire<'ShopView'>[];
}

/**
 * Valid staff accounts for a person-in-charge select (GET /users/staff: id and name, for every staff
 * role with `staff.read`); for the others `enabled` is false and the list is empty.
 */
export function useStaffOptions(enabled: boolean) {
  const { data } = useSWR(enabled ? ['/users/staff', {}] : null, swrFetcher);
  return ((data?.data ?? []) as Wire<'StaffMemberView'>[]).map(({ id, name }) => ({ id, name }));
}

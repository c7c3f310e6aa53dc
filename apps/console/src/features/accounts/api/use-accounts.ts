import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { Account } from './account';

export interface AccountListParams {
  name?: string;
  email?: string;
  role?: string[];
  status?: string[];
  page: number;
  perPage: number;
}

export const ACCOUNTS_PATH = '/users';

/** GET /users with the list's filters; the key holds them, so each filter set is cached on its own. */
export function useAccounts(params: AccountListParams) {
  const { data, error, isLoading, mutate } = useSWR([ACCOUNTS_PATH, params], swrFetcher);
  return {
    accounts: (data?.data ?? []) as Account[],
    pagination: data?.pagination,
    error,
    isLoading,
    mutate,
  };
}

import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { QueryOf } from '../../../api/wire';
import type { Account } from './account';

/** GET /users's query, with the page always given. */
export type AccountListParams = Pick<QueryOf<'/users', 'get'>, 'name' | 'email' | 'role' | 'status'> & { page: number; perPage: number };

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

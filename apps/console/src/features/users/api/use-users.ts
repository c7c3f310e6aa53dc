import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { QueryOf } from '../../../api/wire';
import type { User } from './user';

/** GET /users's query, with the page always given. */
export type UserListParams = Pick<QueryOf<'/users', 'get'>, 'name' | 'email' | 'role' | 'status'> & { page: number; perPage: number };

export const USERS_PATH = '/users';

/** GET /users with the list's filters; the key holds them, so each filter set is cached on its own. */
export function useUsers(params: UserListParams) {
  const { data, error, isLoading, mutate } = useSWR([USERS_PATH, params], swrFetcher);
  return {
    accounts: (data?.data ?? []) as User[],
    pagination: data?.pagination,
    error,
    isLoading,
    mutate,
  };
}

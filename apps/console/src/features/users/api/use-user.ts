import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { User } from './user';
import { USERS_PATH } from './use-users';

export function useUser(id: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR(id ? `${USERS_PATH}/${id}` : null, swrFetcher);
  return { account: data?.data as User | undefined, error, isLoading, mutate };
}

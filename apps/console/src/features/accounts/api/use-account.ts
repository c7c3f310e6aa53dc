import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { Account } from './account';
import { ACCOUNTS_PATH } from './use-accounts';

export function useAccount(id: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR(id ? `${ACCOUNTS_PATH}/${id}` : null, swrFetcher);
  return { account: data?.data as Account | undefined, error, isLoading, mutate };
}

import useSWR from 'swr';
import { hasSession } from '../api/session';
import { swrFetcher } from '../api/client';

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  role: string;
  companyName: string | null;
  status: string;
  makerId: number | null;
  avatar: string | null;
  lastLogin: string | null;
  /** The sign-in before this one (lastLogin is the one that started this session). */
  previousLogin: string | null;
  permissions: string[];
}

export const ME_KEY = '/me';

/** The signed-in user; not fetched at all without a stored session (the state is checked first). */
export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR(hasSession() ? ME_KEY : null, swrFetcher);
  return { user: data?.data as CurrentUser | undefined, error, isLoading, mutate };
}

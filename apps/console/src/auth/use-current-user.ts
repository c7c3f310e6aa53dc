import useSWR from 'swr';
import { hasSession } from '../api/session';
import { swrFetcher } from '../api/client';
import type { AnswerOf } from '../api/wire';

/** GET /me: the signed-in account, its previous sign-in and the permissions its role has. */
export type CurrentUser = AnswerOf<'/me', 'get'>;

/** A permission of the role matrix (DESIGN.md §8), as /me names them. */
export type Permission = CurrentUser['permissions'][number];

export const ME_KEY = '/me';

/** The signed-in user; not fetched at all without a stored session (the state is checked first). */
export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR(hasSession() ? ME_KEY : null, swrFetcher);
  return { user: data?.data as CurrentUser | undefined, error, isLoading, mutate };
}

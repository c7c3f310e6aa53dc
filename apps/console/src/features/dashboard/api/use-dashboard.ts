import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { AnswerOf } from '../../../api/wire';

/** The counts of the day's work (GET /dashboard) and the list each opens (the list's URL params, camelCase). */
export type Dashboard = AnswerOf<'/dashboard', 'get'>;
export type DashboardCount = Dashboard['counts'][number];

/** GET /dashboard: the counts the signed-in user's role may see, in one call. */
export function useDashboard() {
  const { data, isLoading } = useSWR('/dashboard', swrFetcher);
  return { dashboard: data?.data as Dashboard | undefined, isLoading };
}

export const countLink = (c: DashboardCount) => `${c.link.path}?${new URLSearchParams(Object.entries(c.link.query).map(([k, v]) => [k, String(v)]))}`;

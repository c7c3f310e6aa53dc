import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';

/** One count of the day's work and the list it opens (the list's URL params, camelCase). */
export interface DashboardCount {
  key: string;
  count: number;
  link: { path: string; query: Record<string, string | number> };
}

export interface Dashboard {
  /** The Japan date the counts are for. */
  today: string;
  counts: DashboardCount[];
}

/** GET /dashboard: the counts the signed-in user's role may see, in one call. */
export function useDashboard() {
  const { data, isLoading } = useSWR('/dashboard', swrFetcher);
  return { dashboard: data?.data as Dashboard | undefined, isLoading };
}

export const countLink = (c: DashboardCount) => `${c.link.path}?${new URLSearchParams(Object.entries(c.link.query).map(([k, v]) => [k, String(v)]))}`;

import { DataSource } from 'typeorm';
import type { DashboardCountProvider } from '../dashboard/dashboard-counts';

/**
 * The deposits' number on the dashboard: bank records matching left for staff (in uploads not taken
 * back). It opens the deposit uploads, newest first, each with its records to review counted.
 */
export function depositCounts(dataSource: DataSource): DashboardCountProvider[] {
  return [
    {
      key: 'unmatched_deposits',
      permission: 'deposits.read',
      forMakers: false,
      link: { path: '/revenue/deposits', query: {} },
      count: async () => (await dataSource.query(`SELECT count(*)::int AS n FROM deposit_records WHERE state = 'review'`))[0].n,
    },
  ];
}

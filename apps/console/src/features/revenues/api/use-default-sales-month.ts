import { japanToday, salesMonthOf } from '@oms/domain';
import { useCurrentUser } from '../../../auth/use-current-user';
import { useTimeline } from '../../settings/api';

/**
 * The sales month a list opened without a filter shows (and "clear" and the CSVs fall back to): the
 * month of the monthly timeline whose start–finish range holds Japan's today (DESIGN.md §11), as a
 * ship date of today would be booked; the calendar month when there is no timeline, no range holds
 * today, or the reader may not read settings. undefined while the timeline loads.
 */
export function useDefaultSalesMonth(): string | undefined {
  const { user, isLoading } = useCurrentUser();
  const canReadSettings = !!user?.permissions.includes('settings.read');
  const timeline = useTimeline(canReadSettings);
  if (!user && isLoading) return undefined;
  if (timeline === undefined) return undefined;
  const today = japanToday();
  return salesMonthOf(today, timeline) ?? today.slice(0, 7);
}

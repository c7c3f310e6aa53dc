import { useSWRConfig } from 'swr';
import { api, type Query } from '../../../api/client';
import { Revenue, RevenueCsvEncoding, RevenueFilters, revenuePath, REVENUES_PATH, RevenueUpdateInput } from './revenue';

/** The shop's costs and the memo of a record, with the version it was read at (NAL-REVENUE-002 when someone saved since). */
export const updateRevenue = (id: number | string, input: RevenueUpdateInput) => api.put<Revenue>(revenuePath(id), input);

/** A saved record: the list's pages (their totals and margins) are read again, the record itself too. */
export function useRevenueChanges() {
  const { mutate } = useSWRConfig();
  const reload = () =>
    mutate((key) => {
      const path = Array.isArray(key) ? key[0] : key;
      return typeof path === 'string' && path.startsWith(REVENUES_PATH);
    });
  return {
    reload,
    update: async (id: number | string, input: RevenueUpdateInput) => {
      const result = await updateRevenue(id, input);
      if (result.ok) await reload();
      return result;
    },
  };
}

// ---- Downloads: opened by the browser with the media token (`?token=`) ----

/** The filter's defined values only: an empty filter is not sent. */
const filterQuery = (filters: RevenueFilters): Query => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

/** The sales month's journal for the SS accounting system (the month is required), of the list's filter. */
export const openSsCsv = (filters: RevenueFilters & { salesMonth: string }, encoding: RevenueCsvEncoding) => api.download(`${REVENUES_PATH}/ss`, { ...filterQuery(filters), encoding });
/** Open receivables of deferred and monthly-invoice payments, of the list's filter. */
export const openReceivablesCsv = (filters: RevenueFilters, encoding: RevenueCsvEncoding) => api.download(`${REVENUES_PATH}/receivables`, { ...filterQuery(filters), encoding });
/** Advance payments not yet earned (前受金) at a cut-off date. */
export const openPrepaysCsv = (date: string, encoding: RevenueCsvEncoding) => api.download(`${REVENUES_PATH}/prepays`, { date, encoding });
/** A record's order lines. */
export const openRevenueLinesCsv = (id: number | string, encoding: RevenueCsvEncoding) => api.download(`${revenuePath(id)}/download`, { encoding });

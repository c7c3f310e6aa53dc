import useSWR from 'swr';
import { swrFetcher, type Query } from '../../../api/client';
import type { KeysetPagination } from '../../../api/wire';
import { Deposit, depositPath, DepositPayment, DepositRecord, DEPOSITS_PATH, orderDepositsPath } from './deposit';

/** How often an upload is asked for while the workers match it. */
export const MATCHING_POLL_MS = 1000;

/** GET /deposits/history: the uploads, newest first, paged by cursor as the order list is. */
export function useDepositHistory(query: Query) {
  const { data, error, isLoading } = useSWR([`${DEPOSITS_PATH}/history`, query], swrFetcher);
  return { deposits: (data?.data ?? []) as Deposit[], pagination: data?.pagination as KeysetPagination | undefined, error: error as unknown, isLoading };
}

/** One upload, asked for again every second while its records are being matched, then left alone. */
export function useDeposit(id: string | undefined) {
  const { data, error } = useSWR(id ? depositPath(id) : null, swrFetcher, {
    refreshInterval: (latest) => ((latest?.data as Deposit | undefined)?.state === 'matching' ? MATCHING_POLL_MS : 0),
  });
  return { deposit: data?.data as Deposit | undefined, error: error as unknown };
}

/** An upload's records in file order (null: not yet, while it is matched), with their candidates while they wait for staff. */
export function useDepositRecords(id: string | null, query: Query) {
  const { data, error, isLoading } = useSWR(id ? [`${depositPath(id)}/records`, query] : null, swrFetcher);
  return { records: (data?.data ?? []) as DepositRecord[], pagination: data?.pagination as KeysetPagination | undefined, error: error as unknown, isLoading };
}

/** An order's deposit and payment history (SPEC.md §2), live and taken back; only for those who may read deposits. */
export function useOrderDeposits(orderId: string, enabled: boolean) {
  const { data } = useSWR(enabled ? orderDepositsPath(orderId) : null, swrFetcher);
  return { payments: data ? (data.data as DepositPayment[]) : undefined };
}

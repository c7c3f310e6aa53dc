import useSWR from 'swr';
import { api, ApiError, swrFetcher, type RequestOptions } from '../../../api/client';
import { ApprovalLink, ESTIMATES_PATH, EstimateDetail, EstimateHistoryItem, EstimateHistoryParams, estimateHistoryPath, estimatePath, EstimatePayment } from './estimate';

export function useEstimate(id: string | undefined) {
  const { data, mutate } = useSWR(id ? estimatePath(id) : null, swrFetcher);
  return { estimate: data?.data as EstimateDetail | undefined, reload: mutate };
}

export function useEstimateHistory(customerId: string | undefined, params: EstimateHistoryParams) {
  const { data, isLoading } = useSWR(customerId ? [estimateHistoryPath(customerId), params] : null, swrFetcher);
  return { estimates: (data?.data ?? []) as EstimateHistoryItem[], pagination: data?.pagination, isLoading };
}

/** The payment methods an estimate names (GET /customers/estimates/payments); they seldom change. */
export function useEstimatePayments() {
  const { data } = useSWR(`${ESTIMATES_PATH}/payments`, swrFetcher, { revalidateOnFocus: false });
  return (data?.data ?? []) as EstimatePayment[];
}

/** The public page calls without a bearer, and shows every failure itself. */
export const PUBLIC: RequestOptions = { auth: false, routeErrors: false };

/** What the link opens; every refusal (NAL-CTM-104…106 and the rest) throws an ApiError with its code. */
export async function fetchApprovalLink(token: string): Promise<ApprovalLink> {
  const result = await api.get<ApprovalLink>(`${ESTIMATES_PATH}/check`, { ...PUBLIC, query: { linkToken: token } });
  if (!result.ok) throw new ApiError(result.status, result.error.message, result.error.errorCode);
  return result.data;
}

export function useApprovalLink(token: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR(token ? ['estimate-approval-link', token] : null, () => fetchApprovalLink(token!), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  return { link: data, error: error as ApiError | undefined, isLoading, reload: mutate };
}

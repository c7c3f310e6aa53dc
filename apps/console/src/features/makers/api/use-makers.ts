import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import { Maker, MAKERS_PATH } from './maker';

export interface MakerListParams {
  keyword?: string;
  status?: string[];
  orderMethod?: string[];
  page: number;
  perPage: number;
}

export function useMakers(params: MakerListParams) {
  const { data, isLoading } = useSWR([MAKERS_PATH, params], swrFetcher);
  return { makers: (data?.data ?? []) as Maker[], pagination: data?.pagination, isLoading };
}

export function useMaker(id: string | undefined) {
  const { data } = useSWR(id ? `${MAKERS_PATH}/${id}` : null, swrFetcher);
  return { maker: data?.data as Maker | undefined };
}

import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import type { QueryOf, UrlQuery } from '../../../api/wire';
import { Maker, MAKERS_PATH } from './maker';

/** GET /makers's query, with the page always given. */
export type MakerListParams = UrlQuery<QueryOf<'/makers', 'get'>, 'keyword' | 'status' | 'orderMethod'> & { page: number; perPage: number };

export function useMakers(params: MakerListParams) {
  const { data, isLoading } = useSWR([MAKERS_PATH, params], swrFetcher);
  return { makers: (data?.data ?? []) as Maker[], pagination: data?.pagination, isLoading };
}

export function useMaker(id: string | undefined) {
  const { data } = useSWR(id ? `${MAKERS_PATH}/${id}` : null, swrFetcher);
  return { maker: data?.data as Maker | undefined };
}

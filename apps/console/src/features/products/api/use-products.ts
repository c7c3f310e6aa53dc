import useSWR from 'swr';
import { swrFetcher } from '../../../api/client';
import { Product, ProductChange, PRODUCTS_PATH } from './product';

export interface ProductListParams {
  keyword?: string;
  isDisplay?: string;
  shopId: string[];
  makerId: string[];
  state: string[];
  page: number;
  perPage: number;
}

export function useProducts(params: ProductListParams) {
  const { data, isLoading } = useSWR([PRODUCTS_PATH, params], swrFetcher);
  return { products: (data?.data ?? []) as Product[], pagination: data?.pagination, isLoading };
}

export function useProduct(id: string | undefined) {
  const { data } = useSWR(id ? `${PRODUCTS_PATH}/${id}` : null, swrFetcher);
  return { product: data?.data as Product | undefined };
}

/** Availability and estimated-ship-date changes of the last 7 days, newest first. */
export function useProductChanges() {
  const { data } = useSWR(`${PRODUCTS_PATH}/changes`, swrFetcher);
  return { changes: (data?.data ?? []) as ProductChange[] };
}

export type { Option } from '../../../common/use-options';
export { useMakerOptions, useShopOptions } from '../../../common/use-options';

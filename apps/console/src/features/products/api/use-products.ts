import useSWR from 'swr';
import { api, swrFetcher } from '../../../api/client';
import type { QueryOf, UrlQuery } from '../../../api/wire';
import { isImportRunning, Product, ProductChange, PRODUCT_IMPORTS_PATH, ProductImport, PRODUCTS_PATH } from './product';

type ListQuery = QueryOf<'/products', 'get'>;

/** GET /products's query as the list's URL holds it, with the page always given. */
export type ProductListParams = UrlQuery<ListQuery, 'keyword' | 'isDisplay'> & Required<UrlQuery<ListQuery, 'shopId' | 'makerId' | 'state'>> & { page: number; perPage: number };

export function useProducts(params: ProductListParams) {
  const { data, isLoading } = useSWR([PRODUCTS_PATH, params], swrFetcher);
  return { products: (data?.data ?? []) as Product[], pagination: data?.pagination, isLoading };
}

export function useProduct(id: string | undefined) {
  const { data, error } = useSWR(id ? `${PRODUCTS_PATH}/${id}` : null, swrFetcher);
  return { product: data?.data as Product | undefined, error };
}

/**
 * A product named by a link or a saved filter (the order list's product filter): one that is gone, or
 * not the caller's to read, stays unread here instead of sending the page to the not-found screen.
 */
export function useProductQuietly(id: string | undefined) {
  const { data } = useSWR(id ? [`${PRODUCTS_PATH}/${id}`, 'quiet'] : null, async ([path]: [string, string]) => {
    const res = await api.get<Product>(path, { routeErrors: false });
    return res.ok ? res.data : undefined;
  });
  return { product: data };
}

/** Availability and estimated-ship-date changes of the last 7 days, newest first. */
export function useProductChanges() {
  const { data } = useSWR(`${PRODUCTS_PATH}/changes`, swrFetcher);
  return { changes: (data?.data ?? []) as ProductChange[] };
}

/** An import, asked for again every half second while its job works on it. */
export function useProductImport(id: string | undefined) {
  const { data, mutate } = useSWR(id ? `${PRODUCT_IMPORTS_PATH}/${id}` : null, swrFetcher, {
    refreshInterval: (latest) => (isImportRunning((latest?.data as ProductImport | undefined)?.status) ? 500 : 0),
  });
  /** Shows an answer at once (apply, discard), then asks again: every half second while it is applying. */
  const show = (next: ProductImport) => mutate({ data: next });
  return { productImport: data?.data as ProductImport | undefined, show };
}

export type { Option } from '../../../common/use-options';
export { useMakerOptions, useShopOptions } from '../../../common/use-options';

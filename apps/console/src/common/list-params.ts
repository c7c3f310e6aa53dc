import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from '@oms/domain';
import { useSearchParams } from 'react-router-dom';


/** Page sizes the API accepts (DESIGN.md §4): the domain's. */
export const PAGE_SIZES: number[] = [...PER_PAGE_OPTIONS];
export const DEFAULT_PAGE_SIZE: number = DEFAULT_PER_PAGE;

export type ListParams<S extends string, A extends string> = { [K in S]?: string } & { [K in A]: string[] } & { page: number; perPage: number };

/**
 * A list's state (filters, page, page size) in the URL, so it survives reloads and can be shared.
 * `text` names single-value filters, `many` multi-value ones.
 */
export function useListParams<S extends string, A extends string>(text: readonly S[], many: readonly A[]) {
  const [search, setSearch] = useSearchParams();
  const perPage = Number(search.get('perPage'));
  const params = {
    ...Object.fromEntries(text.map((k) => [k, search.get(k) ?? undefined])),
    ...Object.fromEntries(many.map((k) => [k, search.getAll(k)])),
    page: Math.max(1, Number(search.get('page')) || 1),
    perPage: PAGE_SIZES.includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  } as ListParams<S, A>;

  const setParams = (next: Record<string, unknown>) => {
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) {
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null && v !== '') out.append(key, String(v));
    }
    setSearch(out);
  };

  /** antd Table pagination wired to the URL: a new page size starts again at page 1. */
  const pagination = (total: number, showTotal: (total: number, range: [number, number]) => string) => ({
    current: params.page,
    pageSize: params.perPage,
    total,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showTotal,
    onChange: (page: number, perPage: number) => setParams({ ...params, page: perPage === params.perPage ? page : 1, perPage }),
  });

  return { params, setParams, pagination };
}

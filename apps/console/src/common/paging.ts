import { useEffect } from 'react';
import { ApiError, type Query } from '../api/client';
import type { PageMove } from './CursorPagination';
import { useListParams } from './list-params';

/** Where a page of a list is, besides `page`: a cursor of the answer's pagination, or the last page (docs/decisions.md "Keyset paging"). */
const PAGE_AT = ['after', 'before', 'last'] as const;

/**
 * A list paged by cursor, its filters and place in the URL as the order list keeps them: `query` for
 * the API (a cursor, or the last page, says where the page is; `page` only for the first, numbered pages).
 */
export function useCursorList<S extends string>(filters: readonly S[]) {
  const { params: all, setParams } = useListParams([...filters, ...PAGE_AT], [] as const);
  const { after, before, last, ...params } = all;
  const query: Query = after || before || last ? { ...params, page: undefined, after, before, last } : { ...params };
  const move = (to: PageMove) => setParams({ ...params, page: undefined, ...to });
  return { params, query, setParams, move, atCursor: !!(after || before) };
}

/** A cursor the API no longer takes (an old link, a list changed since): back to the first page. */
export function useBadCursorReset(error: unknown, atCursor: boolean, toFirstPage: () => void) {
  const badCursor = error instanceof ApiError && error.status === 422 && atCursor;
  useEffect(() => {
    if (badCursor) toFirstPage();
    // Once per refused cursor, not on every new `toFirstPage` closure.
  }, [badCursor]);
}

/**
 * What a list shows of a failed read: a refusal of its filters (400, 422: an edited URL). A refused
 * cursor is not one: useBadCursorReset goes back to the first page.
 */
export const listRefusal = (error: unknown, atCursor: boolean): ApiError | null =>
  error instanceof ApiError && (error.status === 400 || error.status === 422) && !(error.status === 422 && atCursor) ? error : null;

/** The answer shapes of DESIGN.md §4, in the code's camelCase (the interceptor makes them snake_case). */
export interface One<T> {
  data: T;
}

export interface Pagination {
  from: number | null;
  to: number | null;
  total: number;
  currentPage: number;
  perPage: number;
  lastPage: number;
}

export interface Page<T, P extends Pagination = Pagination> {
  data: T[];
  pagination: P;
}

/** A list that also pages by keyset (docs/decisions.md "Keyset paging"): its cursors, null when there is no such page. */
export interface KeysetPagination extends Pagination {
  /** `after=` this: the next page. */
  nextCursor: string | null;
  /** `before=` this: the previous page. */
  prevCursor: string | null;
}

export function one<T>(data: T): One<T> {
  return { data };
}

/** A page of a keyset list (libs/infra database/keyset.ts readKeysetPage), its rows already made views. */
export function keysetPage<T>(rows: T[], found: { total: number; page: number; nextCursor: string | null; prevCursor: string | null }, perPage: number): Page<T, KeysetPagination> {
  const { pagination } = page(rows, found.total, found.page, perPage);
  // Deep in an estimated total (or with rows added since it was counted) a page may lie past it.
  const total = Math.max(pagination.total, pagination.to ?? 0);
  const lastPage = Math.max(pagination.lastPage, rows.length ? found.page : 1, found.nextCursor ? found.page + 1 : 1);
  return { data: rows, pagination: { ...pagination, total, lastPage, nextCursor: found.nextCursor, prevCursor: found.prevCursor } };
}

export function page<T>(rows: T[], total: number, currentPage: number, perPage: number): Page<T> {
  const offset = (currentPage - 1) * perPage;
  return {
    data: rows,
    pagination: {
      from: rows.length ? offset + 1 : null,
      to: rows.length ? offset + rows.length : null,
      total,
      currentPage,
      perPage,
      lastPage: Math.max(1, Math.ceil(total / perPage)),
    },
  };
}

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

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export function one<T>(data: T): One<T> {
  return { data };
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

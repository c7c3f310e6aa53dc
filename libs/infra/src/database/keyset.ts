import { parseDate } from '@oms/domain';

/**
 * Keyset paging (docs/decisions.md "Keyset paging"), shared by every list that can grow past
 * 10,000 rows. A page is read from a cursor that holds the sort key of a row on the page before
 * or after (its sort column's value and its id), compared as a row, `(o.order_date, o.id) <
 * ($1, $2)`, which the list's index answers at any depth, where OFFSET reads and skips every row
 * before the page. The first pages keep their numbers (OFFSET: a few index entries); the last page
 * is the list read backwards. A cursor also carries its page's number, so that `from`, `to` and
 * `current_page` stay meaningful; it is not signed: it names a place in a list, not a permission
 * (the filters and the caller's scope apply to every page), and a forged one is at worst another place.
 */

/** How a sort value is written into a cursor and cast back in SQL. */
export type KeyKind = 'integer' | 'date' | 'timestamp' | 'text';

export interface KeyColumn {
  /** The column's SQL, e.g. `o.order_date`. */
  sql: string;
  kind: KeyKind;
  /** NULLs come first ascending and last descending (they count as the smallest value). */
  nullable?: boolean;
}

/** A list's order: at most one sort column, then the unique id; one direction for both. */
export interface KeysetOrder {
  /** The sort as the wire writes it (`-order_date`, `-name`): a cursor names it and fits no other. */
  name: string;
  /** null: the list is sorted by its id alone. */
  column: KeyColumn | null;
  /** The id's SQL (a bigint), e.g. `o.id`. */
  id: string;
  desc: boolean;
}

export type KeyValue = string | number | null;

/** What a cursor holds: the sort it fits, the page of its row, and that row's sort value (if any) and id. */
export interface CursorKey {
  sort: string;
  page: number;
  values: KeyValue[];
}

/** Where a page is: a numbered page (OFFSET, for the first pages), after or before a row, or the end. */
export type PagePosition = { at: 'page'; page: number } | { at: 'after' | 'before'; key: CursorKey } | { at: 'last' };

/** Adds a parameter and answers its placeholder with `cast` (`::bigint`) after it: `$3::bigint`. */
export type Param = (value: unknown, cast: string) => string;

/** The rows a page query answers: the id and, when the order has a sort column, its value as the cursor writes it. */
export interface KeyedRow {
  id: string | number;
  key_value?: KeyValue;
}

export const KEY_VALUE = 'key_value';

const CAST: Record<KeyKind, string> = { integer: '::integer', date: '::date', timestamp: '::timestamptz', text: '::text' };
const INT_MAX = 2 ** 31 - 1;
const ID_MAX = 2n ** 63n - 1n;
const TEXT_MAX = 1000;
const PAGE_MAX = 1_000_000_000;
/** Longer than any cursor the lists write (a text key of 1,000 characters, each up to 4 bytes in UTF-8). */
export const CURSOR_MAX_LENGTH = 6000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The select expression of the sort value, as the cursor writes it (text for dates and times, at full precision). */
function valueSql(column: KeyColumn): string {
  switch (column.kind) {
    case 'date':
      return `to_char(${column.sql}, 'YYYY-MM-DD')`;
    case 'timestamp':
      return `to_char(${column.sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    default:
      return column.sql;
  }
}

/** `, <sort value> AS key_value` for a page query's select list (nothing for a sort by id). */
function keySelect(order: KeysetOrder): string {
  return order.column ? `, ${valueSql(order.column)} AS ${KEY_VALUE}` : '';
}

/** ORDER BY terms, forwards or reversed (NULLs stay the smallest either way). */
export function keysetOrderBy(order: KeysetOrder, reversed = false): string {
  const desc = order.desc !== reversed;
  const direction = desc ? 'DESC' : 'ASC';
  const nulls = order.column?.nullable ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
  return [...(order.column ? [`${order.column.sql} ${direction}${nulls}`] : []), `${order.id} ${direction}`].join(', ');
}

/**
 * The rows beyond `values` towards greater or smaller keys, as a row comparison an index on
 * (column, id) reads as a range. A nullable column adds its NULLs (the smallest) explicitly.
 */
function beyond(order: KeysetOrder, values: KeyValue[], greater: boolean, param: Param): string {
  const op = greater ? '>' : '<';
  const column = order.column;
  const value = column ? values[0] : null;
  const valueParam = column && value !== null ? param(value, CAST[column.kind]) : null;
  const id = param(values[values.length - 1], '::bigint');
  if (!column) return `${order.id} ${op} ${id}`;
  if (valueParam === null) return greater ? `(${column.sql} IS NOT NULL OR ${order.id} > ${id})` : `(${column.sql} IS NULL AND ${order.id} < ${id})`;
  const row = `(${column.sql}, ${order.id}) ${op} (${valueParam}, ${id})`;
  return column.nullable && !greater ? `(${row} OR ${column.sql} IS NULL)` : row;
}

/** What the page query must read for a position: its key condition, order, limit and offset. */
interface KeysetWindow {
  /** The key condition (none for a numbered page or the end), its parameters added through `param`. */
  where(param: Param): string | null;
  orderBy: string;
  /** One more than the page: the extra row tells whether there is more beyond. */
  limit: number;
  offset: number;
  /** Read backwards (before a row, the last page): the rows come last first. */
  reversed: boolean;
}

function keysetWindow(order: KeysetOrder, position: PagePosition, perPage: number): KeysetWindow {
  const limit = perPage + 1;
  switch (position.at) {
    case 'page':
      return { where: () => null, orderBy: keysetOrderBy(order), limit, offset: (position.page - 1) * perPage, reversed: false };
    case 'last':
      return { where: () => null, orderBy: keysetOrderBy(order, true), limit, offset: 0, reversed: true };
    case 'after':
    case 'before': {
      const reversed = position.at === 'before';
      // Forwards in an ascending list is towards greater keys; backwards or descending flips it.
      const greater = order.desc === reversed;
      return { where: (param) => beyond(order, position.key.values, greater, param), orderBy: keysetOrderBy(order, reversed), limit, offset: 0, reversed };
    }
  }
}

/** A list sorted by a column the caller chose (`sort`, `order`): the cursor's sort name is `-name` when descending. */
export function sortedBy(sort: string, column: KeyColumn | null, id: string, desc: boolean): KeysetOrder {
  return { name: `${desc ? '-' : ''}${sort}`, column, id, desc };
}

/** The parts of a list's page query that do not depend on the page. */
export interface ListQuery {
  /** The select list, at least the id as `id` (e.g. `o.id`, `mp.order_id AS id`). */
  select: string;
  from: string;
  /** `WHERE …` of the filters, or empty. */
  where: string;
  /** Its parameters ($1…). */
  params: readonly unknown[];
}

/**
 * The page query at a position: the list's select with its sort value (`key_value`), its filters and
 * the position's key condition, in the position's order, one row more than the page. Rows come last
 * first when `reversed` (readKeysetPage turns them round).
 */
export function keysetPageSql(list: ListQuery, order: KeysetOrder, position: PagePosition, perPage: number): { sql: string; params: unknown[]; reversed: boolean } {
  const window = keysetWindow(order, position, perPage);
  const params = [...list.params];
  const key = window.where((value, cast) => {
    params.push(value);
    return `$${params.length}${cast}`;
  });
  const where = key ? (list.where ? `${list.where} AND ${key}` : `WHERE ${key}`) : list.where;
  return {
    sql: `SELECT ${list.select}${keySelect(order)} FROM ${list.from} ${where} ORDER BY ${window.orderBy} LIMIT ${window.limit} OFFSET ${window.offset}`,
    params,
    reversed: window.reversed,
  };
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.sort, key.page, ...key.values]), 'utf8').toString('base64url');
}

function validValue(column: KeyColumn, value: unknown): value is KeyValue {
  if (value === null) return !!column.nullable;
  switch (column.kind) {
    case 'integer':
      return Number.isInteger(value) && Math.abs(value as number) <= INT_MAX;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDate(value) === value;
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value) && parseDate(value.slice(0, 10)) === value.slice(0, 10) && !Number.isNaN(Date.parse(value));
    case 'text':
      return typeof value === 'string' && [...value].length <= TEXT_MAX && !value.includes('\u0000');
  }
}

const validId = (value: unknown): value is string => typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= ID_MAX;

/**
 * The key a cursor holds, or null when it is not one this list wrote for this sort: not canonical
 * base64url of UTF-8 JSON, another sort, another shape, or a value the sort column cannot hold.
 * Strict, so that nothing malformed reaches the SQL (the API answers null as a 422).
 */
export function decodeCursor(text: unknown, order: KeysetOrder): CursorKey | null {
  if (typeof text !== 'string' || text.length > CURSOR_MAX_LENGTH || !BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.toString('base64url') !== text) return null;
  const json = bytes.toString('utf8');
  if (!Buffer.from(json, 'utf8').equals(bytes)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== (order.column ? 4 : 3)) return null;
  const [sort, page, ...values] = parsed as unknown[];
  if (sort !== order.name || !Number.isInteger(page) || (page as number) < 1 || (page as number) > PAGE_MAX) return null;
  if (!validId(values[values.length - 1])) return null;
  if (order.column && !validValue(order.column, values[0])) return null;
  return { sort, page: page as number, values: values as KeyValue[] };
}

/** The total the list answers beside its page: exact, or the planner's estimate (docs/orders-api.md "Reads"). */
export interface ListTotal {
  total: number;
  exact: boolean;
}

export interface KeysetPage<R> extends ListTotal {
  rows: R[];
  /** The page's number: counted from the first page along the cursors, from the total at the end. */
  page: number;
  /** Cursors for `after` (the next page) and `before` (the previous one); null when there is none. */
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * Reads one page at a position: `rows` runs the list's page query for a position (built with
 * keysetWindow), `total` is the list's total (read beside it). Before a row, a page that comes up
 * short has reached the start: the first page is answered instead, so it is always whole. The last
 * page of an exact total holds what the numbered pages leave (it lines up with them); above an
 * estimate it is the last `perPage` rows.
 */
export async function readKeysetPage<R extends KeyedRow>(list: {
  order: KeysetOrder;
  position: PagePosition;
  perPage: number;
  rows: (position: PagePosition) => Promise<R[]>;
  total: Promise<ListTotal>;
}): Promise<KeysetPage<R>> {
  const { order, position, perPage } = list;
  const [found, total] = await Promise.all([list.rows(position), list.total]);
  const cursor = (row: R | undefined, page: number) =>
    row ? encodeCursor({ sort: order.name, page, values: order.column ? [row.key_value ?? null, String(row.id)] : [String(row.id)] }) : null;
  const answer = (rows: R[], page: number, prev: boolean, next: boolean): KeysetPage<R> => ({
    ...total,
    rows,
    page,
    prevCursor: prev ? cursor(rows[0], page) : null,
    nextCursor: next ? cursor(rows[rows.length - 1], page) : null,
  });
  switch (position.at) {
    case 'page':
      return answer(found.slice(0, perPage), position.page, position.page > 1, found.length > perPage);
    case 'after':
      return answer(found.slice(0, perPage), position.key.page + 1, true, found.length > perPage);
    case 'before': {
      const more = found.length > perPage;
      if (!more && found.length < perPage) {
        const first = await list.rows({ at: 'page', page: 1 });
        return answer(first.slice(0, perPage), 1, false, first.length > perPage);
      }
      return answer(found.slice(0, perPage).reverse(), more ? Math.max(2, position.key.page - 1) : 1, more, true);
    }
    case 'last': {
      const lastPage = Math.max(1, Math.ceil(total.total / perPage));
      const rest = total.total - (lastPage - 1) * perPage;
      const size = total.exact && rest > 0 ? rest : perPage;
      const more = found.length > size;
      return answer(found.slice(0, size).reverse(), more ? Math.max(2, lastPage) : 1, more, false);
    }
  }
}

import { applyDecorators } from '@nestjs/common';
import { DEFAULT_PER_PAGE, FieldIssue, FieldValidationError, PER_PAGE_OPTIONS } from '@oms/domain';
import { CURSOR_MAX_LENGTH, decodeCursor, KeysetOrder, PagePosition } from '@oms/infra';
import { Id, OneOfNumbers, Optional, Pattern } from '../validation/rules';
import { WireSchema } from '../validation/wire-schema';

/** `page` and `per_page` of every list (DESIGN.md §4). */
export class PageQuery {
  @Optional()
  @Id()
  page: number = 1;

  @Optional()
  @OneOfNumbers(PER_PAGE_OPTIONS)
  perPage: number = DEFAULT_PER_PAGE;
}

/** The rule key of a cursor that cannot be used (docs/orders-api.md "Paging"). */
export const CURSOR_INVALID = 'cursor_invalid';

/** `after` / `before`: a cursor as the list wrote it (decoded, against the list's sort, by pagePosition). */
export const Cursor = () =>
  applyDecorators(
    WireSchema({ type: 'string', maxLength: CURSOR_MAX_LENGTH, pattern: '^[A-Za-z0-9_-]+$', description: 'A cursor from `pagination.next_cursor` or `prev_cursor` of the same list and sort.' }),
    Pattern('cursor', new RegExp(`^[A-Za-z0-9_-]{1,${CURSOR_MAX_LENGTH}}$`), CURSOR_INVALID),
  );

/** `last=1`: the last page. */
export const LastPage = () => OneOfNumbers([0, 1]);

/** Where a keyset list's page is asked for: by number, or by a cursor or `last` (which win over `page`). */
export interface PageAt {
  page: number;
  after?: string;
  before?: string;
  last?: 0 | 1;
}

/**
 * A list that can grow past 10,000 rows (docs/decisions.md "Keyset paging"): the first pages by
 * number, any page by a cursor from the answer's `pagination` (`after` = next_cursor, `before` =
 * prev_cursor), the last page with `last=1`. With a cursor or `last`, `page` is ignored. A mixin, so a
 * list whose query already extends another (the products' filters) takes the same fields.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base must take `...args: any[]` (TS2545)
export function KeysetPaged<Base extends new (...args: any[]) => PageQuery>(base: Base) {
  class Keyset extends base implements PageAt {
    /** The page after the row this cursor names (`pagination.next_cursor`). */
    @Optional()
    @Cursor()
    after?: string;

    /** The page before the row this cursor names (`pagination.prev_cursor`). */
    @Optional()
    @Cursor()
    before?: string;

    /** 1: the last page, read from the end of the list. */
    @Optional()
    @LastPage()
    last?: 0 | 1;
  }
  return Keyset;
}

export class KeysetPageQuery extends KeysetPaged(PageQuery) {}

/**
 * Where the page asked for is, its cursor checked against the list's order: a cursor of another
 * sort, malformed or tampered with answers 422 `cursor_invalid` on its field, as does more than one of
 * `after`, `before` and `last`.
 */
export function pagePosition(query: PageAt, order: KeysetOrder): PagePosition {
  const given = (['after', 'before', 'last'] as const).filter((field) => (field === 'last' ? query.last === 1 : query[field] !== undefined));
  if (given.length > 1) throw new FieldValidationError(given.slice(1).map((field): FieldIssue => ({ field, errorCode: CURSOR_INVALID })));
  if (query.last === 1) return { at: 'last' };
  for (const at of ['after', 'before'] as const) {
    if (query[at] === undefined) continue;
    const key = decodeCursor(query[at], order);
    if (!key) throw new FieldValidationError([{ field: at, errorCode: CURSOR_INVALID }]);
    return { at, key };
  }
  return { at: 'page', page: query.page };
}

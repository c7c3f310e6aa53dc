import { HIDDEN_FROM_MAKER_STATUSES } from '@oms/domain';

/**
 * What a maker user may see of the orders, as SQL (DESIGN.md §8; the rule itself is the domain's
 * `isVisibleToMaker`): a line of its own from the moment it was ordered from it, in any later
 * status (cancelled and refunded ones that had been ordered included), never unpaid or paid.
 * Every read for a maker goes through these: the list and its count, the detail, the history, the
 * export, the sheets, and any count (a dashboard) that a maker may read.
 *
 * `line` is the alias of an `order_lines` row; `maker` an SQL expression of the maker id (a
 * parameter such as `$2::bigint`).
 */
export const makerSeesLine = (line: string, maker: string): string =>
  `(${line}.maker_id = ${maker} AND ${line}.first_ordered_at IS NOT NULL AND ${line}.status NOT IN (${HIDDEN_FROM_MAKER_STATUSES.join(', ')}))`;

/** The order (`orderId`: an SQL expression of its id) has a line the maker may see: else it is no order of theirs (404). */
export const makerSeesOrder = (orderId: string, maker: string): string =>
  `EXISTS (SELECT 1 FROM order_lines msl WHERE msl.order_id = ${orderId} AND ${makerSeesLine('msl', maker)})`;

/**
 * The maker a read is limited to, as an SQL parameter: `onlyMakerId` follows the repositories'
 * convention (undefined: staff, no limit → null; null: a maker account without a maker → '0',
 * which matches no maker).
 */
export const makerParam = (onlyMakerId: string | null | undefined): string | null => (onlyMakerId === undefined ? null : (onlyMakerId ?? '0'));

/**
 * Order line statuses and the commands that move them (DESIGN.md §5), as data: the aggregate
 * reads this table, tests walk it, nothing else decides which step is allowed.
 */
export const LINE_STATUS = {
  unpaid: 1,
  paid: 2,
  ordered: 3,
  orderReceived: 4,
  shipped: 5,
  delivered: 6,
  refunded: 7,
  cancel: 8,
  returned: 9,
  reordered: 10,
  reorderReceived: 11,
  reshipped: 12,
} as const;

export type LineStatus = (typeof LINE_STATUS)[keyof typeof LINE_STATUS];

export const LINE_STATUSES = Object.values(LINE_STATUS) as LineStatus[];

export const LINE_STATUS_NAMES: Readonly<Record<LineStatus, keyof typeof LINE_STATUS>> = Object.fromEntries(
  Object.entries(LINE_STATUS).map(([name, code]) => [code, name]),
) as Record<LineStatus, keyof typeof LINE_STATUS>;

export function isLineStatus(value: unknown): value is LineStatus {
  return typeof value === 'number' && (LINE_STATUSES as number[]).includes(value);
}

/** The commands of DESIGN.md §5, by the names the history records. */
export const ORDER_COMMANDS = [
  'confirm_payment',
  'order_to_maker',
  'maker_receive',
  'maker_ship',
  'data_patch',
  'change_status',
  'return',
  'refund',
  'cancel',
  'change_revenue',
] as const;

export type OrderCommandName = (typeof ORDER_COMMANDS)[number];

/**
 * What the status history records besides the commands of the table: a maker's refusal (the lines
 * stay ordered, 3 → 3, the reason as the row's note) and a changed estimated ship date (the line
 * keeps its status, the dates as the note).
 */
export const HISTORY_ONLY_COMMANDS = ['maker_refused', 'maker_ship_date_changed'] as const;
export type HistoryCommandName = OrderCommandName | (typeof HISTORY_ONLY_COMMANDS)[number];

export interface LineTransition {
  readonly command: OrderCommandName;
  readonly from: LineStatus;
  /** null: the command keeps the status (change_revenue). */
  readonly to: LineStatus | null;
  /** A step taken only under a condition the aggregate checks (payment not required, or postpaid). */
  readonly when?: 'payment_not_required_or_postpaid';
  /** A step back after a mistake: only to the status the line came from, when its history knows it. */
  readonly back?: true;
}

const S = LINE_STATUS;
const step = (command: OrderCommandName, from: LineStatus[], to: LineStatus | null, when?: LineTransition['when']): LineTransition[] =>
  from.map((f) => ({ command, from: f, to, ...(when ? { when } : {}) }));
const back = (from: LineStatus, to: LineStatus, when?: LineTransition['when']): LineTransition[] => [{ command: 'change_status', from, to, ...(when ? { when } : {}), back: true }];

export const LINE_TRANSITIONS: readonly LineTransition[] = [
  ...step('confirm_payment', [S.unpaid], S.paid),
  ...step('order_to_maker', [S.paid], S.ordered),
  ...step('order_to_maker', [S.unpaid], S.ordered, 'payment_not_required_or_postpaid'),
  ...step('maker_receive', [S.ordered], S.orderReceived),
  ...step('maker_receive', [S.reordered], S.reorderReceived),
  ...step('maker_ship', [S.orderReceived], S.shipped),
  ...step('maker_ship', [S.reorderReceived], S.reshipped),
  ...step('data_patch', [S.orderReceived], S.shipped),
  // change_status: forward (delivered, re-order) and the reverse of a mistaken step, one back.
  ...step('change_status', [S.shipped, S.reshipped], S.delivered),
  ...step('change_status', [S.returned], S.reordered),
  ...back(S.paid, S.unpaid),
  ...back(S.ordered, S.paid),
  ...back(S.ordered, S.unpaid, 'payment_not_required_or_postpaid'),
  ...back(S.orderReceived, S.ordered),
  ...back(S.shipped, S.orderReceived),
  ...back(S.delivered, S.shipped),
  ...back(S.delivered, S.reshipped),
  ...back(S.reordered, S.returned),
  ...back(S.reorderReceived, S.reordered),
  ...back(S.reshipped, S.reorderReceived),
  ...step('return', [S.shipped, S.delivered, S.reshipped], S.returned),
  ...step('refund', [S.paid, S.ordered, S.orderReceived, S.returned], S.refunded),
  ...step('cancel', [S.unpaid, S.paid, S.ordered, S.orderReceived], S.cancel),
  ...step('change_revenue', [S.shipped, S.delivered, S.reshipped], null),
];

/** The transitions a command may take from a status (several only for change_status). */
export function transitionsFrom(command: OrderCommandName, from: LineStatus): LineTransition[] {
  return LINE_TRANSITIONS.filter((t) => t.command === command && t.from === from);
}

/** An order may be edited while every line is in one of these (nothing has gone to a maker yet). */
export const EDITABLE_STATUSES: readonly LineStatus[] = [S.unpaid, S.paid];

/** Lines that no longer count (cancelled or refunded): they hold no summary status back, add nothing to totals, ship nothing. */
export const CLOSED_STATUSES: readonly LineStatus[] = [S.cancel, S.refunded];

/** Workflow order used for the order's summary status: the least advanced live line wins. */
const PROGRESS: readonly LineStatus[] = [S.unpaid, S.paid, S.ordered, S.reordered, S.orderReceived, S.reorderReceived, S.shipped, S.reshipped, S.returned, S.delivered, S.refunded, S.cancel];

/**
 * A maker sees a line from the moment it is ordered from the maker (DESIGN.md §8): ordered and every
 * later status, and a cancelled or refunded line that had been ordered (`firstOrderedAt`, set by
 * OrderToMaker). Unpaid and paid lines are the shop's business, also after a step back from ordered.
 */
export const HIDDEN_FROM_MAKER_STATUSES: readonly LineStatus[] = [S.unpaid, S.paid];

export function isVisibleToMaker(line: { status: LineStatus; firstOrderedAt: string | Date | null }): boolean {
  return line.firstOrderedAt !== null && !HIDDEN_FROM_MAKER_STATUSES.includes(line.status);
}

/** The statuses' Japanese labels, as the console shows them (documents and CSV files are Japanese). */
export const LINE_STATUS_LABELS_JA: Readonly<Record<LineStatus, string>> = {
  [S.unpaid]: '未入金',
  [S.paid]: '入金済み',
  [S.ordered]: '発注済み',
  [S.orderReceived]: '受注済み',
  [S.shipped]: '出荷済み',
  [S.delivered]: '配達完了',
  [S.refunded]: '返金済み',
  [S.cancel]: 'キャンセル',
  [S.returned]: '返品',
  [S.reordered]: '再発注済み',
  [S.reorderReceived]: '再受注済み',
  [S.reshipped]: '再出荷済み',
};

export function summaryStatus(statuses: readonly LineStatus[]): LineStatus {
  // An order with no line yet (imported, every product unknown: order errors say what to add) waits as unpaid.
  if (statuses.length === 0) return LINE_STATUS.unpaid;
  const live = statuses.filter((s) => !CLOSED_STATUSES.includes(s));
  const pool = live.length ? live : statuses;
  return pool.reduce((least, s) => (PROGRESS.indexOf(s) < PROGRESS.indexOf(least) ? s : least), pool[0]);
}

/**
 * The line statuses and the command table, from the domain package itself (`@oms/domain`, pure TypeScript):
 * the console's selection rules read the same table the API enforces, so they cannot drift apart.
 */
export { EDITABLE_STATUSES, HIDDEN_FROM_MAKER_STATUSES, LINE_STATUS, LINE_STATUS_LABELS_JA, LINE_STATUS_NAMES, LINE_STATUSES, LINE_TRANSITIONS } from '@oms/domain';
export type { LineStatus, OrderCommandName } from '@oms/domain';

/**
 * The preferred delivery periods (transport time slots), from the domain package itself (`@oms/domain`, pure
 * TypeScript, like the line statuses): the codes the form sends are the ones the API checks, and
 * the Japanese labels the console shows are those order sheets and CSV files print.
 */
export { PREFERRED_PERIOD, PREFERRED_PERIOD_LABELS_JA, PREFERRED_PERIOD_NAMES, PREFERRED_PERIODS } from '@oms/domain';
export type { PreferredPeriod } from '@oms/domain';

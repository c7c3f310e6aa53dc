import type { TFunction } from 'i18next';
import type { ApiErrorBody } from '../../api/client';
import { errorMessage } from '../../i18n';
import { LINE_STATUS_NAMES, type LineStatus } from './api/line-status';
import { PREFERRED_PERIOD_NAMES, type PreferredPeriod } from './api/preferred-period';
import { joinerOf, type OrderAction, type SelectionProblem } from './order-actions';

/** A line status by its translated name. */
export function statusLabel(t: TFunction, status: LineStatus | null | undefined): string {
  return status ? t(`orders.lineStatus.${LINE_STATUS_NAMES[status]}`) : '—';
}

/** A preferred delivery period by its translated label (指定なし, 14-16時… / None, 14:00–16:00…). */
export function preferredPeriodLabel(t: TFunction, period: PreferredPeriod | null | undefined): string {
  const name = period === null || period === undefined ? undefined : PREFERRED_PERIOD_NAMES[period];
  // A code this console does not know yet is shown as it is rather than hidden.
  return name ? t(`orders.preferredPeriod.${name}`) : String(period ?? '—');
}

/** The SPEC.md §8 message of a selection problem, the status names translated. */
export function selectionMessage(t: TFunction, problem: SelectionProblem): string {
  if (problem.errorCode) return errorMessage(problem.errorCode);
  const status = (problem.statuses ?? []).map((s) => statusLabel(t, s)).join(t('orders.statusJoiner'));
  return t(problem.key, { status });
}

/** Translated codes joined as SPEC.md §8 says for the action (comma or newline). */
export function joinCodes(t: TFunction, action: OrderAction, codes: readonly string[]): string {
  const messages = [...new Set(codes)].map((code) => errorMessage(code));
  return messages.join(joinerOf(action) === 'comma' ? t('orders.commaJoiner') : '\n');
}

/** A refused command's message: its code and those of its entries. */
export function refusalMessage(t: TFunction, action: OrderAction, error: ApiErrorBody): string {
  return joinCodes(t, action, [error.errorCode, ...error.errors.map((e) => e.errorCode)]);
}

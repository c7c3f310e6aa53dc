import type { TFunction } from 'i18next';
import type { ApiFailure } from '../../api/client';
import { refusalOf } from '../../common/refusal';
import { orderLabel, type DepositRecord } from './api/deposit';

/** Refusals that mean the page shows what others have changed since: the page offers a reload. */
export const STALE_CODES: readonly string[] = ['NAL_ORD-193', 'NAL-DEP-040'];

export const isStale = (failure: ApiFailure) => STALE_CODES.includes(failure.error.errorCode);

/**
 * A refused apply or revert as a toast says it. NAL-DEP-041 of a record's revert names its orders (the
 * page knows which orders the record paid); every other code is its translated message.
 */
export function depositRefusal(t: TFunction, failure: ApiFailure, record?: Pick<DepositRecord, 'payments'>): string {
  if (failure.error.errorCode === 'NAL-DEP-041' && record?.payments.length) return t('deposits.movedOn', { orders: record.payments.map(orderLabel).join(t('deposits.joiner')) });
  return refusalOf(failure);
}

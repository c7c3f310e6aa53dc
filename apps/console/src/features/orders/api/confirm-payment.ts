import { api } from '../../../api/client';
import type { BodyOf } from '../../../api/wire';
import { BatchOrderResult, ORDERS_PATH, PaidResult } from './order';
import type { BatchTargets } from './order-commands';
import { useOrderRevalidation } from './use-order-commands';

/**
 * Payment confirmation (PUT /orders/paid, STYLE.md "One command, end to end"): the order is named in
 * the body, and the answer is not the order but whether to offer ordering from makers (`isShowPopup`)
 * with the order's new version and time. A refusal (400 NAL_ORD-193 stale version, 422) is the caller's to show.
 */
export function confirmPayment(order: { id: string; version: number }, lineIds: string[]) {
  return api.put<PaidResult>(`${ORDERS_PATH}/paid`, { orderId: order.id, version: order.version, lineIds } satisfies BodyOf<'/orders/paid', 'put'>);
}

/** The same over many orders (PUT /orders/batch/paid): one result per order, each changed whole or not at all. */
export function confirmPaymentOfMany(orders: BatchTargets) {
  return api.put<BatchOrderResult[]>(`${ORDERS_PATH}/batch/paid`, { orders } satisfies BodyOf<'/orders/batch/paid', 'put'>);
}

/** Payment confirmation with what follows it: the order's reads and the list pages reload after a change. */
export function useConfirmPayment() {
  const { revalidateOrder, revalidateLists } = useOrderRevalidation();
  return {
    async confirm(order: { id: string; version: number }, lineIds: string[]) {
      const result = await confirmPayment(order, lineIds);
      if (result.ok) await Promise.all([revalidateOrder(order.id), revalidateLists()]);
      return result;
    },

    async confirmMany(orders: BatchTargets) {
      const result = await confirmPaymentOfMany(orders);
      if (result.ok) await revalidateLists();
      return result;
    },
  };
}

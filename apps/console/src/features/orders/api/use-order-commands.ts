import { useSWRConfig } from 'swr';
import type { OrderAction } from '../order-actions';
import { ORDERS_PATH } from './order';
import { deleteOrderError, runBatchCommand, runOrderCommand, type BatchTargets, type CommandFields } from './order-commands';
import { savedOrderListQuery } from './order-list-cookie';

const pathOf = (key: unknown) => (Array.isArray(key) ? key[0] : key);

/**
 * The order commands with what follows them on the page's SWR cache: after a change the order's
 * reads (detail, history) and the list pages reload; after an error is deleted the list reloads
 * from the params saved in the `orderListParams` cookie.
 */
export function useOrderCommands() {
  const { mutate } = useSWRConfig();

  const revalidateOrder = (orderId: string) =>
    mutate((key) => {
      const path = pathOf(key);
      return typeof path === 'string' && path.startsWith(`${ORDERS_PATH}/${orderId}`);
    });
  const revalidateLists = () => mutate((key) => Array.isArray(key) && key[0] === ORDERS_PATH);

  return {
    revalidateOrder,

    async run(action: OrderAction, order: { id: string; version: number }, lineIds: string[], fields?: CommandFields) {
      const result = await runOrderCommand(action, order, lineIds, fields);
      if (result.ok) await Promise.all([revalidateOrder(order.id), revalidateLists()]);
      return result;
    },

    async runBatch(action: OrderAction, orders: BatchTargets, fields?: CommandFields) {
      const result = await runBatchCommand(action, orders, fields);
      if (result.ok) await revalidateLists();
      return result;
    },

    async deleteError(orderId: string, errorId: string) {
      const result = await deleteOrderError(orderId, errorId);
      if (result.ok) {
        const saved = savedOrderListQuery();
        await Promise.all([revalidateOrder(orderId), saved ? mutate([ORDERS_PATH, saved]) : undefined]);
      }
      return result;
    },
  };
}

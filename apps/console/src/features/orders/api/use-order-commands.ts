import { useSWRConfig } from 'swr';
import { ORDERS_PATH } from './order';
import { deleteOrderError, runBatchCommand, runOrderCommand, type BatchTargets, type CommandFields, type LineCommand } from './order-commands';
import { savedOrderListQuery } from './order-list-cookie';

const pathOf = (key: unknown) => (Array.isArray(key) ? key[0] : key);

/** What follows a change on the page's SWR cache: the order's reads (detail, history), the list pages. */
export function useOrderRevalidation() {
  const { mutate } = useSWRConfig();
  return {
    mutate,
    revalidateOrder: (orderId: string) =>
      mutate((key) => {
        const path = pathOf(key);
        return typeof path === 'string' && path.startsWith(`${ORDERS_PATH}/${orderId}`);
      }),
    revalidateLists: () => mutate((key) => Array.isArray(key) && key[0] === ORDERS_PATH),
  };
}

/**
 * The order commands (payment confirmation: confirm-payment.ts) with what follows them on the page's
 * SWR cache: after a change the order's reads and the list pages reload; after an error is deleted
 * the list reloads from the params saved in the `orderListParams` cookie.
 */
export function useOrderCommands() {
  const { mutate, revalidateOrder, revalidateLists } = useOrderRevalidation();

  return {
    revalidateOrder,

    async run(action: LineCommand, order: { id: string; version: number }, lineIds: string[], fields?: CommandFields) {
      const result = await runOrderCommand(action, order, lineIds, fields);
      if (result.ok) await Promise.all([revalidateOrder(order.id), revalidateLists()]);
      return result;
    },

    async runBatch(action: LineCommand, orders: BatchTargets, fields?: CommandFields) {
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

import { api } from '../../../api/client';
import type { AnswerOf, BodyOf } from '../../../api/wire';
import type { OrderAction } from '../order-actions';
import { AnyOrder, ORDERS_PATH } from './order';

/** The bodies of the line commands that take fields of their own (docs/orders-api.md "Commands"). */
type CommandBodies =
  | BodyOf<'/orders/{orderId}/maker_received_process', 'put'>
  | BodyOf<'/orders/{orderId}/maker_ship_process', 'put'>
  | BodyOf<'/orders/{orderId}/change_status', 'put'>
  | BodyOf<'/orders/{orderId}/return_process', 'put'>
  | BodyOf<'/orders/{orderId}/refund_process', 'put'>
  | BodyOf<'/orders/{orderId}/cancel', 'put'>
  | BodyOf<'/orders/{orderId}/change_revenue', 'put'>;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueIn<T, K extends PropertyKey> = T extends { [P in K]?: infer V } ? V : never;

/** The fields a command's modal adds to its body: those of every command, each optional (the API checks which it needs). */
export type CommandFields = { [K in Exclude<KeysOfUnion<CommandBodies>, 'version' | 'lineIds'>]?: ValueIn<CommandBodies, K> };

/** The orders a batch command names (PUT /orders/batch/…). */
export type BatchTargets = BodyOf<'/orders/batch/paid', 'put'>['orders'];

/** The commands on the order's own route, answering the order; payment confirmation has its own (confirm-payment.ts). */
export type LineCommand = Exclude<OrderAction, 'paid'>;

/** One order's command: answers the order. */
export function runOrderCommand(action: LineCommand, order: { id: string; version: number }, lineIds: string[], fields: CommandFields = {}) {
  const selection = { version: order.version, lineIds } satisfies Pick<BodyOf<'/orders/{orderId}/data_patch', 'put'>, 'version' | 'lineIds'>;
  return api.put<AnyOrder>(`${ORDERS_PATH}/${order.id}/${action}`, { ...selection, ...fields });
}

/** The same command over many orders: one result per order, each order changed whole or not at all. */
export function runBatchCommand(action: LineCommand, orders: BatchTargets, fields: CommandFields = {}) {
  return api.put<AnswerOf<'/orders/batch/data_patch', 'put'>>(`${ORDERS_PATH}/batch/${action}`, { orders, ...fields });
}

export function deleteOrderError(orderId: string, errorId: string) {
  return api.delete<void>('/errors', { query: { orderId, id: errorId } });
}

/** CSV export of a period: the API answers a signed URL to open. */
export function exportOrders(body: BodyOf<'/orders/export', 'post'>) {
  return api.post<AnswerOf<'/orders/export', 'post'>>(`${ORDERS_PATH}/export`, body);
}

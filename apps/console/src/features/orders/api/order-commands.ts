import { api } from '../../../api/client';
import type { OrderAction } from '../order-actions';
import { BatchOrderResult, Order, ORDERS_PATH, PaidResult } from './order';

/** The fields a command's modal adds to its body (docs/orders-api.md "Commands"). */
export interface CommandFields {
  makerReceiveDate?: string;
  confirmStatus?: 1 | 2 | 3;
  refusalReason?: string | null;
  estimatedShipDate?: string | null;
  shipDate?: string | null;
  deliveryCompanyId?: string | null;
  trackingCode?: string | null;
  status?: number;
  shippingFee?: number | null;
  fee?: number | null;
  revenueMonth?: string;
}

/** One order's command. Payment confirmation has its own route and answer; the others answer the order. */
export function runOrderCommand(action: OrderAction, order: { id: string; version: number }, lineIds: string[], fields: CommandFields = {}) {
  return action === 'paid'
    ? api.put<PaidResult | Order>(`${ORDERS_PATH}/paid`, { orderId: order.id, version: order.version, lineIds })
    : api.put<PaidResult | Order>(`${ORDERS_PATH}/${order.id}/${action}`, { version: order.version, lineIds, ...fields });
}

/** The same command over many orders: one result per order, each order changed whole or not at all. */
export function runBatchCommand(action: OrderAction, orders: { orderId: string; version: number; lineIds: string[] }[], fields: CommandFields = {}) {
  return api.put<BatchOrderResult[]>(`${ORDERS_PATH}/batch/${action}`, { orders, ...fields });
}

export function deleteOrderError(orderId: string, errorId: string) {
  return api.delete<void>('/errors', { query: { orderId, id: errorId } });
}

/** CSV export of a period: the API answers a signed URL to open. */
export function exportOrders(body: { dateKind: 1 | 2 | 3; from: string; to: string; encoding: 'utf8' | 'sjis' }) {
  return api.post<string>(`${ORDERS_PATH}/export`, body);
}

import { ORDER_LIMITS, paymentCanFollowShipment } from '@oms/domain';
import { LINE_STATUS, LINE_TRANSITIONS, type LineStatus, type OrderCommandName } from './api/line-status';
import { AnyOrder, AnyOrderLine, isMakerOrder, orderNumber } from './api/order';
import type { Permission } from '../../auth/use-current-user';

/**
 * The order actions of DESIGN.md §5 by their endpoint names (`PUT /orders/{id}/{action}`,
 * `PUT /orders/batch/{action}`), with the permission each needs and the domain command it runs.
 */
export const ORDER_ACTIONS = [
  'paid',
  'order_process',
  'maker_received_process',
  'maker_ship_process',
  'data_patch',
  'change_status',
  'return_process',
  'refund_process',
  'cancel',
  'change_revenue',
] as const;

export type OrderAction = (typeof ORDER_ACTIONS)[number];

const COMMAND_OF: Record<OrderAction, OrderCommandName> = {
  paid: 'confirm_payment',
  order_process: 'order_to_maker',
  maker_received_process: 'maker_receive',
  maker_ship_process: 'maker_ship',
  data_patch: 'data_patch',
  change_status: 'change_status',
  return_process: 'return',
  refund_process: 'refund',
  cancel: 'cancel',
  change_revenue: 'change_revenue',
};

/** DESIGN.md §8 as docs/orders-api.md "Permissions" assigns it. */
export const ACTION_PERMISSION: Record<OrderAction, Permission> = {
  paid: 'orders.payment',
  refund_process: 'orders.payment',
  change_revenue: 'orders.payment',
  order_process: 'orders.process',
  data_patch: 'orders.process',
  change_status: 'orders.process',
  return_process: 'orders.process',
  cancel: 'orders.process',
  maker_received_process: 'orders.maker',
  maker_ship_process: 'orders.maker',
};

/** The statuses a command may start from, in the table's order. */
export function fromStatuses(action: OrderAction): LineStatus[] {
  return [...new Set(LINE_TRANSITIONS.filter((t) => t.command === COMMAND_OF[action]).map((t) => t.from))];
}

/**
 * Where a status change may go from `status` (the only command with a choice of targets); a step
 * back to unpaid only where payment follows shipment, as the API allows.
 */
export function changeStatusTargets(status: LineStatus, paymentFollowsShipment = true): LineStatus[] {
  return LINE_TRANSITIONS.filter((t) => t.command === 'change_status' && t.from === status && (!t.when || paymentFollowsShipment)).map((t) => t.to as LineStatus);
}

/** A selected order line with what the rules need of its order. */
export interface SelectedLine {
  lineId: string;
  orderId: string;
  /** `orderNo-branchNo`, to name the order in results. */
  orderNumber: string;
  status: LineStatus;
  version: number;
  /** Order to maker may start from unpaid when payment is not required (id 0) or postpaid. */
  paymentFollowsShipment: boolean;
  hasDeliveryInfo: boolean;
  /** The order's shipping fee and fee now: what cancel, return and refund start from. */
  fees?: { shippingFee: number; fee: number };
}

/** Why a selection cannot run an action: a message key of orders.common.json and its params. */
/** A line as the rules see it, from its order as last read. */
export function selectedLineOf(order: AnyOrder, line: AnyOrderLine): SelectedLine {
  const base = { lineId: line.id, orderId: order.id, orderNumber: orderNumber(order), status: line.status, version: order.version, hasDeliveryInfo: order.hasDeliveryInfo };
  // A maker's view has no payment or fees: the actions that need them are not the maker's.
  if (isMakerOrder(order)) return { ...base, paymentFollowsShipment: false };
  return {
    ...base,
    paymentFollowsShipment: paymentCanFollowShipment(order.paymentMethod ?? { id: order.paymentMethodId, isPostpaid: false, businessOnly: false }),
    fees: { shippingFee: order.shippingFee, fee: order.fee },
  };
}

export interface SelectionProblem {
  key: string;
  /** Status codes to name in the message. */
  statuses?: LineStatus[];
  /** An error code (error_message namespace) instead of a key. */
  errorCode?: string;
}

/**
 * The client's selection rules (SPEC.md §5, §8), checked before a modal opens: something selected,
 * one shared status, a status the command starts from; order to maker needs every line paid
 * (unpaid where payment follows shipment); a status change is a correction made one product at a
 * time; a data patch needs the delivery info. The API checks all of it again.
 */
export function selectionProblem(action: OrderAction, lines: readonly SelectedLine[]): SelectionProblem | null {
  if (!lines.length) return { key: 'orders.select.product' };
  if (new Set(lines.map((l) => l.orderId)).size > ORDER_LIMITS.ordersPerBatch) return { key: 'orders.select.tooManyOrders' };
  const statuses = [...new Set(lines.map((l) => l.status))];
  if (statuses.length > 1) return { key: 'orders.select.sameStatus' };
  const [status] = statuses;
  if (action === 'order_process') {
    const allowed = status === LINE_STATUS.paid || (status === LINE_STATUS.unpaid && lines.every((l) => l.paymentFollowsShipment));
    return allowed ? null : { key: 'orders.select.allPaid' };
  }
  const from = fromStatuses(action);
  if (!from.includes(status)) return { key: 'orders.select.onlyStatus', statuses: from };
  if (action === 'change_status' && lines.length > 1) return { key: 'orders.select.onlyOne', statuses: [status] };
  if (action === 'data_patch' && lines.some((l) => !l.hasDeliveryInfo)) return { key: '', errorCode: 'NAL_ORD-088' };
  return null;
}

/** Order-level actions (edit, branch order) need the lines of exactly one order. */
export function oneOrderProblem(lines: readonly SelectedLine[]): SelectionProblem | null {
  return new Set(lines.map((l) => l.orderId)).size === 1 ? null : { key: 'orders.select.order' };
}

/** The batch body's `orders`: the selected lines grouped per order, with the version each was read at. */
export function groupByOrder(lines: readonly SelectedLine[]): { orderId: string; version: number; lineIds: string[] }[] {
  const orders = new Map<string, { orderId: string; version: number; lineIds: string[] }>();
  for (const line of lines) {
    const entry = orders.get(line.orderId) ?? { orderId: line.orderId, version: line.version, lineIds: [] };
    entry.lineIds.push(line.lineId);
    orders.set(line.orderId, entry);
  }
  return [...orders.values()];
}

/**
 * SPEC.md §8 "Handling": payment update, return and refund join the translated codes with a comma,
 * cancel with newlines; the other actions, like cancel, one per line.
 */
export function joinerOf(action: OrderAction): 'comma' | 'newline' {
  return action === 'paid' || action === 'return_process' || action === 'refund_process' ? 'comma' : 'newline';
}

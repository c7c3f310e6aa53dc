import { LineStatus, MakerConfirmStatus, Order, TimelinePeriod } from '@oms/domain';

/**
 * The line commands of DESIGN.md §5 as the API names them (the route's last segment), each with
 * what it needs besides the order, its version and its lines.
 */
export type OrderAction =
  | { kind: 'paid' }
  | { kind: 'order_process' }
  | { kind: 'maker_received_process'; makerReceiveDate: string; confirmStatus: MakerConfirmStatus; refusalReason?: string | null; estimatedShipDate?: string | null }
  | { kind: 'maker_ship_process'; shipDate?: string; deliveryCompanyId?: string; trackingCode?: string }
  /** A maker changes the estimated ship date it gave (the confirmation link, after answering). */
  | { kind: 'maker_ship_date'; estimatedShipDate: string }
  | { kind: 'data_patch' }
  | { kind: 'change_status'; status: LineStatus }
  | { kind: 'return_process'; shippingFee?: number; fee?: number }
  | { kind: 'refund_process'; shippingFee?: number; fee?: number }
  | { kind: 'cancel'; shippingFee: number; fee: number }
  | { kind: 'change_revenue'; revenueMonth: string };

export type OrderActionKind = OrderAction['kind'];

/** What a command needs from outside the order: the date in Japan, the monthly timeline. */
export interface ActionContext {
  today: string;
  timeline: () => Promise<TimelinePeriod[]>;
}

/** Asks the aggregate to do the action; answers what the command answers besides the order (paid: the popup flag). */
export async function performOrderAction(order: Order, lineIds: readonly string[], action: OrderAction, context: ActionContext): Promise<{ isShowPopup?: boolean }> {
  switch (action.kind) {
    case 'paid':
      return order.confirmPayment(lineIds);
    case 'order_process':
      order.orderToMaker(lineIds, context.today);
      return {};
    case 'maker_received_process':
      order.makerReceive(lineIds, action);
      return {};
    case 'maker_ship_process':
      order.makerShip(lineIds, action, await context.timeline());
      return {};
    case 'maker_ship_date':
      order.changeEstimatedShipDate(lineIds, action.estimatedShipDate, context.today);
      return {};
    case 'data_patch':
      order.dataPatch(lineIds);
      return {};
    case 'change_status':
      order.changeStatus(lineIds, action.status);
      return {};
    case 'return_process':
      order.returnLines(lineIds, action);
      return {};
    case 'refund_process':
      order.refund(lineIds, action);
      return {};
    case 'cancel':
      order.cancel(lineIds, action);
      return {};
    case 'change_revenue':
      order.changeRevenue(lineIds, action.revenueMonth);
      return {};
  }
}

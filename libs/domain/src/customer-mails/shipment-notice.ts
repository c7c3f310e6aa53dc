import type { ShipmentPlaceholder } from './mail-template';
import { trackingLink } from './tracking-link';

/** The order's send-mail flag (SPEC.md §3): stop 0, send 1. */
export const SEND_MAIL_FLAG = { stop: 0, send: 1 } as const;

/** Why a shipment notice did not go: the order says not to mail the buyer, or there is no address. */
export type ShipmentMailSkip = 'flag_off' | 'no_email';

/** Who gets the notice of a shipment, or why nobody does. */
export function shipmentNoticeRecipient(order: { sendMailFlag: number; buyerEmail: string | null }): { to: string } | { skipped: ShipmentMailSkip } {
  if (order.sendMailFlag !== SEND_MAIL_FLAG.send) return { skipped: 'flag_off' };
  const to = order.buyerEmail?.trim();
  return to ? { to } : { skipped: 'no_email' };
}

/** What one shipment (one maker's lines, shipped by one command) tells the buyer. */
export interface ShipmentFacts {
  orderNo: string;
  buyerName: string;
  deliveryName: string;
  shopName: string;
  lines: readonly { productName: string; amount: number; option1?: string | null; option2?: string | null }[];
  /** YYYY-MM-DD */
  shipDate: string | null;
  deliveryCompany: string | null;
  trackingUrlTemplate: string | null;
  trackingCode: string | null;
}

/** One line per product, as a Japanese shop writes it: ・桐たんす（ウォールナット） × 1 */
export function productLines(lines: ShipmentFacts['lines']): string {
  return lines
    .map((l) => {
      const options = [l.option1, l.option2].filter((o): o is string => !!o?.trim());
      return `・${l.productName}${options.length ? `（${options.join('／')}）` : ''} × ${l.amount}`;
    })
    .join('\n');
}

/** The placeholder values of the shipment notice. */
export function shipmentNoticeValues(f: ShipmentFacts): Record<ShipmentPlaceholder, string> {
  return {
    order_no: f.orderNo,
    buyer_name: f.buyerName,
    delivery_name: f.deliveryName,
    products: productLines(f.lines),
    ship_date: f.shipDate ? f.shipDate.replace(/-/g, '/') : '',
    delivery_company: f.deliveryCompany ?? '',
    tracking_code: f.trackingCode ?? '',
    tracking_url: trackingLink(f.trackingUrlTemplate, f.trackingCode) ?? '',
    shop_name: f.shopName,
  };
}

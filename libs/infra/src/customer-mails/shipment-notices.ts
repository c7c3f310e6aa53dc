import type { MailTemplateKey, ShipmentFacts, ShipmentMailSkip } from '@oms/domain';
import { EntityManager } from 'typeorm';

/** The order as the shipment notice needs it, with the one maker's shipped lines and delivery info. */
export interface ShipmentNoticeSource extends ShipmentFacts {
  sendMailFlag: number;
  buyerEmail: string | null;
  /** The shop's contact e-mail: where the buyer's reply goes (null: MAIL_FROM's own). */
  shopEmail: string | null;
}

/** A mail to a buyer, as recorded (and shown in the order's history). */
export interface CustomerMailWrite {
  orderId: string;
  makerId: string | null;
  eventId: string;
  kind: MailTemplateKey;
  status: 'sent' | 'skipped' | 'failed';
  skipReason?: ShipmentMailSkip | null;
  recipient?: string | null;
  subject?: string | null;
  messageId?: string | null;
  lastError?: string | null;
  lineIds: readonly string[];
}

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * What the shipment-notice job reads and writes. The delivery info is the event's (what the lines
 * shipped with), the company's name and tracking template the company's now (a deleted company
 * still has its row).
 */
export class ShipmentNotices {
  async source(
    manager: EntityManager,
    shipment: { orderId: string; lineIds: readonly string[]; shipDate: string | null; deliveryCompanyId: string | null; trackingCode: string | null },
  ): Promise<ShipmentNoticeSource | null> {
    const [order] = await manager.query(
      `SELECT o.order_no, o.buyer_name, o.buyer_email, o.delivery_name, o.send_mail_flag, s.name AS shop_name, s.contact_email
         FROM orders o JOIN shops s ON s.id = o.shop_id WHERE o.id = $1`,
      [shipment.orderId],
    );
    if (!order) return null;
    const lines: { product_name: string; amount: number; option1: string | null; option2: string | null }[] = await manager.query(
      `SELECT product_name, amount, option1, option2 FROM order_lines WHERE order_id = $1 AND id = ANY($2::bigint[]) ORDER BY id`,
      [shipment.orderId, shipment.lineIds],
    );
    const [company] = shipment.deliveryCompanyId ? await manager.query(`SELECT name, tracking_url FROM delivery_companies WHERE id = $1`, [shipment.deliveryCompanyId]) : [];
    return {
      orderNo: order.order_no,
      buyerName: order.buyer_name,
      buyerEmail: order.buyer_email,
      deliveryName: order.delivery_name,
      sendMailFlag: order.send_mail_flag,
      shopName: order.shop_name,
      shopEmail: order.contact_email,
      lines: lines.map((l) => ({ productName: l.product_name, amount: l.amount, option1: l.option1, option2: l.option2 })),
      shipDate: shipment.shipDate,
      deliveryCompany: company?.name ?? null,
      trackingUrlTemplate: company?.tracking_url ?? null,
      trackingCode: shipment.trackingCode,
    };
  }

  /** The ship date, company and code a maker part has now: for an event recorded before they were in its payload. */
  async deliveryInfo(manager: EntityManager, orderId: string, makerId: string): Promise<{ shipDate: string | null; deliveryCompanyId: string | null; trackingCode: string | null }> {
    const [part] = await manager.query(
      `SELECT ${DATE('ship_date')} AS "shipDate", delivery_company_id::text AS "deliveryCompanyId", tracking_code AS "trackingCode"
         FROM order_makers WHERE order_id = $1 AND maker_id = $2`,
      [orderId, makerId],
    );
    return part ?? { shipDate: null, deliveryCompanyId: null, trackingCode: null };
  }

  /**
   * Records a mail once per event. A second record of the same event is ignored, except over a
   * `failed` one: a job retried by hand (Bull Board) that then sends tells the truth in the history.
   */
  async record(manager: EntityManager, mail: CustomerMailWrite): Promise<void> {
    await manager.query(
      `INSERT INTO customer_mails (order_id, maker_id, event_id, kind, status, skip_reason, recipient, subject, message_id, last_error, line_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint[])
       ON CONFLICT (event_id) DO UPDATE SET status = EXCLUDED.status, skip_reason = EXCLUDED.skip_reason, recipient = EXCLUDED.recipient,
         subject = EXCLUDED.subject, message_id = EXCLUDED.message_id, last_error = EXCLUDED.last_error, created_at = now()
         WHERE customer_mails.status = 'failed'`,
      [
        mail.orderId,
        mail.makerId,
        mail.eventId,
        mail.kind,
        mail.status,
        mail.skipReason ?? null,
        mail.recipient ?? null,
        mail.subject?.slice(0, 300) ?? null,
        mail.messageId ?? null,
        mail.lastError?.slice(0, 1000) ?? null,
        mail.lineIds,
      ],
    );
  }
}

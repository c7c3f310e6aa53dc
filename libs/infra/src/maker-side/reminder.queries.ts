import { AWAITING_ANSWER_STATUSES, AWAITING_SHIPMENT_STATUSES, confirmLinkExpiry, MAKER_CONFIRM_STATUS, OrderMethod, ReminderKind, reminderCutoffs, ShopContact } from '@oms/domain';
import { EntityManager } from 'typeorm';
import { confirmUrl, issueConfirmLink } from './confirm-links';

/** A maker's part of an order that a reminder is due for. */
export interface ReminderDue {
  orderId: string;
  makerId: string;
  orderNo: string;
  makerName: string;
  email: string | null;
  fax: string | null;
  orderMethod: OrderMethod;
  makerOrderDate: string | null;
  makerReceiveDate: string | null;
  estimatedShipDate: string | null;
  /** The latest sheet the maker was sent (a confirm reminder's link opens it). */
  sheetId: string | null;
}

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * Who is due for a reminder (reminders.ts in the domain states the rule; these queries are that
 * rule over the tables, with the partial indexes on order_makers), and what was sent.
 */
export class ReminderQueries {
  async shop(manager: EntityManager, shopId: string) {
    const [row] = await manager.query(
      `SELECT s.id::text, s.name, s.order_reminder_days, s.ship_reminder_days, u.email AS owner_email,
              s.contact_company, s.contact_person, s.contact_phone, s.contact_fax, s.contact_email
         FROM shops s LEFT JOIN users u ON u.id = s.owner_user_id AND u.status = 'valid'
        WHERE s.id = $1 AND s.deleted_at IS NULL`,
      [shopId],
    );
    return row
      ? {
          id: row.id as string,
          name: row.name as string,
          orderReminderDays: row.order_reminder_days as number | null,
          shipReminderDays: row.ship_reminder_days as number | null,
          ownerEmail: row.owner_email as string | null,
          contact: {
            name: row.name as string,
            contactCompany: row.contact_company as string | null,
            contactPerson: row.contact_person as string | null,
            contactPhone: row.contact_phone as string | null,
            contactFax: row.contact_fax as string | null,
            contactEmail: row.contact_email as string | null,
          } satisfies ShopContact,
        }
      : null;
  }

  /**
   * confirm: first sent a sheet on or before today − days (Japan date), lines still with the maker unanswered
   * (a refusal is an answer: staff act on it);
   * ship: accepted or 'undecided', not shipped, past the estimated ship date (or, with none,
   * received on or before today − days). Not yet reminded today.
   */
  async due(manager: EntityManager, run: { shopId: string; kind: ReminderKind; days: number; today: string }): Promise<ReminderDue[]> {
    const cut = reminderCutoffs(run.kind, run.days, run.today);
    const when =
      run.kind === 'confirm'
        ? `om.maker_order_date IS NOT NULL AND om.maker_receive_date IS NULL AND om.confirm_status IS DISTINCT FROM ${MAKER_CONFIRM_STATUS.notAccepted}
           AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = om.order_id AND l.maker_id = om.maker_id AND l.status = ANY($5::smallint[]))
           -- Days count from when the maker first got a sheet (a held or failed one reached nobody).
           AND (SELECT min((s.sent_at AT TIME ZONE 'Asia/Tokyo')::date) FROM order_sheets s
                 WHERE s.order_id = om.order_id AND s.maker_id = om.maker_id AND s.status = 'sent') <= $3::date`
        : `om.maker_receive_date IS NOT NULL AND om.ship_date IS NULL AND coalesce(om.confirm_status, 0) <> 3
           AND (om.estimated_ship_date < $3::date OR (om.estimated_ship_date IS NULL AND om.maker_receive_date <= $6::date))
           AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = om.order_id AND l.maker_id = om.maker_id AND l.status = ANY($5::smallint[]))`;
    const rows = await manager.query(
      `SELECT om.order_id::text AS "orderId", om.maker_id::text AS "makerId", o.order_no AS "orderNo", m.name AS "makerName", m.email, m.fax,
              m.order_method AS "orderMethod", ${DATE('om.maker_order_date')} AS "makerOrderDate", ${DATE('om.maker_receive_date')} AS "makerReceiveDate",
              ${DATE('om.estimated_ship_date')} AS "estimatedShipDate",
              (SELECT s.id::text FROM order_sheets s WHERE s.order_id = om.order_id AND s.maker_id = om.maker_id AND s.status = 'sent'
                ORDER BY s.revision DESC LIMIT 1) AS "sheetId"
         FROM order_makers om
         JOIN orders o ON o.id = om.order_id
         JOIN makers m ON m.id = om.maker_id
        WHERE o.shop_id = $1 AND ${when}
          AND NOT EXISTS (SELECT 1 FROM maker_reminders r WHERE r.order_id = om.order_id AND r.maker_id = om.maker_id AND r.kind = $2 AND r.day = $4::date)
        ORDER BY om.order_id, om.maker_id`,
      run.kind === 'confirm'
        ? [run.shopId, run.kind, cut.sentOnOrBefore, run.today, AWAITING_ANSWER_STATUSES]
        : [run.shopId, run.kind, cut.estimatedShipBefore, run.today, AWAITING_SHIPMENT_STATUSES, cut.receivedOnOrBefore],
    );
    return rows;
  }

  /** A fresh link for a confirm reminder (the sheet's own may be lost or near its end). */
  async issueLink(manager: EntityManager, due: ReminderDue, now: Date, days: number, consoleUrl: string): Promise<{ url: string; expiresAt: Date } | null> {
    if (!due.sheetId) return null;
    const expiresAt = confirmLinkExpiry(now, days);
    const token = await issueConfirmLink(manager, { orderId: due.orderId, makerId: due.makerId, sheetId: due.sheetId, expiresAt });
    return { url: confirmUrl(consoleUrl, token), expiresAt };
  }

  async recordSent(manager: EntityManager, sent: { orderId: string; makerId: string; kind: ReminderKind; day: string; recipient: string; messageId: string }): Promise<void> {
    await manager.query(`INSERT INTO maker_reminders (order_id, maker_id, kind, day, recipient, message_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
      sent.orderId,
      sent.makerId,
      sent.kind,
      sent.day,
      sent.recipient,
      sent.messageId,
    ]);
  }

  async sentOn(manager: EntityManager, shopId: string, kind: ReminderKind, day: string): Promise<{ orderNo: string; makerName: string; recipient: string }[]> {
    return manager.query(
      `SELECT o.order_no AS "orderNo", m.name AS "makerName", r.recipient
         FROM maker_reminders r JOIN orders o ON o.id = r.order_id JOIN makers m ON m.id = r.maker_id
        WHERE o.shop_id = $1 AND r.kind = $2 AND r.day = $3::date ORDER BY o.order_no, m.name`,
      [shopId, kind, day],
    );
  }
}

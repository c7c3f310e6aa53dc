import { ChatSide } from '@oms/domain';
import { EntityManager } from 'typeorm';
import { makerSeesOrder } from '../orders/maker-scope';

/** A message the other side has not been mailed about yet. */
export interface UnnotifiedMessage {
  id: string;
  authorName: string | null;
  /** Null when the message is only a file. */
  content: string | null;
  /** The name of a file sent with it. */
  attachmentName: string | null;
  createdAt: Date;
}

/** What a thread's mail names: its order or maker inquiry, and its maker (with the maker's e-mail). */
export interface ConversationMailSubject {
  id: string;
  orderId: string | null;
  orderNo: string | null;
  makerInquiryId: string | null;
  makerId: string;
  makerName: string;
  makerEmail: string | null;
  /** Whether the maker may read the thread yet (an order's only once something of it is ordered from the maker). */
  makerSees: boolean;
}

/** A staff member a maker's message is mailed to. */
export interface StaffRecipient {
  id: string;
  name: string;
  email: string;
}

/**
 * What the workers' conversation digests read and write (issue 15): the messages of one side not yet
 * mailed to the other, whom to mail, and the mark that they were.
 */
export class ConversationMailQueries {
  /** The side's messages not mailed yet and not deleted, oldest first. */
  async unnotified(m: EntityManager, conversationId: string, authorSide: ChatSide): Promise<UnnotifiedMessage[]> {
    return m.query(
      `SELECT cm.id::text AS "id", u.name AS "authorName", cm.content, cm.attachment_name AS "attachmentName", cm.created_at AS "createdAt"
         FROM conversation_messages cm LEFT JOIN users u ON u.id = cm.author_id
        WHERE cm.conversation_id = $1 AND cm.author_side = $2 AND cm.notified_at IS NULL AND cm.deleted_at IS NULL
        ORDER BY cm.id`,
      [conversationId, authorSide],
    );
  }

  /** The thread of an order and maker with staff's messages not mailed yet (written before the order was the maker's); null when none. */
  async waitingForMaker(m: EntityManager, orderId: string, makerId: string): Promise<string | null> {
    const [row] = await m.query(
      `SELECT c.id::text AS id FROM conversations c
        WHERE c.order_id = $1 AND c.maker_id = $2
          AND EXISTS (SELECT 1 FROM conversation_messages cm WHERE cm.conversation_id = c.id AND cm.author_side = 'staff' AND cm.notified_at IS NULL AND cm.deleted_at IS NULL)`,
      [orderId, makerId],
    );
    return row?.id ?? null;
  }

  /** A maker thread with its order or inquiry; null for a customer's thread (no other side) or one that is gone. */
  async subject(m: EntityManager, conversationId: string): Promise<ConversationMailSubject | null> {
    const [row] = await m.query(
      `SELECT c.id::text AS "id", c.order_id::text AS "orderId", o.order_no AS "orderNo", c.maker_inquiry_id::text AS "makerInquiryId",
              c.maker_id::text AS "makerId", mk.name AS "makerName", nullif(btrim(mk.email), '') AS "makerEmail",
              (c.order_id IS NULL OR ${makerSeesOrder('c.order_id', 'c.maker_id')}) AS "makerSees"
         FROM conversations c JOIN makers mk ON mk.id = c.maker_id LEFT JOIN orders o ON o.id = c.order_id
        WHERE c.id = $1 AND c.kind = 'maker'`,
      [conversationId],
    );
    return row ?? null;
  }

  /**
   * The staff a maker's message goes to: for an order's thread the shop's owner and the staff who wrote
   * in the thread; for a maker inquiry its person in charge, else the staff member who made it, else the
   * staff who wrote in it. When none of them can be mailed (a maker's own question nobody has taken yet),
   * the administrators (system admins and approvers) are, so that no question goes unseen. Only live,
   * valid staff accounts (never a maker account), in id order.
   */
  async staffRecipients(m: EntityManager, subject: ConversationMailSubject): Promise<StaffRecipient[]> {
    const mailable = `u.status = 'valid' AND u.deleted_at IS NULL AND u.role <> 'maker' AND btrim(u.email) <> ''`;
    const wrote = `SELECT cm.author_id FROM conversation_messages cm WHERE cm.conversation_id = $1 AND cm.author_side = 'staff'`;
    const candidates = subject.orderId
      ? `SELECT s.owner_user_id FROM orders o JOIN shops s ON s.id = o.shop_id WHERE o.id = $2 UNION ${wrote}`
      : `SELECT coalesce(i.person_in_charge_id, (SELECT cb.id FROM users cb WHERE cb.id = i.created_by AND cb.role <> 'maker'))
           FROM maker_inquiries i WHERE i.id = $2 AND (i.person_in_charge_id IS NOT NULL OR EXISTS (SELECT 1 FROM users cb WHERE cb.id = i.created_by AND cb.role <> 'maker'))
         UNION (${wrote} AND NOT EXISTS (SELECT 1 FROM maker_inquiries i2 WHERE i2.id = $2 AND i2.person_in_charge_id IS NOT NULL))`;
    const found: StaffRecipient[] = await m.query(
      `SELECT u.id::text AS "id", u.name, u.email FROM users u WHERE u.id IN (${candidates}) AND ${mailable} ORDER BY u.id`,
      [subject.id, subject.orderId ?? subject.makerInquiryId],
    );
    if (found.length) return found;
    return m.query(`SELECT u.id::text AS "id", u.name, u.email FROM users u WHERE u.role IN ('system_admin', 'approver') AND ${mailable} ORDER BY u.id`);
  }

  /** Marks the side's messages up to `lastId` as mailed (those deleted meanwhile too: nothing is left to say of them). */
  async markNotified(m: EntityManager, conversationId: string, authorSide: ChatSide, lastId: string): Promise<number> {
    const [, count]: [unknown, number] = await m.query(
      `UPDATE conversation_messages SET notified_at = now()
        WHERE conversation_id = $1 AND author_side = $2 AND id <= $3 AND notified_at IS NULL`,
      [conversationId, authorSide, lastId],
    );
    return count;
  }
}

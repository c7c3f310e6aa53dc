import type { InquiryMailFacts } from '@oms/domain';
import { EntityManager } from 'typeorm';

/** An inquiry as its mails need it: what they say, and where each goes. */
export interface CustomerInquiryMailSource extends InquiryMailFacts {
  id: string;
  /** Whether it came through a public form (no staff account recorded it): the customer is acknowledged. */
  fromForm: boolean;
  /** The customer's address (null: given a phone number only). */
  email: string | null;
  /** Where the staff's notice goes: the shop's contact e-mail, else its owner's, else the fallback; null when none. */
  staffEmail: string | null;
}

const present = (column: string) => `nullif(btrim(${column}), '')`;

/**
 * What the workers' customer-inquiry mails read (issue 16): the inquiry with its shop, never its bank
 * account (nothing of it is mailed, so it is not loaded either).
 */
export class CustomerInquiryMailQueries {
  /**
   * The inquiry, or null when it is gone. The staff's notice goes to the shop's contact e-mail, else to
   * the shop owner's (a valid, live account), else to `fallbackStaffEmail` (STAFF_DIGEST_TO).
   */
  async source(m: EntityManager, inquiryId: string, fallbackStaffEmail: string | null | undefined): Promise<CustomerInquiryMailSource | null> {
    const [row] = await m.query(
      `SELECT i.id::text AS "id", i.reference, i.kind, (i.created_by IS NULL) AS "fromForm", i.language, i.name, ${present('i.email')} AS "email", i.title, i.content,
              i.product, i.order_no AS "orderNo", i.received_at AS "receivedAt", i.reply_due_at AS "replyDueAt",
              i.return_request AS "returnRequest", i.return_method AS "returnMethod", i.desired_dates AS "desiredDates",
              to_char(i.pickup_date, 'YYYY-MM-DD') AS "pickupDate", i.pickup_slot AS "pickupSlot",
              s.name AS "shopName", ${present('s.contact_email')} AS "shopContactEmail",
              coalesce(${present('s.contact_email')}, ${present('owner.email')}, $2) AS "staffEmail"
         FROM customer_inquiries i
         LEFT JOIN shops s ON s.id = i.shop_id
         LEFT JOIN users owner ON owner.id = s.owner_user_id AND owner.status = 'valid' AND owner.deleted_at IS NULL
        WHERE i.id = $1`,
      [inquiryId, fallbackStaffEmail ?? null],
    );
    return row ?? null;
  }
}

import type { FieldIssue } from '../errors/field-rule';
import type { OrderMethod } from '../makers';
import { LINE_STATUS, LineStatus } from '../orders/line-status';
import type { EdiHold } from './edi-stop';

/** Why a sheet revision exists: the order went to the maker, or staff sent it again or released a held one. */
export type SheetReason = 'ordered' | 'resend' | 'release';
export type SheetStatus = 'pending' | 'held' | 'sent' | 'failed';

/** Lines with the maker, waiting for its answer: ordered, re-ordered. */
export const AWAITING_ANSWER_STATUSES: readonly LineStatus[] = [LINE_STATUS.ordered, LINE_STATUS.reordered];
/** Lines the maker accepted and has not shipped: order received, re-order received. */
export const AWAITING_SHIPMENT_STATUSES: readonly LineStatus[] = [LINE_STATUS.orderReceived, LINE_STATUS.reorderReceived];
/** Line statuses a maker has a sheet for: every line that is with the maker. */
export const SHEET_LINE_STATUSES: readonly LineStatus[] = [...AWAITING_ANSWER_STATUSES, ...AWAITING_SHIPMENT_STATUSES];

/**
 * Where an order sheet goes. E-mail makers get it at their address; fax makers through the fax
 * gateway, whose address pattern holds `{fax}` for the fax number's digits (Japanese internet-fax
 * services take `0312345678@gateway`). Null when the maker lacks the address its method needs.
 */
export function sheetRecipient(maker: { orderMethod: OrderMethod; email: string | null; fax: string | null }, faxGateway: string): string | null {
  if (maker.orderMethod === 'email') return maker.email?.trim() || null;
  const digits = (maker.fax ?? '').replace(/\D/g, '');
  if (digits.length < 10) return null;
  return faxGateway.replace('{fax}', digits);
}

/** A gateway pattern is an address with exactly one `{fax}` in its local part. */
export function isFaxGatewayPattern(pattern: string): boolean {
  const [local, domain, ...rest] = pattern.split('@');
  return rest.length === 0 && Boolean(domain) && local.split('{fax}').length === 2 && /^[^\s@{}]+$/.test(domain);
}

/** A new revision goes out, waits for staff (EDI stop), or cannot go (no address for the maker's method). */
export function initialSheetStatus(hold: EdiHold | null, recipient: string | null): SheetStatus {
  return hold ? 'held' : recipient ? 'pending' : 'failed';
}

/** A revision is marked re-sent when an earlier revision of the same order and maker was sent. */
export function isResent(earlier: readonly { status: SheetStatus }[]): boolean {
  return earlier.some((s) => s.status === 'sent');
}

/** Who orders from the maker, as order sheets print it and mails to makers sign it. */
export interface OrdererContact {
  company: string;
  person: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
}

export interface ShopContact {
  name: string;
  contactCompany: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
  contactFax: string | null;
  contactEmail: string | null;
}

/**
 * A shop's contact is printed on its order sheets and its e-mail is the Reply-To of every mail to a
 * maker: a contact without an e-mail would send the makers' replies to the system's no-reply sender
 * (the very problem it is for). All blank is fine: the sheets then print the company-wide sender.
 */
export function shopContactIssues(contact: Omit<ShopContact, 'name'>): FieldIssue[] {
  const any = [contact.contactCompany, contact.contactPerson, contact.contactPhone, contact.contactFax].some((v) => v?.trim());
  return any && !contact.contactEmail?.trim() ? [{ field: 'contact_email', errorCode: 'required' }] : [];
}

/**
 * The shop's contact when it has one (its company defaulting to the shop's name), else the
 * system-wide sender (SENDER_* settings). Never a mix: a shop's phone beside another sender's
 * company would send the maker to the wrong people.
 */
export function ordererContact(shop: ShopContact, fallback: { company: string; phone: string | null; email: string | null }): OrdererContact {
  const own = [shop.contactCompany, shop.contactPerson, shop.contactPhone, shop.contactFax, shop.contactEmail].some((v) => v?.trim());
  if (!own) return { company: fallback.company, person: null, phone: fallback.phone, fax: null, email: fallback.email };
  return {
    company: shop.contactCompany?.trim() || shop.name,
    person: shop.contactPerson?.trim() || null,
    phone: shop.contactPhone?.trim() || null,
    fax: shop.contactFax?.trim() || null,
    email: shop.contactEmail?.trim() || null,
  };
}

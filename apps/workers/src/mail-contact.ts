import type { OrdererContact } from '@oms/domain';
import type { AppConfig } from '@oms/infra';

/** Who orders when a shop has no contact of its own: the SENDER_* settings. */
export const configuredSender = (config: AppConfig) => ({ company: config.SENDER_COMPANY, phone: config.SENDER_PHONE ?? null, email: config.SENDER_EMAIL ?? null });

/**
 * How a mail to a maker ends: whom to ask (the orderer's contact, as the sheet prints it), and
 * that a reply reaches them when the mail has a Reply-To (the contact's e-mail).
 */
export function contactNote(contact: Pick<OrdererContact, 'company' | 'phone' | 'email'> & Partial<Pick<OrdererContact, 'person' | 'fax'>>): string {
  const lines = [
    contact.person ? `${contact.company}（担当: ${contact.person}）` : contact.company,
    [contact.phone && `TEL ${contact.phone}`, contact.fax && `FAX ${contact.fax}`].filter(Boolean).join(' / '),
    contact.email && `E-mail ${contact.email}`,
  ].filter(Boolean);
  const lead = contact.email ? 'ご不明な点は、このメールにご返信いただくか、下記までご連絡ください。' : 'ご不明な点は、下記までご連絡ください。';
  return [lead, ...lines.map((line) => `  ${line}`)].join('\n');
}

import { normalizeEmail, normalizePhone } from '@oms/domain';
import { EntityManager } from 'typeorm';
import { CustomerRepository } from './customer.repository';

/** Who got in touch (a public form, an imported order's buyer): what a new customer is made of. */
export interface ContactPerson {
  shopId: string | null;
  name: string;
  nameKana?: string | null;
  zip?: string | null;
  address?: string | null;
  phone: string | null;
  email: string | null;
  company?: string | null;
}

/**
 * The customer of a contact, by the same-person rule of customers: one sharing the normalised e-mail or
 * phone (the shop's own first, then an e-mail match, then the oldest), else a customer made for it. Under
 * the customers' same-person lock, so two arrivals from one new person at once make one customer. Null
 * when the contact has neither e-mail nor phone.
 */
export async function customerForContact(m: EntityManager, customers: CustomerRepository, person: ContactPerson): Promise<string | null> {
  const emailNormalized = normalizeEmail(person.email);
  const phoneNormalized = normalizePhone(person.phone);
  if (!emailNormalized && !phoneNormalized) return null;
  await customers.lockSamePersonGroups(m);
  const [found] = await m.query(
    `SELECT id::text AS id FROM customers WHERE email_normalized = $1 OR phone_normalized = $2
     ORDER BY (shop_id IS NOT DISTINCT FROM $3::bigint) DESC, (email_normalized IS NOT DISTINCT FROM $1) DESC, id LIMIT 1`,
    [emailNormalized, phoneNormalized, person.shopId],
  );
  if (found) return found.id as string;
  const id = await customers.insert(m, {
    name: person.name, nameKana: person.nameKana ?? null, zip: person.zip ?? null, address: person.address ?? null, phone: person.phone, fax: null,
    email: person.email, emailNormalized, phoneNormalized, coreSystemCustomerId: null, ecSiteId: null, shopId: person.shopId,
    companyName: person.company ?? null, csMemo: null, generalMemo: null,
  });
  await customers.regroup(m, [id]);
  return id;
}

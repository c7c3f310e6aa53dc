import type { ApiResult } from '../../../api/client';
import type { BodyOf, QueryOf, Wire } from '../../../api/wire';

/** A customer as the API answers it. */
export type Customer = Wire<'CustomerView'>;

/** What the customer form sends (POST /customers; PUT /customers/{id} with the version read). */
export type CustomerInput = BodyOf<'/customers', 'post'> & Partial<Pick<BodyOf<'/customers/{id}', 'put'>, 'version'>>;

/** The same-person group of a customer (same e-mail or phone) and its shared memo. */
export type SamePerson = Wire<'SamePersonView'>;

export const CUSTOMERS_PATH = '/customers';
export const CUSTOMER_TEXT_FILTERS = ['name', 'nameKana', 'phone', 'email', 'companyName', 'ecSiteId'] as const satisfies readonly (keyof QueryOf<'/customers', 'get'>)[];

/** The customer of the shop who already has an e-mail address (one customer per e-mail and shop). */
export interface EmailHolder {
  id: number;
  name: string;
}

/** Who has the e-mail, when the API refused a save for that (422, `unique` on `email`, naming the customer). */
export function emailHolderOf(result: ApiResult<unknown>): EmailHolder | null {
  if (result.ok) return null;
  const params = result.error.errors.find((e) => e.field === 'email' && e.errorCode === 'unique')?.params;
  const id = params?.customerId;
  const name = params?.customerName;
  return typeof id === 'number' && typeof name === 'string' ? { id, name } : null;
}

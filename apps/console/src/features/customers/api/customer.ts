import type { BodyOf, QueryOf, Wire } from '../../../api/wire';

/** A customer as the API answers it. */
export type Customer = Wire<'CustomerView'>;

/** What the customer form sends (POST /customers; PUT /customers/{id} with the version read). */
export type CustomerInput = BodyOf<'/customers', 'post'> & Partial<Pick<BodyOf<'/customers/{id}', 'put'>, 'version'>>;

/** The same-person group of a customer (same e-mail or phone) and its shared memo. */
export type SamePerson = Wire<'SamePersonView'>;

// The domain's own limits (libs/domain, pure TypeScript), not copies.
export { CUSTOMER_LIMITS } from '../../../../../../libs/domain/src/customers/customer';
export const CUSTOMERS_PATH = '/customers';
export const CUSTOMER_TEXT_FILTERS = ['name', 'nameKana', 'phone', 'email', 'companyName', 'ecSiteId'] as const satisfies readonly (keyof QueryOf<'/customers', 'get'>)[];

import type { ApiResult } from '../../../api/client';

export interface Customer {
  id: number;
  samePersonId: number;
  /** Customers in the same-person group, this one included. */
  samePersonCount: number;
  name: string;
  nameKana: string | null;
  zip: string | null;
  address: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  coreSystemCustomerId: string | null;
  ecSiteId: string | null;
  shopId: number | null;
  shopName: string | null;
  companyName: string | null;
  csMemo: string | null;
  generalMemo: string | null;
  orderCount: number;
  updatedAt: string;
  version: number;
}

export type CustomerInput = Omit<Customer, 'id' | 'samePersonId' | 'samePersonCount' | 'shopName' | 'orderCount' | 'updatedAt' | 'version'> & {
  version?: number;
};

export interface SamePerson {
  customerId: number;
  samePersonId: number;
  generalMemo: string | null;
  customers: Customer[];
}

export const CUSTOMERS_PATH = '/customers';
export const CUSTOMER_TEXT_FILTERS = ['name', 'nameKana', 'phone', 'email', 'companyName', 'ecSiteId'] as const;

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

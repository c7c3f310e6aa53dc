import { mutate } from 'swr';
import { api } from '../../../api/client';
import type { AnswerOf, BodyOf } from '../../../api/wire';
import { Customer, CustomerInput, CUSTOMERS_PATH, SamePerson } from './customer';

const revalidateCustomers = () => mutate((key) => (Array.isArray(key) ? key[0] === CUSTOMERS_PATH : typeof key === 'string' && key.startsWith(CUSTOMERS_PATH)));

export async function createCustomer(input: CustomerInput) {
  const result = await api.post<Customer>(CUSTOMERS_PATH, input);
  if (result.ok) await revalidateCustomers();
  return result;
}

export async function updateCustomer(id: number, input: CustomerInput) {
  const result = await api.put<Customer>(`${CUSTOMERS_PATH}/${id}`, input);
  if (result.ok) await revalidateCustomers();
  return result;
}

/** The general memo, shared by every customer of the same-person group. */
export async function saveGeneralMemo(customerId: number, generalMemo: string | null) {
  const result = await api.put<SamePerson>(`${CUSTOMERS_PATH}/${customerId}/same-email-and-phone`, { generalMemo });
  if (result.ok) await revalidateCustomers();
  return result;
}

/** A CSV of the selected customers: the API answers a signed URL to open. */
export function exportCustomers(customerIds: number[]) {
  return api.post<AnswerOf<'/customers/export', 'post'>>(`${CUSTOMERS_PATH}/export`, { customerIds } satisfies BodyOf<'/customers/export', 'post'>);
}

import { mutate } from 'swr';
import { api } from '../../../api/client';
import type { Account, AccountInput } from './account';
import { ACCOUNTS_PATH } from './use-accounts';

/** Revalidates every cached account list and record after a change. */
export function revalidateAccounts() {
  return mutate((key) => (Array.isArray(key) ? key[0] === ACCOUNTS_PATH : typeof key === 'string' && key.startsWith(ACCOUNTS_PATH)));
}

export async function createAccount(input: AccountInput) {
  const result = await api.post<Account>(ACCOUNTS_PATH, input);
  if (result.ok) await revalidateAccounts();
  return result;
}

export async function updateAccount(id: number, input: AccountInput & { version: number }) {
  const result = await api.put<Account>(`${ACCOUNTS_PATH}/${id}`, input);
  if (result.ok) await revalidateAccounts();
  return result;
}

export async function deleteAccount(id: number) {
  const result = await api.delete(`${ACCOUNTS_PATH}/${id}`);
  if (result.ok) await revalidateAccounts();
  return result;
}

import { mutate } from 'swr';
import { api } from '../../../api/client';
import type { User, UserInput } from './user';
import { USERS_PATH } from './use-users';

/** Revalidates every cached account list and record after a change. */
export function revalidateUsers() {
  return mutate((key) => (Array.isArray(key) ? key[0] === USERS_PATH : typeof key === 'string' && key.startsWith(USERS_PATH)));
}

export async function createUser(input: UserInput) {
  const result = await api.post<User>(USERS_PATH, input);
  if (result.ok) await revalidateUsers();
  return result;
}

export async function updateUser(id: number, input: UserInput & { version: number }) {
  const result = await api.put<User>(`${USERS_PATH}/${id}`, input);
  if (result.ok) await revalidateUsers();
  return result;
}

export async function deleteUser(id: number) {
  const result = await api.delete(`${USERS_PATH}/${id}`);
  if (result.ok) await revalidateUsers();
  return result;
}

import { mutate } from 'swr';
import { api } from '../../../api/client';
import { Maker, MakerInput, MAKERS_PATH } from './maker';

const revalidateMakers = () => mutate((key) => (Array.isArray(key) ? key[0] === MAKERS_PATH : typeof key === 'string' && key.startsWith(MAKERS_PATH)));

export async function createMaker(input: MakerInput) {
  const result = await api.post<Maker>(MAKERS_PATH, input);
  if (result.ok) await revalidateMakers();
  return result;
}

export async function updateMaker(id: number, input: MakerInput) {
  const result = await api.put<Maker>(`${MAKERS_PATH}/${id}`, input);
  if (result.ok) await revalidateMakers();
  return result;
}

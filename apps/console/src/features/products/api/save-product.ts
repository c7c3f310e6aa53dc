import { mutate } from 'swr';
import { api } from '../../../api/client';
import { ImportResult, Product, ProductInput, PRODUCTS_PATH } from './product';

const revalidateProducts = () => mutate((key) => (Array.isArray(key) ? key[0] === PRODUCTS_PATH : typeof key === 'string' && key.startsWith(PRODUCTS_PATH)));

export async function createProduct(input: ProductInput) {
  const result = await api.post<Product>(PRODUCTS_PATH, input);
  if (result.ok) await revalidateProducts();
  return result;
}

export async function updateProduct(id: number, input: ProductInput) {
  const result = await api.put<Product>(`${PRODUCTS_PATH}/${id}`, input);
  if (result.ok) await revalidateProducts();
  return result;
}

export async function importProducts(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  const result = await api.post<ImportResult>(`${PRODUCTS_PATH}/import`, body);
  if (result.ok) await revalidateProducts();
  return result;
}

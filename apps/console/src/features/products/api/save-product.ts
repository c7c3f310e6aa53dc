import { mutate } from 'swr';
import { api } from '../../../api/client';
import { Product, PRODUCT_IMPORTS_PATH, ProductImport, ProductInput, productPagePath, PRODUCTS_PATH } from './product';

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

/**
 * 204, or refused while orders carry the product (NAL-PRO-006). The lists and the changes notice are
 * asked again; the product's own page is dropped, not asked again (it is gone).
 */
export async function deleteProduct(id: number) {
  const result = await api.delete(`${PRODUCTS_PATH}/${id}`);
  if (result.ok) {
    await mutate(productPagePath(id), undefined, { revalidate: false });
    await mutate((key) => (Array.isArray(key) ? key[0] === PRODUCTS_PATH : key === `${PRODUCTS_PATH}/changes`));
  }
  return result;
}

/**
 * Uploads a file for import: 202 with the import, whose job then checks it (nothing is written yet).
 * `confirmReimport` after staff chose to import again a file imported before (422 `file` NAL-UPL-001).
 */
export async function uploadProductImport(file: File, confirmReimport = false) {
  const body = new FormData();
  if (confirmReimport) body.append('confirm_reimport', 'true');
  body.append('file', file, file.name);
  return api.post<ProductImport>(PRODUCT_IMPORTS_PATH, body);
}

const importPath = (id: number) => `${PRODUCT_IMPORTS_PATH}/${id}`;

/** Applies a preview; `confirmReimport` when another upload of its name was applied meanwhile and staff import it anyway. */
export const applyProductImport = (id: number, confirmReimport = false) =>
  api.post<ProductImport>(`${importPath(id)}/apply`, confirmReimport ? { confirmReimport: true } : undefined);

export const discardProductImport = (id: number) => api.post<ProductImport>(`${importPath(id)}/discard`);

/** After an import is applied: the lists show the new catalogue. */
export const productsImported = revalidateProducts;

import { POSTING_SUPPORT_STATUSES, PRODUCT_STATES, SHIPPING_TYPES } from '@oms/domain';
import type { BodyOf, QueryOf, Wire } from '../../../api/wire';

export { POSTING_SUPPORT_STATUSES, PRODUCT_STATES, SHIPPING_TYPES };
export const PRODUCTS_PATH = '/products';

/** The product's own page (ProductInformation), where a save lands. */
export const productPagePath = (id: number | string) => `${PRODUCTS_PATH}/${id}`;

export type ProductState = (typeof PRODUCT_STATES)[number];

/** A product as the API answers it. */
export type Product = Wire<'ProductView'>;

/** What the form sends (the API derives tax and price with tax itself); PUT adds the version read. */
export type ProductInput = BodyOf<'/products', 'post'> & Partial<Pick<BodyOf<'/products/{id}', 'put'>, 'version'>>;

/** An availability or estimated-ship-date change (GET /products/changes). */
export type ProductChange = Wire<'ProductChangeView'>;

export const PRODUCT_IMPORTS_PATH = `${PRODUCTS_PATH}/imports`;
/** The export's encodings, as the contract names them. */
export const EXPORT_ENCODINGS = ['utf-8', 'shift_jis'] as const satisfies readonly NonNullable<QueryOf<'/products/export', 'get'>['encoding']>[];

/** GET /products/imports/{id}: each list is the first 1,000 at most; `counts` has the totals. */
export type ProductImport = Wire<'ProductImportView'>;
export type ProductImportStatus = ProductImport['status'];

/** One cell a row changes, values as the CSV writes them (null: blank). */
export type ColumnChange = NonNullable<ProductImport['preview']>['changed'][number]['changes'][number];

/** A job is working on it: ask again. */
export const isImportRunning = (status: ProductImportStatus | undefined) => status === 'validating' || status === 'applying';

/**
 * The price with tax the server will store, for display while typing (the server computes the real
 * one): the tax is rounded down to the yen. Blank when the inputs are not yet yen amounts.
 */
export function displayPriceWithTax(price: unknown, taxPercentage: unknown): number | null {
  const p = Number(price);
  const r = Number(taxPercentage);
  if (price === null || price === undefined || price === '' || !Number.isInteger(p) || p < 0) return null;
  if (taxPercentage === null || taxPercentage === undefined || taxPercentage === '' || !Number.isInteger(r) || r < 0) return null;
  return p + Math.floor((p * r) / 100);
}

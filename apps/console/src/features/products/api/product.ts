import { POSTING_SUPPORT_STATUSES, PRODUCT_STATES, SHIPPING_TYPES } from '@oms/domain';
import type { FieldError } from '../../../api/field-errors';

export { POSTING_SUPPORT_STATUSES, PRODUCT_STATES, SHIPPING_TYPES };
export const PRODUCTS_PATH = '/products';

/** The product's own page (ProductInformation), where a save lands. */
export const productPagePath = (id: number | string) => `${PRODUCTS_PATH}/${id}`;

export type ProductState = (typeof PRODUCT_STATES)[number];

export interface Product {
  id: number;
  productCode: string;
  ownProductCode: string | null;
  ecProductCode: string | null;
  makerProductCode: string | null;
  makerCodeOrProductId: string | null;
  shopId: number;
  shopName: string;
  shopCode: string;
  shopType: 'platform_1' | 'platform_2';
  shopProductId: string | null;
  makerId: number;
  makerName: string;
  makerCode: string;
  productName: string;
  categoryName: string | null;
  price: number;
  taxPercentage: number;
  tax: number;
  priceWithTax: number;
  wholesalePrice: number | null;
  option1: string | null;
  option2: string | null;
  shippingType: (typeof SHIPPING_TYPES)[number];
  availableShipment: boolean;
  estimateShipDate: string | null;
  deliveryCategory: string | null;
  isDisplay: boolean;
  postingSupportStatus: (typeof POSTING_SUPPORT_STATUSES)[number];
  state: ProductState;
  lastChangedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** What the form sends: the API derives tax and price with tax itself. */
export type ProductInput = Omit<
  Product,
  'id' | 'makerCodeOrProductId' | 'shopName' | 'shopCode' | 'shopType' | 'makerName' | 'makerCode' | 'tax' | 'priceWithTax' | 'lastChangedAt' | 'createdAt' | 'updatedAt' | 'version'
> & { version?: number };

export interface ProductChange {
  id: number;
  productId: number;
  productCode: string;
  productName: string;
  field: 'state' | 'estimate_ship_date';
  from: string | null;
  to: string | null;
  changedBy: { id: number; name: string | null } | null;
  changedAt: string;
}

export const PRODUCT_IMPORTS_PATH = `${PRODUCTS_PATH}/imports`;
export const EXPORT_ENCODINGS = ['utf-8', 'shift_jis'] as const;

export type ProductImportStatus = 'validating' | 'previewed' | 'invalid' | 'applying' | 'applied' | 'failed' | 'discarded';

/** One cell a row changes, values as the CSV writes them (null: blank). */
export interface ColumnChange {
  column: string;
  from: string | null;
  to: string | null;
}

/** GET /products/imports/{id}: each list is the first 1,000 at most; `counts` has the totals. */
export interface ProductImport {
  id: number;
  status: ProductImportStatus;
  fileName: string;
  fileSize: number;
  encoding: 'utf-8' | 'shift_jis' | null;
  progress: { rowsDone: number; rowsTotal: number | null };
  counts: { new: number; changed: number; unchanged: number; clears: number; errors: number; rejectedRows: number } | null;
  preview: {
    changed: { line: number; productCode: string; changes: ColumnChange[] }[];
    clears: { line: number; productCode: string; column: string; from: string }[];
    errors: FieldError[];
  } | null;
  result: { created: number; updated: number; unchanged: number } | null;
  failure: { errorCode: string } | null;
}

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

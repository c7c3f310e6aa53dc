import { FieldIssue } from '../errors/field-rule';

/** SPEC.md §3 and §5: what a product is made of, and its limits (its prices': MONEY_LIMITS.priceMax). */
export const PRODUCT_LIMITS = {
  productCodeMax: 50,
  ownProductCodeMax: 50,
  ecProductCodeMax: 70,
  makerProductCodeMax: 50,
  productNameMax: 100,
  categoryNameMax: 100,
  optionMax: 50,
  estimateShipDateMax: 50,
  deliveryCategoryMax: 3,
  taxPercentageMin: 0,
  taxPercentageMax: 100,
} as const;

/** Availability: on sale, discontinued, out of stock for a long time. */
export const PRODUCT_STATES = ['available', 'unavailable', 'available_long_term'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** Shipped by the maker straight to the buyer, or ordered in and shipped by the shop. */
export const SHIPPING_TYPES = ['direct_delivery', 'order_delivery'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export const POSTING_SUPPORT_STATUSES = ['supported', 'not_compatible'] as const;
export type PostingSupportStatus = (typeof POSTING_SUPPORT_STATUSES)[number];

/** The two supported shop platforms (the shops table's `type`). */
export type ShopPlatform = 'platform_1' | 'platform_2';

/** The product id a shop gives a product has a fixed number of digits per platform (SPEC.md §5). */
export const SHOP_PRODUCT_ID_DIGITS: Readonly<Record<ShopPlatform, number>> = { platform_1: 12, platform_2: 9 };

/** The fields whose changes are recorded (product_changes), for the "changed, please confirm" notices. */
export const TRACKED_PRODUCT_FIELDS = ['state', 'estimate_ship_date'] as const;
export type TrackedProductField = (typeof TRACKED_PRODUCT_FIELDS)[number];

/**
 * The tax and the price with tax of a price without tax: the tax is rounded down to the yen
 * (DESIGN.md §4: integer yen, rounded down). 1,980 at 10% → tax 198, 2,178; 999 at 8% → 79, 1,078.
 * Computed with integers only, so no floating-point error can round a whole yen away.
 */
export function priceWithTax(price: number, taxPercentage: number): { tax: number; priceWithTax: number } {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`price must be a non-negative integer: ${price}`);
  if (!Number.isSafeInteger(taxPercentage) || taxPercentage < 0) throw new RangeError(`tax percentage must be a non-negative integer: ${taxPercentage}`);
  const tax = Number((BigInt(price) * BigInt(taxPercentage)) / 100n);
  return { tax, priceWithTax: price + tax };
}

/**
 * The shop's product id must have exactly the digits of the shop's platform: 12 for platform_1,
 * 9 for platform_2. Blank is allowed (not every product is listed yet).
 */
export function shopProductIdIssues(shopProductId: string | null | undefined, platform: ShopPlatform, field = 'shop_product_id'): FieldIssue[] {
  if (shopProductId === null || shopProductId === undefined || shopProductId === '') return [];
  const length = SHOP_PRODUCT_ID_DIGITS[platform];
  return new RegExp(`^[0-9]{${length}}$`).test(shopProductId) ? [] : [{ field, errorCode: 'digits', params: { length } }];
}

/** What changed among the tracked fields, in a fixed order: one record each. */
export function trackedChanges(
  before: { state: ProductState; estimateShipDate: string | null },
  after: { state: ProductState; estimateShipDate: string | null },
): { field: TrackedProductField; from: string | null; to: string | null }[] {
  const changes: { field: TrackedProductField; from: string | null; to: string | null }[] = [];
  if (before.state !== after.state) changes.push({ field: 'state', from: before.state, to: after.state });
  if ((before.estimateShipDate ?? null) !== (after.estimateShipDate ?? null)) {
    changes.push({ field: 'estimate_ship_date', from: before.estimateShipDate ?? null, to: after.estimateShipDate ?? null });
  }
  return changes;
}

/** The list's combined column: the maker's product code, or else the shop's product id. */
export function makerCodeOrProductId(product: { makerProductCode: string | null; shopProductId: string | null }): string | null {
  return product.makerProductCode || product.shopProductId || null;
}

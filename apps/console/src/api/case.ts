/**
 * Key conversion between the wire (snake_case, DESIGN.md §4) and the console (camelCase).
 * Only plain objects and arrays are walked; Date, File, Blob, FormData, URLSearchParams and any
 * other class instance are passed through as they are.
 */

/** `product_name` → `productName`. Only `_` before a letter is removed, so `address_1` survives the round trip. */
export function toCamel(key: string): string {
  return key.replace(/(?!^)_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `productName` → `product_name`; `option1` stays `option1`. */
export function toSnake(key: string): string {
  return key.replace(/(?!^)[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[convert(key)] = convertKeys(item, convert);
  return out;
}

export function toCamelKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toCamel) as T;
}

export function toSnakeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toSnake) as T;
}

import { toCamel } from './case';
import type { WireError } from './wire';

/** One entry of an error body's `errors`, after camel-casing: `field` keeps the server's dotted snake path. */
export type FieldError = WireError['errors'][number];

export type FieldErrorLeaf = { code: string; params: Record<string, unknown> };
export type FieldErrorNode = FieldErrorLeaf | FieldErrors | FieldErrorNode[];
export type FieldErrors = { [field: string]: FieldErrorNode };

/** `list.0.product_name` → `['list', 0, 'productName']`, an antd Form name path. */
export function toNamePath(field: string): (string | number)[] {
  return field.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : toCamel(segment)));
}

/**
 * `[{field: 'list.0.product_name', errorCode: 'max_length', params: {max: 10}}]`
 * → `{list: [{productName: {code: 'max_length', params: {max: 10}}}]}`. Numeric segments make arrays.
 */
export function toFieldErrors(errors: readonly FieldError[] | undefined): FieldErrors {
  const root: FieldErrors = {};
  const leaves = new WeakSet<object>();
  for (const { field, errorCode, params } of errors ?? []) {
    const path = toNamePath(field);
    let node: Record<string | number, unknown> = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i];
      if (i === path.length - 1) {
        // The first error for a field wins (the server sends one per field anyway).
        if (node[segment] === undefined) {
          const leaf: FieldErrorLeaf = { code: errorCode, params: params ?? {} };
          leaves.add(leaf);
          node[segment] = leaf;
        }
        break;
      }
      node[segment] ??= typeof path[i + 1] === 'number' ? [] : {};
      const next = node[segment];
      // A field that already holds its own error cannot also hold nested ones: keep the first.
      if (leaves.has(next as object)) break;
      node = next as Record<string | number, unknown>;
    }
  }
  return root;
}

/**
 * The wire is snake_case, the code camelCase (DESIGN.md §4). Objects and arrays are walked;
 * dates, buffers and other built-ins pass through untouched.
 */
export const toCamel = remembered((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

export const toSnake = remembered((key) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase());

/**
 * Key names repeat on every row of every answer; converting each with regular expressions was a
 * quarter of the API's own time on a list (docs/benchmarks.md). Known keys are remembered, up to a
 * bound, so keys a client invents cannot grow the memory.
 */
function remembered(convert: (key: string) => string, limit = 5000): (key: string) => string {
  const seen = new Map<string, string>();
  return (key) => {
    let converted = seen.get(key);
    if (converted === undefined) {
      converted = convert(key);
      if (seen.size < limit) seen.set(key, converted);
    }
    return converted;
  };
}

/** Records to walk: plain objects and DTO instances, not dates, buffers, maps or other built-ins. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (value instanceof Date || value instanceof Map || value instanceof Set || ArrayBuffer.isView(value)) return false;
  return true;
}

export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[convert(k)] = convertKeys(v, convert);
  return out;
}

/** A dotted, indexed field path in the code's camelCase, turned into the wire's: `lineItems.0.productName` → `line_items.0.product_name`. */
export function wireFieldPath(path: string): string {
  return path
    .split('.')
    .map((segment) => toSnake(segment))
    .join('.');
}

/**
 * The query-string parser: repeated keys (or `key[]`) become arrays, keys become camelCase.
 * Fastify's `querystringParser` (app.factory.ts), so controllers see `perPage` for `per_page`.
 */
export function parseWireQuery(queryString: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(queryString)) {
    const isList = rawKey.endsWith('[]');
    const key = toCamel(isList ? rawKey.slice(0, -2) : rawKey);
    const prev = out[key];
    if (prev === undefined) out[key] = isList ? [value] : value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

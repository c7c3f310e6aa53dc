import { createHash } from 'node:crypto';

/**
 * The JSON text of a value with every object's keys sorted, so that one request sent twice gives one
 * text whatever order a client wrote its keys in. Arrays keep their order (it means something);
 * `undefined` members are left out as JSON.stringify leaves them out; dates are their ISO text.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object' || value instanceof Date) return JSON.stringify(value) ?? 'null';
  if (Buffer.isBuffer(value)) return JSON.stringify(sha256Hex(value));
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

export function sha256Hex(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What a request asked, as the key compares it: its method, its URL (path and query) and its body (a file as its SHA-256). */
export interface RequestParts {
  method: string;
  url: string;
  body: unknown;
}

/** The hex SHA-256 of a request's parts: the same key with another fingerprint is another request (NAL-IDEM-001). */
export function requestFingerprint(parts: RequestParts): string {
  return sha256Hex(canonicalJson(parts));
}

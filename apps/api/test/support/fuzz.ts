import { ERROR_CATALOGUE, ErrorCode } from '@oms/domain';
import type { DataSource } from 'typeorm';

/**
 * The parts of the hostile-input suite that know nothing of this API: a seeded PRNG, the contract's
 * schemas turned into sample bodies, the hostile values and shapes, the error envelope check, and an
 * exact log of the rows a request wrote.
 */

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

// ---------------------------------------------------------------------------------------------
// The contract

export type Schema = { [keyword: string]: unknown };

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  security: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  /** The statuses the route answers, by code. */
  responses?: Record<string, unknown>;
  'x-body-limit'?: number;
}

export interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the contract writes it: `/orders/{orderId}/cancel`. */
  path: string;
  op: Operation;
}

export function routesOf(contract: Contract): Route[] {
  return Object.entries(contract.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase() as Route['method'], path, op })));
}

/** What a field's value must be, for the sample generator: its wire name and the object it sits in. */
export interface FieldContext {
  name: string;
  parent: Record<string, unknown>;
}

/** A hint's answer that leaves the field out of the sample. */
export const OMIT = Symbol('omit');
export type Hints = (field: FieldContext, schema: Schema) => unknown;

/**
 * Valid-shaped values from the contract's schemas: every required field and every optional one the
 * hints or the schema can fill, strings unique per call (codes and e-mails must be), the smallest
 * allowed counts and numbers. The hints give what the schema cannot say (ids of existing records, a
 * phone number's shape).
 */
export class Sampler {
  private counter = 0;

  constructor(
    private readonly contract: Contract,
    private readonly rng: Rng,
  ) {}

  deref(schema: Schema): Schema {
    let s = schema;
    while (typeof s.$ref === 'string') s = this.contract.components.schemas[s.$ref.split('/').pop()!];
    return s;
  }

  /** The non-null types a schema allows, its alternatives unfolded. */
  typesOf(schema: Schema): string[] {
    const s = this.deref(schema);
    if (Array.isArray(s.oneOf)) return [...new Set((s.oneOf as Schema[]).flatMap((alt) => this.typesOf(alt)))];
    if (Array.isArray(s.enum)) return [...new Set((s.enum as unknown[]).filter((v) => v !== null).map((v) => typeof v))].map((t) => (t === 'number' ? 'integer' : t));
    const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
    return types.filter((t) => t !== 'null');
  }

  value(schema: Schema, field: FieldContext, hints: Hints): unknown {
    const s = this.deref(schema);
    const hinted = hints(field, s);
    if (hinted !== undefined) return hinted;
    if (Array.isArray(s.oneOf)) {
      const alternatives = (s.oneOf as Schema[]).filter((alt) => this.deref(alt).type !== 'null');
      return this.value(alternatives[0], field, hints);
    }
    if (Array.isArray(s.enum)) return (s.enum as unknown[]).find((v) => v !== null);
    const type = this.typesOf(s)[0];
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
          const v = this.value(prop, { name, parent: out }, hints);
          if (v !== OMIT) out[name] = v;
        }
        return out;
      }
      case 'array': {
        const count = Math.max(1, Number(s.minItems ?? 1));
        return Array.from({ length: count }, () => this.value((s.items ?? {}) as Schema, field, hints));
      }
      case 'integer':
      case 'number': {
        const min = Number(s.minimum ?? 0);
        const max = Number(s.maximum ?? Number.MAX_SAFE_INTEGER);
        return Math.min(Math.max(1, min), max);
      }
      case 'boolean':
        return true;
      case 'string':
        return this.text(s);
      default:
        return null;
    }
  }

  /** A short ASCII text, new on every call, within the schema's lengths. */
  text(s: Schema): string {
    const id = `f${(++this.counter).toString(36)}${this.rng.int(0, 35 * 36).toString(36)}`;
    const min = Number(s.minLength ?? 0);
    const max = Number(s.maxLength ?? 50);
    return id.padEnd(min, 'x').slice(-Math.max(min, Math.min(max, id.length)));
  }

  /** Every path to a value in a sample (`lines.0.amount`), objects and arrays included. */
  paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
    const out: (string | number)[][] = prefix.length ? [prefix] : [];
    if (Array.isArray(value)) value.forEach((v, i) => out.push(...this.paths(v, [...prefix, i])));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...this.paths(v, [...prefix, k]));
    return out;
  }
}

/** A copy of `body` with the value at `path` replaced. */
export function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

export function getAt(body: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], body);
}

// ---------------------------------------------------------------------------------------------
// Hostile values and shapes

/**
 * Raw JSON text inside a value: `raw('[[[…]]]')` is written as is by `toJson`, so that a body can carry
 * what JSON.stringify would not write (nesting 10,000 deep without recursing, keys like `__proto__`).
 */
const RAW = '\u0001raw\u0001';
const raws: string[] = [];
export function raw(text: string): string {
  raws.push(text);
  return `${RAW}${raws.length - 1}${RAW}`;
}

export function toJson(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.replace(/"\\u0001raw\\u0001(\d+)\\u0001raw\\u0001"/g, (_, i: string) => raws[Number(i)]);
}

/** An object with an own key of any name (`obj.__proto__ = …` would set its prototype instead). */
export function withKey(target: object, key: string, value: unknown): object {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** Nested arrays (or objects), as text: `[[[1]]]`. */
export function nested(depth: number, objects = false): string {
  return objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

/** A value of another type than the schema's. */
export const WRONG_TYPES: Record<string, readonly unknown[]> = {
  string: [12345, true, false, {}, [], ['x'], { text: 'x' }, 1e308, -0],
  integer: ['1', '', ' ', '0x10', '1e3', '１', '1.5', 1.5, -1, 1e21, 2 ** 53 + 2, true, {}, [1], 'NaN', 'Infinity'],
  number: ['1', '', true, {}, [1]],
  boolean: ['true', 'false', 1, 0, '1', 'yes', {}, [], null],
  array: ['x', 1, {}, { 0: 1, length: 1 }, true],
  object: ['x', 1, [], true, [{}]],
};

/** Text a string field should refuse or store as given, never fail on. */
export const HOSTILE_TEXT: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udc00b',
  '\udbff\udfff\ud800',
  '\u202e\u200b\ufeff',
  '😀'.repeat(3),
  '\r\n\t\u0007\u001b[31m',
  "'; DROP TABLE users; --",
  '%00%ff%fe',
  '{{constructor.constructor("return process")()}}',
  '${7*7}<script>alert(1)</script>',
  '=cmd|"/c calc"!A1',
  '\\',
  '0',
  '  ',
];

/** Keys that poison prototypes where code copies objects carelessly, and other names nobody declared. */
export const HOSTILE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty', 'toString', 'valueOf', '', ' ', 'a.b', '0', 'is_admin', 'role', 'id', '😀', 'x'.repeat(300)];

/** What a polluting key carries: a plain object that would mark Object.prototype. */
export const POISON = { polluted: 'yes', is_admin: true, role: 'system_admin', toString: 'x' };

/** JSON-ish bodies that are not a valid JSON object. */
export const MALFORMED: readonly (string | Buffer)[] = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '[1,2',
  '"\\ud800"',
  '{"a":"\\u00"}',
  '{"a":"\\x41"}',
  '\ufeff{}',
  '{"a":1e999999}',
  '{"a":-}',
  'null',
  'true',
  '"text"',
  '12345',
  '[]',
  '[{}]',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"<invalid UTF-8>"}
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // BOM + {}
  Buffer.from('{"a":"\u0000"}'),
];

/** A JSON body sent as something else, or as JSON in a charset the parser does not read. */
export const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=x-unknown',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  'application/JSON',
];

/** A path parameter no route takes: not an id, too large, encoded trouble. */
export const HOSTILE_PATH: readonly string[] = [
  '0',
  '-1',
  'abc',
  '1e3',
  '0x10',
  '1.5',
  '99999999999999999999999',
  '9223372036854775808',
  '%00',
  '1%00',
  '%2e%2e',
  '%2F',
  '%ud800',
  '%ED%A0%80',
  '%FF',
  '%',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%EF%BC%91',
  'x'.repeat(2000),
  '__proto__',
  'constructor',
  "1'",
  '1;SELECT%201',
];

// ---------------------------------------------------------------------------------------------
// The error envelope (DESIGN.md §4; apps/api/src/common/http/error.filter.ts)

const ENVELOPE_KEYS = ['error_code', 'message', 'errors', 'request_id'];

/** What is wrong with a 4xx answer, against DESIGN.md §4's envelope: nothing when it is one. */
export function envelopeProblems(status: number, contentType: string | undefined, body: unknown): string[] {
  const problems: string[] = [];
  if (!/^application\/json\b/.test(contentType ?? '')) problems.push(`content-type ${contentType}`);
  const top = body as { error?: Record<string, unknown> } | null;
  if (!top || typeof top !== 'object' || Object.keys(top).join() !== 'error' || !top.error || typeof top.error !== 'object') return [...problems, `not an envelope: ${JSON.stringify(body)?.slice(0, 200)}`];
  const e = top.error;
  const keys = Object.keys(e);
  const missing = ENVELOPE_KEYS.filter((k) => !keys.includes(k));
  // errors_total when the list was cut; params when a business refusal names something (a plain object of texts and numbers).
  const extra = keys.filter((k) => !ENVELOPE_KEYS.includes(k) && k !== 'errors_total' && k !== 'params');
  if ('params' in e && (typeof e.params !== 'object' || e.params === null || Object.values(e.params).some((v) => typeof v !== 'string' && typeof v !== 'number'))) {
    problems.push(`params is not a record of texts and numbers: ${JSON.stringify(e.params)}`);
  }
  if (missing.length || extra.length) problems.push(`keys: missing ${missing.join(',') || '-'}, extra ${extra.join(',') || '-'}`);
  const entry = ERROR_CATALOGUE[e.error_code as ErrorCode] as { status: number; message: string } | undefined;
  if (!entry) problems.push(`error_code ${String(e.error_code)} is not in the catalogue`);
  else {
    if (entry.status !== status) problems.push(`error_code ${String(e.error_code)} is a ${entry.status}, answered ${status}`);
    if (e.message !== entry.message) problems.push(`message is not the catalogue's`);
  }
  if (typeof e.request_id !== 'string' || !e.request_id) problems.push('no request_id');
  if (!Array.isArray(e.errors)) problems.push('errors is not a list');
  else {
    if (status === 422 && !e.errors.length) problems.push('a 422 without field errors');
    for (const issue of e.errors as Record<string, unknown>[]) {
      const bad =
        typeof issue?.field !== 'string' ||
        typeof issue.error_code !== 'string' ||
        Object.keys(issue).some((k) => !['field', 'error_code', 'params'].includes(k)) ||
        (issue.params !== undefined && (typeof issue.params !== 'object' || Object.values(issue.params as object).some((v) => typeof v !== 'string' && typeof v !== 'number')));
      if (bad) problems.push(`field error ${JSON.stringify(issue).slice(0, 200)}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Rows written

/**
 * Every row inserted, updated or deleted in the test database, logged by a row trigger on every
 * table into `fuzz_writes`. The log is transactional: a request whose transaction rolled back leaves
 * no entry, a committed write always does. `mark()` is the newest entry; `since(mark)` what came after.
 */
export class WriteLog {
  private constructor(private readonly db: DataSource) {}

  static async install(db: DataSource): Promise<WriteLog> {
    await db.query(`CREATE TABLE fuzz_writes (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)`);
    await db.query(`CREATE FUNCTION fuzz_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO fuzz_writes (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`);
    await db.query(`DO $$ DECLARE t regclass; BEGIN
      FOR t IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND c.relname <> 'fuzz_writes'
      LOOP EXECUTE format('CREATE TRIGGER fuzz_log AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION fuzz_log_write()', t); END LOOP; END $$`);
    return new WriteLog(db);
  }

  async mark(): Promise<number> {
    const [row] = await this.db.query(`SELECT coalesce(max(id), 0)::int AS id FROM fuzz_writes`);
    return row.id;
  }

  /** `table op ×n` for the entries after `mark`. */
  async since(mark: number): Promise<string[]> {
    const rows: { tbl: string; op: string; n: number }[] = await this.db.query(`SELECT tbl, op, count(*)::int AS n FROM fuzz_writes WHERE id > $1 GROUP BY 1, 2 ORDER BY 1, 2`, [mark]);
    return rows.map((r) => `${r.tbl} ${r.op} ×${r.n}`);
  }
}

/** A JSON Schema (2020-12, as OpenAPI 3.1 has it), loosely typed: the generator writes it, the contract file holds it. */
export type JsonSchema = { [keyword: string]: unknown };

/** Named schemas of the contract (`#/components/schemas/…`), shared by the request and answer sides. */
export class SchemaRegistry {
  private readonly schemas = new Map<string, JsonSchema>();
  private readonly owners = new Map<string, unknown>();

  /**
   * A name for `owner` (a DTO class, a TypeScript type): its own name, or with a number when another
   * owner took it first. `build` runs once per owner, after the name is reserved (recursive shapes).
   */
  ref(preferred: string, owner: unknown, build: () => JsonSchema): JsonSchema {
    let name = preferred;
    for (let n = 2; this.owners.has(name) && this.owners.get(name) !== owner; n++) name = `${preferred}${n}`;
    if (!this.owners.has(name)) {
      this.owners.set(name, owner);
      this.schemas.set(name, {});
      this.schemas.set(name, build());
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** Every schema, by name. */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.schemas].sort(([a], [b]) => a.localeCompare(b)));
  }
}

/** `schema` or null: `type: [t, 'null']` where the schema has one type, else a `oneOf` with null. */
export function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && !('enum' in schema) && !('const' in schema)) return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) return { ...schema, ...(typeof schema.type === 'string' ? { type: [schema.type, 'null'] } : {}), enum: [...schema.enum, null] };
  if (Array.isArray(schema.oneOf)) return { ...schema, oneOf: [...schema.oneOf, { type: 'null' }] };
  return { oneOf: [schema, { type: 'null' }] };
}

/** `schema` without its null: a query string or path has no null, only a value or its absence. */
export function withoutNull(schema: JsonSchema): JsonSchema {
  const out = { ...schema };
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t) => t !== 'null');
    out.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((v) => v !== null);
  if (Array.isArray(out.oneOf)) out.oneOf = out.oneOf.filter((s: JsonSchema) => s.type !== 'null');
  return out;
}

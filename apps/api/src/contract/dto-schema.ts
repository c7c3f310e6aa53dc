import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { toSnake } from '../common/http/wire-case';
import { wireSchemaHint } from '../common/validation/wire-schema';
import { JsonSchema, orNull, SchemaRegistry } from './json-schema';

type Dto = abstract new () => object;

/** One field of a DTO as the wire sees it: its snake_case name, its schema, whether it must be sent. */
export interface DtoField {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

// Text() refuses the NUL character, which PostgreSQL text cannot hold: true of every string, not worth a pattern.
const NUL_PATTERN = /^[^\u0000]*$/.source; // eslint-disable-line no-control-regex

/**
 * A DTO class as JSON Schema, read from the same class-validator and class-transformer metadata the
 * validation pipe runs (common/validation/rules.ts), plus the rules' hints (wire-schema.ts): a DTO
 * needs no decorator of its own to be described, and cannot be described other than it is checked.
 */
export class DtoSchemas {
  private readonly validation = getMetadataStorage();

  constructor(private readonly registry: SchemaRegistry) {}

  /** `#/components/schemas/<Class>`, the class described once. */
  ref(dto: Dto): JsonSchema {
    return this.registry.ref(dto.name, dto, () => this.objectSchema(dto));
  }

  objectSchema(dto: Dto): JsonSchema {
    const fields = this.fields(dto);
    const required = fields.filter((f) => f.required).map((f) => f.name);
    return {
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])),
      ...(required.length ? { required } : {}),
    };
  }

  /** The fields the pipe keeps (whitelist: only validated properties), in declaration order. */
  fields(dto: Dto): DtoField[] {
    const metas = this.validation.getTargetValidationMetadatas(dto as new () => object, '', true, false);
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const meta of metas) byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
    const defaults = defaultsOf(dto);
    return [...byProperty].map(([property, propertyMetas]) => {
      const { optional, nullable } = presence(property, propertyMetas);
      let schema = this.fieldSchema(dto, property, propertyMetas);
      if (nullable) schema = orNull(schema);
      if (defaults[property] !== undefined) schema = { ...schema, default: defaults[property] };
      return { name: toSnake(property), schema, required: !optional };
    });
  }

  private fieldSchema(dto: Dto, property: string, metas: ValidationMetadata[]): JsonSchema {
    const own: JsonSchema = {};
    let items: JsonSchema = {};
    const codes = new Set<string>();
    const array = isArrayField(dto, property, metas);
    for (const meta of metas) {
      if (meta.type === ValidationTypes.CONDITIONAL_VALIDATION) continue;
      const code = (meta.context as { errorCode?: string } | undefined)?.errorCode;
      if (code) codes.add(code);
      if (meta.type === ValidationTypes.NESTED_VALIDATION) {
        const nested = defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction();
        if (nested && array) items = this.ref(nested as Dto);
        else if (nested) Object.assign(own, this.ref(nested as Dto));
        continue;
      }
      Object.assign(meta.each ? items : own, keywordsOf(meta));
    }
    const { items: hintItems, ...hint } = wireSchemaHint(dto, property) ?? {};
    // A hint with `oneOf` (an id: a number or a string of digits) says the whole type; one with `type` says the type.
    const typed = (schema: JsonSchema, override: JsonSchema) =>
      'oneOf' in override ? { ...override } : { ...schema, ...override };
    const schema: JsonSchema = array
      ? { type: 'array', ...own, items: hintItems ? { ...(hintItems as JsonSchema) } : items }
      : typed({ ...typeOf(dto, property), ...own }, hint);
    if (array) Object.assign(schema, hint, { type: 'array' });
    if (schema.type === 'string' && codes.has('required') && schema.minLength === undefined) schema.minLength = 1;
    if (codes.size) schema['x-error-codes'] = [...codes].sort();
    return schema;
  }
}

/** JSON Schema keywords for one class-validator rule (the rules of common/validation/rules.ts and the few used directly). */
function keywordsOf(meta: ValidationMetadata): JsonSchema {
  const [first] = (meta.constraints ?? []) as unknown[];
  const params = (meta.context as { params?: Record<string, unknown> } | undefined)?.params;
  switch (meta.name) {
    case 'isString':
      return { type: 'string' };
    case 'isInt':
      return { type: 'integer' };
    case 'isBoolean':
      return { type: 'boolean' };
    case 'isIn':
      return { enum: [...(first as unknown[])] };
    case 'isEmail':
      return { format: 'email' };
    case 'isISO8601':
      return { type: 'string', format: 'date-time' };
    case 'min':
      return { minimum: first };
    case 'max':
      return { maximum: first };
    case 'maxCharacters':
    case 'maxLength':
      return { maxLength: params?.max ?? first };
    case 'minCharacters':
    case 'minLength':
      return { minLength: params?.min ?? first };
    case 'arrayMaxSize':
      return { maxItems: first };
    case 'arrayMinSize':
      return { minItems: first };
    case 'arrayNotEmpty':
      return { minItems: 1 };
    case 'matches':
      return first instanceof RegExp && first.source !== NUL_PATTERN ? { pattern: first.source } : {};
    default:
      return {};
  }
}

function isArrayField(dto: Dto, property: string, metas: ValidationMetadata[]): boolean {
  return Reflect.getMetadata('design:type', dto.prototype, property) === Array || metas.some((m) => m.name === 'isArray') || metas.some((m) => m.each);
}

/** What TypeScript said the property is, for a field whose rules do not say (decorator metadata). */
function typeOf(dto: Dto, property: string): JsonSchema {
  const type = Reflect.getMetadata('design:type', dto.prototype, property);
  if (type === String) return { type: 'string' };
  if (type === Number) return { type: 'number' };
  if (type === Boolean) return { type: 'boolean' };
  return {};
}

/**
 * Whether a field may be left out, and whether null is taken. `@IsOptional` (rules.ts Optional) takes
 * both. A `@ValidateIf` is asked: with the other fields empty and with them given, does it skip
 * the rules for null, for a missing value? (`NotNull` skips a missing value only; a rule that
 * depends on another field skips in one case and not the other.)
 */
function presence(property: string, metas: ValidationMetadata[]): { optional: boolean; nullable: boolean } {
  if (metas.some((m) => m.name === 'isDefined')) return { optional: false, nullable: false };
  const conditions = metas.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION);
  if (conditions.some((m) => m.name === 'isOptional')) return { optional: true, nullable: true };
  if (!conditions.length) return { optional: false, nullable: false };
  const given = new Proxy({}, { get: (_, key) => (key === property ? undefined : 1) });
  const skips = (value: unknown) =>
    conditions.some((m) => {
      const holds = m.constraints[0] as (object: object, value: unknown) => boolean;
      return [{ [property]: value }, new Proxy({}, { get: (_, key) => (key === property ? value : (given as Record<string | symbol, unknown>)[key]) })].some(
        (object) => !holds(object, value),
      );
    });
  return { optional: skips(undefined), nullable: skips(null) };
}

/** Defaults a DTO sets on its fields (`page = 1`), which the API uses when the field is left out. */
function defaultsOf(dto: Dto): Record<string, unknown> {
  try {
    const instance = new (dto as new () => object)() as Record<string, unknown>;
    return Object.fromEntries(Object.entries(instance).filter(([, v]) => v !== undefined && (typeof v !== 'object' || v === null)));
  } catch {
    return {};
  }
}

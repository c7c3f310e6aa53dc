import 'reflect-metadata';

/**
 * What a field rule tells the OpenAPI contract beyond its validators (apps/api/src/contract): an id
 * is also a string of digits, a date is `Y-m-d` or `Y/m/d`. The rules of rules.ts carry it, so a DTO
 * built from them needs nothing else to be described.
 */
export type SchemaHint = Record<string, unknown>;

const WIRE_SCHEMA = 'oms:wire-schema';

export const WireSchema =
  (hint: SchemaHint): PropertyDecorator =>
  (target, property) => {
    const own = (Reflect.getOwnMetadata(WIRE_SCHEMA, target, property) ?? {}) as SchemaHint;
    Reflect.defineMetadata(WIRE_SCHEMA, { ...own, ...hint }, target, property);
  };

/** The hint the rules left on a DTO's property (inherited ones included), if any. */
export function wireSchemaHint(dto: abstract new () => object, property: string): SchemaHint | undefined {
  return Reflect.getMetadata(WIRE_SCHEMA, dto.prototype, property) as SchemaHint | undefined;
}

/** A record id on the wire: a JSON number or a string of digits (rules.ts idFrom); answers carry strings. */
export const ID_SCHEMA: SchemaHint = {
  oneOf: [
    { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    { type: 'string', pattern: '^[0-9]{1,20}$' },
  ],
};

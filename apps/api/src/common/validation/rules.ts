import { applyDecorators } from '@nestjs/common';
import { isKatakana } from '@oms/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  ValidationOptions,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';

/**
 * Field rules named after the wire's rule keys (DESIGN.md §4). Each carries its key and bound as
 * class-validator context, so the validation pipe can answer `{field, error_code, params}`
 * without guessing from messages.
 */
function rule(errorCode: string, params?: Record<string, string | number>, each = false): ValidationOptions {
  return { context: { errorCode, params }, each };
}

export const Required = () => IsNotEmpty(rule('required'));

export const Optional = () => IsOptional();

/** A field that may be left out (it keeps its value or default) but is never null: null answers `required`. */
export const NotNull = () => applyDecorators(ValidateIf((_: object, value: unknown) => value !== undefined), Required());

/**
 * Length in characters as PostgreSQL counts them (code points): validator's own length rule counts a
 * character and its variation selector as one, so text it passed could overflow a varchar (500).
 * Synchronous (CSV rows are checked with validateSync); the message makes class-validator keep our rule key.
 */
const characters = (value: string) => [...value].length;
const CharactersAtMost = (max: number) =>
  ValidateBy(
    { name: 'maxCharacters', validator: { validate: (v: unknown) => typeof v !== 'string' || characters(v) <= max, defaultMessage: () => `$property is longer than ${max}` } },
    rule('max_length', { max }),
  );
const CharactersAtLeast = (min: number) =>
  ValidateBy(
    { name: 'minCharacters', validator: { validate: (v: unknown) => typeof v !== 'string' || characters(v) >= min, defaultMessage: () => `$property is shorter than ${min}` } },
    rule('min_length', { min }),
  );

/** A string of at most `max` characters (and at least `min`); surrounding spaces are trimmed first. */
export function Text(max: number, min?: number) {
  const decorators = [
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsString(rule('invalid')),
    // PostgreSQL text cannot hold NUL; refuse it here rather than fail in the database.
    // eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
    Matches(/^[^\u0000]*$/, rule('invalid')),
    CharactersAtMost(max),
  ];
  if (min !== undefined) decorators.push(CharactersAtLeast(min));
  return applyDecorators(...decorators);
}

/** A well-formed address of at most `max` characters (the SPEC's limit, not validator's own 254). */
export const Email = (max: number) =>
  applyDecorators(Text(max), IsEmail({ allow_display_name: false, ignore_max_length: true }, rule('email_invalid')));

/** A phone or fax number: half-width digits, hyphens, parentheses, plus and spaces, at most `max` long. */
export const Phone = (max: number) => applyDecorators(Text(max), Matches(/^[0-9+\-() ]*$/, rule('invalid')));

export const OneOf = (values: readonly (string | number)[]) => IsIn([...values], rule('in', { values: values.join(',') }));

export const ManyOf = (values: readonly string[]) =>
  applyDecorators(
    Transform(({ value }) => (value === undefined || Array.isArray(value) ? value : [value])),
    IsIn([...values], rule('in', { values: values.join(',') }, true)),
  );

/** An integer (numeric strings from query strings are converted), optionally bounded. */
export function Int(min?: number, max?: number) {
  const decorators = [Type(() => Number), IsInt(rule('integer'))];
  if (min !== undefined) decorators.push(Min(min, rule('min', { min })));
  if (max !== undefined) decorators.push(Max(max, rule('max', { max })));
  return applyDecorators(...decorators);
}

/** A record id: a positive integer, given as a number or a string of digits. */
export const Id = () => Int(1, Number.MAX_SAFE_INTEGER);

/** The `version` a client read: a positive PostgreSQL integer. */
export const Version = () => Int(1, 2_147_483_647);

export const Nested = (type: () => new () => object) =>
  applyDecorators(ValidateNested({ each: true }), Type(type));

/** A list of 1…`max` record ids; `emptyCode` answers a missing or empty list. */
export const Ids = (max: number, emptyCode = 'required') =>
  applyDecorators(
    IsArray(rule(emptyCode)),
    ArrayNotEmpty(rule(emptyCode)),
    ArrayMaxSize(max, rule('max', { max })),
    Type(() => Number),
    IsInt(rule('integer', undefined, true)),
    Min(1, rule('min', { min: 1 }, true)),
    Max(Number.MAX_SAFE_INTEGER, rule('max', { max: Number.MAX_SAFE_INTEGER }, true)),
  );

/** Kana: full-width katakana with ー and spaces (the domain's isKatakana), rule key `katakana`. */
@ValidatorConstraint({ name: 'katakana' })
class KatakanaConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value !== 'string' || isKatakana(value);
  }

  // A message is needed: class-validator attaches the rule's context only to a non-empty one.
  defaultMessage(): string {
    return '$property must be full-width katakana';
  }
}
export const Katakana = () => Validate(KatakanaConstraint, rule('katakana'));

import { applyDecorators } from '@nestjs/common';
import { DATE_MAX, DATE_MIN, isDateInRange, MONEY_LIMITS, isKatakana, isMonth, isPhoneNumber, isPostcode, normalizePhoneNumber, normalizePostcode, parseDate, unprintableCharacters } from '@oms/domain';
import type { DateText as DomainDateText, FieldIssue } from '@oms/domain';
import { ClassTransformOptions, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
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
  ValidationArguments,
  ValidationOptions,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { ID_SCHEMA, WireSchema } from './wire-schema';

/**
 * Field rules named after the wire's rule keys (DESIGN.md §4). Each carries its key and bound as
 * class-validator context, so the validation pipe can answer `{field, error_code, params}`
 * without guessing from messages.
 */
export function rule(errorCode: string, params?: Record<string, string | number>, each = false): ValidationOptions {
  return { context: { errorCode, params }, each };
}

/**
 * Where a value came from. JSON keeps its types, so a number field takes a JSON number and nothing
 * else (`""`, `" "`, `true`, `"0x10"` are refused, never stored as 0, 0, 1, 16); query strings, route
 * parameters and CSV cells are text, where a number is a plain decimal. The validation pipe says
 * which (class-transformer hands its options to every Transform); the CSV importers say `text`.
 */
export type ValueSource = 'json' | 'text';

export function transformOptionsFor(source: ValueSource): ClassTransformOptions {
  return { valueSource: source } as ClassTransformOptions;
}

function sourceOf(options: ClassTransformOptions | undefined): ValueSource {
  return (options as { valueSource?: ValueSource } | undefined)?.valueSource === 'text' ? 'text' : 'json';
}

const DECIMAL = /^-?[0-9]{1,20}$/;

/** A number as it may arrive from `source`; anything else is left as it came, for the rule to refuse. */
export function numberFrom(value: unknown, source: ValueSource): unknown {
  if (source === 'text' && typeof value === 'string' && DECIMAL.test(value)) return Number(value);
  return value;
}

const BOOLEAN_TEXT = new Map<unknown, boolean>([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/**
 * Record ids are identifiers, not quantities: bigint ids travel as strings of digits in JSON too (the
 * orders API answers them so), and a string of digits is taken from any source. `""`, `" "`, `true`
 * and `"0x10"` are still refused.
 */
export function idFrom(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]{1,20}$/.test(value) ? Number(value) : value;
}

export const AsId = () => Transform(({ value }) => (Array.isArray(value) ? value.map(idFrom) : idFrom(value)));

/** Numbers from text (each element of a list); JSON numbers untouched. */
const AsNumber = () =>
  Transform(({ value, options }) => (Array.isArray(value) ? value.map((v) => numberFrom(v, sourceOf(options))) : numberFrom(value, sourceOf(options))));

export const Required = () => IsNotEmpty(rule('required'));

/** May be left out, and null clears it: for fields whose column takes null. */
export const Optional = () => IsOptional();

/**
 * A field that may be left out (it keeps its value or default) but is never null: null answers
 * `required`, never the database's NOT NULL error as a 500.
 */
export const NotNull = () => applyDecorators(ValidateIf((_: object, value: unknown) => value !== undefined), Required());

/**
 * Length in characters as PostgreSQL counts them (code points): validator's own length rule counts a
 * character and its variation selector as one, so text it passed could overflow a varchar (500).
 * Synchronous (CSV rows are checked with validateSync); the message makes class-validator keep our rule key.
 */
/** Code points, counted without building an array: a string of at most `max` UTF-16 units has at most `max` of them. */
function charactersAtMost(value: string, max: number): boolean {
  if (value.length <= max) return true;
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    // A surrogate pair is one character; a lone surrogate is one too (it is stored as U+FFFD).
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > max) return false;
  }
  return true;
}
const characters = (value: string) => [...value].length;
const CharactersAtMost = (max: number) =>
  ValidateBy(
    { name: 'maxCharacters', validator: { validate: (v: unknown) => typeof v !== 'string' || charactersAtMost(v, max), defaultMessage: () => `$property is longer than ${max}` } },
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

/**
 * A list of texts, each trimmed and at most `max` characters: a failing item is answered under its
 * index (`estimate_notes.7`, max_length), as a nested record's field would be.
 */
export const TextItems = (max: number) => {
  const itemIssue = (item: unknown, index: number): FieldIssue | null => {
    if (typeof item !== 'string' || item.includes('\u0000')) return { field: String(index), errorCode: 'invalid' };
    return charactersAtMost(item, max) ? null : { field: String(index), errorCode: 'max_length', params: { max } };
  };
  const perItem = (items: unknown[]) => items.flatMap((item, i) => itemIssue(item, i) ?? []);
  return applyDecorators(
    Transform(({ value }) => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)) : value)),
    WireSchema({ type: 'array', items: { type: 'string', maxLength: max } }),
    ValidateBy(
      { name: 'textItems', validator: { validate: (v: unknown) => !Array.isArray(v) || perItem(v).length === 0, defaultMessage: () => '$property has an invalid item' } },
      { context: { errorCode: 'max_length', params: { max }, perItem } },
    ),
  );
};

/** A well-formed address of at most `max` characters (the SPEC's limit, not validator's own 254). */
export const Email = (max: number) =>
  applyDecorators(Text(max), IsEmail({ allow_display_name: false, ignore_max_length: true }, rule('email_invalid')));


export const OneOf = (values: readonly (string | number)[]) => IsIn([...values], rule('in', { values: values.join(',') }));

export const ManyOf = (values: readonly string[]) =>
  applyDecorators(
    Transform(({ value }) => (value === undefined || Array.isArray(value) ? value : [value])),
    IsIn([...values], rule('in', { values: values.join(',') }, true)),
  );

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A list's sort direction, `asc` or `desc` in any case (`DESC` is taken as `desc`). */
export const SortOrder = () => applyDecorators(Transform(({ value }) => String(value).toLowerCase()), OneOf(SORT_ORDERS));

/** An integer: a JSON number, or a plain decimal in a query string or CSV cell; optionally bounded. */
export function Int(min?: number, max?: number) {
  const decorators = [AsNumber(), IsInt(rule('integer'))];
  if (min !== undefined) decorators.push(Min(min, rule('min', { min })));
  if (max !== undefined) decorators.push(Max(max, rule('max', { max })));
  return applyDecorators(...decorators);
}

/**
 * Money in integer yen, from 0 to `max`: a fee (MONEY_LIMITS.feeMax), a price (priceMax) or an amount
 * compared with an order's total (totalMax). Past it answers `max` with the bound.
 */
export const Money = (max: number) => Int(MONEY_LIMITS.min, max);

/** A record id: a positive integer, given as a number or a string of digits (see idFrom). */
export const Id = () => applyDecorators(AsId(), Int(1, Number.MAX_SAFE_INTEGER), WireSchema(ID_SCHEMA));

/** The `version` a client read: a positive PostgreSQL integer. */
export const Version = () => Int(1, 2_147_483_647);

const isRecord = (v: unknown) => v === undefined || (v !== null && typeof v === 'object' && !Array.isArray(v));

/**
 * A nested record, or a list of them (a property typed as an array). The record, or each item, must be
 * an object: ValidateNested alone walks an array it finds in place of a record (`"orders": [[]]`
 * passed, and reached the handler without its fields).
 */
export const Nested =
  (type: () => new () => object): PropertyDecorator =>
  (target, key) => {
    const list = Reflect.getMetadata('design:type', target, key) === Array;
    applyDecorators(
      ValidateNested({ each: true }),
      ValidateBy({ name: 'isRecord', validator: { validate: isRecord, defaultMessage: () => '$property must be a record' } }, rule('invalid', undefined, list)),
      Type(type),
    )(target, key);
  };

/** true or false: a JSON boolean, or in a query string `true`/`false`/`1`/`0`. */
export const Bool = () =>
  applyDecorators(
    WireSchema({ type: 'boolean' }),
    Transform(({ value, options }) => (sourceOf(options) === 'text' && BOOLEAN_TEXT.has(value) ? BOOLEAN_TEXT.get(value) : value)),
    IsBoolean(rule('in', { values: 'true,false' })),
  );

/**
 * true or false in a body that may be a multipart form, whose fields are always text: a JSON boolean,
 * or the text `true`/`false` (a form's checkbox or flag). Other text is refused as with `Bool`.
 */
export const FormBool = () =>
  applyDecorators(
    Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value)),
    IsBoolean(rule('in', { values: 'true,false' })),
  );

/** A list of 1…`max` record ids; `emptyCode` answers a missing or empty list. */
export const Ids = (max: number, emptyCode = 'required') =>
  applyDecorators(
    WireSchema({ type: 'array', items: ID_SCHEMA }),
    IsArray(rule(emptyCode)),
    ArrayNotEmpty(rule(emptyCode)),
    ArrayMaxSize(max, rule('max', { max })),
    AsId(),
    IsInt(rule('integer', undefined, true)),
    Min(1, rule('min', { min: 1 }, true)),
    Max(Number.MAX_SAFE_INTEGER, rule('max', { max: Number.MAX_SAFE_INTEGER }, true)),
  );

/** A list of at most `max` whole numbers from `min` to `itemMax` (amounts in yen): an empty list is a list. */
export const IntItems = (max: number, min: number, itemMax: number) =>
  applyDecorators(
    WireSchema({ type: 'array', maxItems: max, items: { type: 'integer', minimum: min, maximum: itemMax } }),
    IsArray(rule('invalid')),
    ArrayMaxSize(max, rule('max', { max })),
    IsInt(rule('integer', undefined, true)),
    Min(min, rule('min', { min }, true)),
    Max(itemMax, rule('max', { max: itemMax }, true)),
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

/** A query filter of one id or several (`shop_id=1&shop_id=2`), each a record id: an id past bigint is refused, not sent to the database. */
export const IdFilter = () =>
  applyDecorators(
    WireSchema({ type: 'array', items: ID_SCHEMA }),
    Transform(({ value }) => (value === undefined ? value : (Array.isArray(value) ? value : [value]).map(idFrom))),
    IsArray(rule('invalid')),
    ArrayMaxSize(100, rule('max', { max: 100 })),
    IsInt(rule('integer', undefined, true)),
    Min(1, rule('min', { min: 1 }, true)),
    Max(Number.MAX_SAFE_INTEGER, rule('max', { max: Number.MAX_SAFE_INTEGER }, true)),
  );

/** One of a fixed list of numbers (`per_page`, flags): a JSON number, or a plain decimal in a query string. */
export const OneOfNumbers = (values: readonly number[]) => applyDecorators(AsNumber(), OneOf(values));

/**
 * A custom check answering its rule key. Asynchronous, because class-validator attaches the context
 * (our rule key) to a failing custom check only then. `params` may depend on the value.
 */
export function check(name: string, test: (value: unknown) => boolean, errorCode: string, params?: Record<string, string | number>) {
  // The test itself rides along in the constraints: the compiled check (compiled-check.ts) runs it synchronously.
  return ValidateBy({ name, constraints: [SYNC_TEST, test], validator: { validate: (value: unknown) => Promise.resolve(test(value)) } }, rule(errorCode, params));
}

/** Marks a rule's constraints as `[SYNC_TEST, test]`: its pass or fail answered at once, for a check that needs no message. */
export const SYNC_TEST = Symbol('sync test');
export function syncTestOf(constraints: unknown[] | undefined): ((value: unknown) => boolean) | null {
  return constraints?.[0] === SYNC_TEST && typeof constraints[1] === 'function' ? (constraints[1] as (value: unknown) => boolean) : null;
}

/** A date written `Y-m-d` or `Y/m/d` (normalised to `YYYY-MM-DD` by the handler with `parseDate`), from 2000 to 2100. */
// The rule and the field's type share the name, so a DTO writes `@DateText() from!: DateText`.
export type DateText = DomainDateText;
export const DateText = () =>
  applyDecorators(
    WireSchema({ type: 'string', pattern: '^[0-9]{4}([-/])[0-9]{1,2}\\1[0-9]{1,2}$', description: 'A date, Y-m-d or Y/m/d.' }),
    check('dateText', (v) => typeof v === 'string' && parseDate(v) !== null, 'date_format'),
    check('dateInRange', (v) => typeof v !== 'string' || parseDate(v) === null || isDateInRange(parseDate(v)!), 'date_out_of_range', { min: DATE_MIN, max: DATE_MAX }),
  );

/**
 * Text that is printed on an order sheet, label or other document: every character must be one the
 * documents' font can draw (libs/domain printable). Refused with `unprintable` and the characters.
 */
export const Printable = (options: { multiline?: boolean } = {}) =>
  ValidateBy(
    {
      name: 'printable',
      validator: {
        // Synchronous (CSV rows are checked with validateSync): the message keeps the rule key, as for lengths.
        validate: (v: unknown) => typeof v !== 'string' || unprintableCharacters(v, options).length === 0,
        defaultMessage: () => '$property has characters that cannot be printed',
      },
    },
    { context: { errorCode: 'unprintable', multiline: options.multiline ?? false } },
  );

/** A Japanese postcode, `1234567` or `123-4567` (full-width accepted), stored as `123-4567`. */
export const Postcode = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' && isPostcode(value.trim()) ? normalizePostcode(value.trim()) : value)),
    check('postcode', (v) => typeof v !== 'string' || v === '' || isPostcode(v), 'zip_format'),
  );

/** A Japanese phone or fax number: digits and hyphens, 10 or 11 digits (full-width accepted), stored half-width. */
export const PhoneNumber = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' && isPhoneNumber(value.trim()) ? normalizePhoneNumber(value.trim()) : value)),
    check('phoneNumber', (v) => typeof v !== 'string' || v === '' || isPhoneNumber(v), 'phone_format'),
  );

/** A month written `YYYY-MM`. */
export const MonthText = () => check('monthText', (v) => typeof v === 'string' && isMonth(v), 'date_format');

/** A pattern whose refusal is a catalogue code. */
export const Pattern = (name: string, pattern: RegExp, errorCode: string) => check(name, (v) => typeof v === 'string' && pattern.test(v), errorCode);

/**
 * The same text as the field `other` (a confirmation: confirm e-mail), compared trimmed and, for
 * e-mail, case-insensitively; refused with `errorCode` and `{other}`. A missing value passes (Required says so).
 */
export const SameAs = (other: string, wireName: string, errorCode: string) =>
  ValidateBy(
    {
      name: 'sameAs',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const first = (args!.object as Record<string, unknown>)[other];
          const same = typeof value !== 'string' || typeof first !== 'string' || value.trim().toLowerCase() === first.trim().toLowerCase();
          return Promise.resolve(same);
        },
      },
    },
    rule(errorCode, { other: wireName }),
  );

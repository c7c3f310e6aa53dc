/** Generic field rule keys of the wire contract (DESIGN.md §4), used in `errors[].error_code`. */
export const FIELD_RULES = [
  'required',
  'max_length',
  'min_length',
  'min',
  'max',
  'integer',
  'email_invalid',
  'email_not_match',
  'katakana',
  'date_format',
  'date_after',
  'date_before_today',
  'date_not_before_today',
  'date_out_of_range',
  'less_than',
  'unique',
  'exists',
  'in',
  'digits',
  'file_size_too_large',
  'file_format_invalid',
  'invalid',
  // Text printed on documents, Japanese postcodes and phone numbers (libs/domain text/).
  'unprintable',
  'zip_format',
  'phone_format',
  // A list's `after`/`before` cursor that this list and sort did not write, or more than one of after/before/last.
  'cursor_invalid',
] as const;

export type FieldRule = (typeof FIELD_RULES)[number];

export interface FieldIssue {
  /** Dotted, indexed path in the wire's snake_case, e.g. `details.0.product_name`. */
  readonly field: string;
  /** A generic rule key or a catalogue code. */
  readonly errorCode: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * The most entries any list of errors carries in an answer (a 422's `errors`, an import's preview): the
 * first ones, in order, with the total beside them. A 10 MB file can hold millions of bad cells; an
 * answer listing them all would be hundreds of megabytes that no one reads.
 */
export const LISTED_ERRORS_MAX = 1000;

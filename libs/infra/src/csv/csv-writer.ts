import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { pipeline, Readable, Transform } from 'node:stream';
import { CsvColumn, CsvEncoding } from './csv-column';

/**
 * A value a CSV cell may hold. Strings are written as they are (neutralised, see below), numbers as
 * numbers, null and undefined as an empty cell. Anything else (dates, booleans, objects) is refused:
 * the export formats it first, so the file never shows a surprise like `[object Object]`.
 */
export type CsvCell = string | number | bigint | null | undefined;

// A spreadsheet treats a cell starting with one of these as a formula (OWASP "CSV injection"); Japanese
// Excel takes the full-width ＝ ＋ － ＠ typed with a Japanese input method as their ASCII twins.
// Leading quotes are included so that a value that already starts with `'` before one of them
// gets its own quote too, which makes unneutraliseFormula the exact inverse.
export const FORMULA_STARTERS = '=+\\-@\\t\\r\uFF1D\uFF0B\uFF0D\uFF20';
const FORMULA_START = new RegExp(`^'*[${FORMULA_STARTERS}]`);
const NEUTRALISED = new RegExp(`^'+[${FORMULA_STARTERS}]`);

/**
 * Defuses a string cell that a spreadsheet would run as a formula by putting `'` in front of it:
 * `=SUM(A1)` → `'=SUM(A1)`, `-1` → `'-1`. Only strings go through here: a number written as a
 * number (-5) stays `-5`, since a number cannot carry a formula.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The inverse of neutraliseFormula, for importers of files we exported: removes the one `'` put
 * before a leading `=`, `+`, `-`, `@` (or their full-width twins), tab or carriage return, so that reading an export back gives
 * exactly the values written. Every other value is returned unchanged.
 */
export function unneutraliseFormula(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

export interface CsvWriteOptions {
  readonly columns: readonly CsvColumn[];
  /** UTF-8 with a BOM (so Excel reads it as UTF-8) unless Shift_JIS is asked for. */
  readonly encoding?: CsvEncoding;
}

/**
 * A stream that takes row objects (object mode) and gives the bytes of a CSV file: the header row,
 * then one row per object with the columns' keys picked in order. CRLF line endings; a cell is quoted
 * when it holds a comma, a quote, CR or LF. UTF-8 output starts with a BOM.
 *
 * Shift_JIS output is CP932, as Excel reads it. A character CP932 cannot hold (emoji, ©, most
 * characters outside Japanese) is written as `?`; the common ones that only differ in their
 * Unicode mapping (〜, −, ‖, ¢, £, ¬ typed on a Mac) are first replaced with their CP932 twins
 * (～, －, ∥, ￠, ￡, ￢), and read back as those twins.
 *
 * Each row is formatted and encoded as it passes: the stream holds a few rows at most, and
 * backpressure reaches whatever feeds it (see toCsv).
 */
export function createCsvStream(options: CsvWriteOptions): Transform {
  const encode = options.encoding === 'shift_jis' ? encodeCp932 : (text: string) => Buffer.from(text, 'utf8');
  const keys = options.columns.map((column) => column.key);

  const stream = new Transform({
    writableObjectMode: true,
    transform(row: object, _encoding, callback) {
      try {
        const cells = keys.map((key) => formatCell(key, (row as Record<string, unknown>)[key]));
        callback(null, encode(formatRow(cells)));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  // Header first, so that even an export of nothing is a valid file with its header.
  const bom = options.encoding === 'shift_jis' ? '' : '\ufeff';
  stream.push(encode(bom + formatRow(options.columns.map((column) => column.header))));
  return stream;
}

/**
 * The CSV bytes of `rows`, read lazily: from an array, a generator, or an async iterable such as a
 * database cursor. Backpressure holds, so the rows are pulled only as fast as the reader (an HTTP
 * response) takes the bytes and never all held in memory. An error from the rows fails the returned
 * stream; destroying the returned stream (the client went away) stops the rows, which runs the
 * iterator's `return()` (closing the cursor).
 */
export function toCsv(rows: AsyncIterable<object> | Iterable<object>, options: CsvWriteOptions): Readable {
  const csv = createCsvStream(options);
  // pipeline destroys each stream with the other's error, so the reader of `csv` sees it;
  // nothing is left to do in the callback.
  pipeline(Readable.from(rows), csv, () => undefined);
  return csv;
}

function formatCell(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw new TypeError(`CSV column "${key}": a ${typeof value} is not a cell value; format it as a string first`);
}

export function formatRow(cells: string[]): string {
  // csv-stringify quotes cells holding the delimiter, a quote or the record delimiter (CRLF) as a
  // whole; a lone CR or LF must be quoted too, or readers would split the row there.
  return stringify([cells], { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}

// Characters that JIS maps differently from Microsoft's CP932: text typed outside Windows carries the
// first form, which CP932 cannot hold, while the second is the same glyph in CP932.
const CP932_TWINS: Readonly<Record<string, string>> = {
  '\u301c': '\uff5e', // 〜 wave dash → ～
  '\u2212': '\uff0d', // − minus sign → －
  '\u2016': '\u2225', // ‖ double vertical line → ∥
  '\u00a2': '\uffe0', // ¢ → ￠
  '\u00a3': '\uffe1', // £ → ￡
  '\u00ac': '\uffe2', // ¬ → ￢
};
const JIS_ONLY = new RegExp(`[${Object.keys(CP932_TWINS).join('')}]`, 'g');

export function encodeCp932(text: string): Buffer {
  return iconv.encode(text.replace(JIS_ONLY, (char) => CP932_TWINS[char]), 'cp932');
}

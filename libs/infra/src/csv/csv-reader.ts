import { CsvError, parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { TextDecoder } from 'node:util';
import { CsvColumn, CsvEncoding } from './csv-column';

/** The upload limit for CSV files (SPEC.md §5, §9). */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Turns an uploaded file into text. Operators send UTF-8 (with or without a BOM) or Shift_JIS as
 * Excel saves it, which is really CP932 (Shift_JIS plus the NEC/IBM extensions such as ① and 髙).
 * A BOM decides at once; otherwise bytes that are valid UTF-8 are UTF-8, since Japanese text in
 * CP932 is practically never valid UTF-8, and anything else is read as CP932.
 */
export function decodeCsv(buffer: Buffer): { text: string; encoding: CsvEncoding } {
  if (buffer.subarray(0, 3).equals(UTF8_BOM)) {
    return { text: buffer.toString('utf8', 3), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(buffer, 'cp932'), encoding: 'shift_jis' };
  }
}

/**
 * The checks made on an upload before its content is read: the name must end in `.csv` (any case),
 * and the size must not exceed `maxBytes` (10 MB by default). Returns the field rule key to report
 * (DESIGN.md §4), or null when the file may be read.
 */
export function checkCsvUpload(file: {
  originalName: string;
  size: number;
  maxBytes?: number;
}): 'file_format_invalid' | 'file_size_too_large' | null {
  if (!file.originalName.toLowerCase().endsWith('.csv')) return 'file_format_invalid';
  if (file.size > (file.maxBytes ?? CSV_MAX_BYTES)) return 'file_size_too_large';
  return null;
}

/** A data row: `line` is its row number (see {@link parseCsv}), `values` every expected column, untouched. */
export interface CsvRow<K extends string = string> {
  readonly line: number;
  readonly values: Record<K, string>;
}

/** A problem with the header row: a missing column is `required`, an unknown or repeated one `invalid`. */
export interface CsvHeaderIssue {
  /** The header name as written (expected or found). */
  readonly column: string;
  readonly errorCode: 'required' | 'invalid';
}

/**
 * A problem with one row. The reader only reports whole rows (`column: '*'`, `invalid`): a wrong number
 * of cells, or a quoting error; importers add their own issues per cell (`column` = the header name,
 * a rule key or catalogue code, and its bound in `params`) so that all of them go back at once.
 */
export interface CsvRowIssue {
  readonly line: number;
  readonly column: string;
  readonly errorCode: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface ParsedCsv<K extends string = string> {
  readonly encoding: CsvEncoding;
  readonly rows: CsvRow<K>[];
  readonly headerIssues: CsvHeaderIssue[];
  readonly rowIssues: CsvRowIssue[];
}

/**
 * Reads a CSV upload whose first row names its columns.
 *
 * - Columns are found by header name, in any order; header cells are compared without surrounding
 *   spaces. When the header is wrong (a column missing, unknown or repeated) no rows are returned:
 *   they cannot be read reliably, and the file is refused anyway.
 * - Values are returned exactly as written (no trimming, no casting), so an export read back gives
 *   back what was written; see `unneutraliseFormula` for the one exception.
 * - `line` is the row number a spreadsheet shows for the record: the header (the file's first row) is
 *   line 1, every record, blank lines included, counts one, and a quoted cell spanning several lines
 *   does not add lines. So `a,"x⏎y"` after the header is line 2 and the record after it line 3.
 * - Blank lines and rows whose cells are all empty (Excel writes `,,,` for cleared rows) are skipped.
 * - A row with the wrong number of cells becomes a row issue and parsing goes on, so every such row is
 *   reported; a quoting error (an unclosed quote) becomes a row issue on the row where it occurs, and
 *   parsing stops there since nothing after it can be trusted.
 *
 * Lines may end in CRLF, LF or CR, even mixed. Synchronous: uploads are at most 10 MB.
 */
export function parseCsv<const C extends readonly CsvColumn[]>(
  buffer: Buffer,
  options: { columns: C },
): ParsedCsv<C[number]['key']> {
  type K = C[number]['key'];
  const { text, encoding } = decodeCsv(buffer);
  const rows: CsvRow<K>[] = [];
  const headerIssues: CsvHeaderIssue[] = [];
  const rowIssues: CsvRowIssue[] = [];
  let keys: (K | undefined)[] | undefined; // the key of each cell position, from the header row

  try {
    parse(text, {
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      // We count cells ourselves instead of letting csv-parse throw on the first bad row
      // (relax_column_count: false), so that every such row is reported with its line.
      relax_column_count: true,
      // Rows are handled as they come and not collected by csv-parse (returning null drops them):
      // when a quoting error throws, the rows and issues found before it are kept.
      on_record: (cells: string[], info) => {
        const line = info.records + info.empty_lines;
        if (keys === undefined) {
          keys = readHeader(cells, options.columns, headerIssues);
        } else if (cells.every((cell) => cell === '')) {
          // a cleared row: nothing to import
        } else if (cells.length !== keys.length) {
          rowIssues.push({ line, column: '*', errorCode: 'invalid', params: { cells: cells.length, expected: keys.length } });
        } else {
          const values = {} as Record<K, string>;
          keys.forEach((key, i) => {
            if (key !== undefined) values[key] = cells[i];
          });
          rows.push({ line, values });
        }
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The error carries the parser's counters at the failing record, which is not counted yet.
    const line = Number(error.records) + Number(error.empty_lines) + 1;
    rowIssues.push({ line, column: '*', errorCode: 'invalid' });
  }

  if (keys === undefined) {
    // An empty file: every column is missing.
    for (const column of options.columns) headerIssues.push({ column: column.header, errorCode: 'required' });
  }
  if (headerIssues.length > 0) return { encoding, rows: [], headerIssues, rowIssues: [] };
  return { encoding, rows, headerIssues, rowIssues };
}

/** Maps each header cell to its column key and records what is missing, unknown or repeated. */
function readHeader<K extends string>(
  cells: string[],
  columns: readonly CsvColumn<K>[],
  issues: CsvHeaderIssue[],
): (K | undefined)[] {
  const seen = new Set<K>();
  const keys = cells.map((cell) => {
    const name = cell.trim();
    const column = columns.find((c) => c.header === name);
    if (column === undefined || seen.has(column.key)) {
      issues.push({ column: name, errorCode: 'invalid' });
      return undefined;
    }
    seen.add(column.key);
    return column.key;
  });
  for (const column of columns) {
    if (!seen.has(column.key)) issues.push({ column: column.header, errorCode: 'required' });
  }
  return keys;
}

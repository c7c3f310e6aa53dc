import { CsvError, Info, Parser } from 'csv-parse';
import iconv from 'iconv-lite';
import { isUtf8 } from 'node:buffer';
import { CsvColumn, CsvEncoding } from './csv-column';
import { nextTurn } from './time-slice';

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
  const { encoding, start } = detectCsvEncoding(buffer);
  return { text: encoding === 'utf-8' ? buffer.toString('utf8', start) : iconv.decode(buffer, 'cp932'), encoding };
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
  /** The row's cells as the file has them, for a report of rejected rows. */
  readonly cells: readonly string[];
}

/**
 * A problem with the header row: a missing column is `required`, an unknown or repeated one `invalid`.
 * `column` '*' is the header as a whole: longer than its limit (`max_length`, params `{max}` in bytes)
 * or with too many cells (`invalid`, params `{cells, max}`). A header hook ({@link CsvHeaderReader})
 * may answer a catalogue code of its own.
 */
export interface CsvHeaderIssue {
  /** The header name as written (expected or found), or '*'. */
  readonly column: string;
  readonly errorCode: 'required' | 'invalid' | 'max_length' | (string & {});
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * A problem with one row. The reader only reports whole rows (`column: '*'`): a wrong number of cells
 * or a quoting error (`invalid`), a record longer than its limit (`max_length`); importers add their own
 * issues per cell (`column` = the header name, a rule key or catalogue code, and its bound in `params`)
 * so that all of them go back at once.
 */
export interface CsvRowIssue {
  readonly line: number;
  readonly column: string;
  readonly errorCode: string;
  readonly params?: Readonly<Record<string, string | number>>;
  /** A whole row refused for its number of cells: its cells, for a report of rejected rows. */
  readonly cells?: readonly string[];
}

export interface ParsedCsv<K extends string = string> {
  readonly encoding: CsvEncoding;
  readonly rows: CsvRow<K>[];
  readonly headerIssues: CsvHeaderIssue[];
  readonly rowIssues: CsvRowIssue[];
}

/**
 * How much a file may hold before its reading stops, so that a hostile file costs what a normal one
 * does: a 10 MB header of `a,a,a,…` is refused after 8 KB as one header issue instead of becoming
 * millions of cells (and millions of errors).
 */
export const CSV_LIMITS = {
  /** The header row, in bytes (as UTF-8). Real headers are a few hundred. */
  headerBytes: 8 * 1024,
  /** Cells in the header row. */
  headerCells: 256,
  /** Any other record, in bytes (as UTF-8): a product row is at most a few KB. */
  recordBytes: 64 * 1024,
} as const;
export type CsvLimits = { readonly [K in keyof typeof CSV_LIMITS]: number };

/** What the file is in, and where its text starts (after a UTF-8 BOM). See {@link decodeCsv}. */
export function detectCsvEncoding(buffer: Buffer): { encoding: CsvEncoding; start: number } {
  if (buffer.subarray(0, 3).equals(UTF8_BOM)) return { encoding: 'utf-8', start: 3 };
  return { encoding: isUtf8(buffer) ? 'utf-8' : 'shift_jis', start: 0 };
}

/** The file as UTF-8 bytes, a slice at a time; `read` is how far into the file each slice reaches. */
function* utf8Slices(buffer: Buffer, sliceBytes: number, detected = detectCsvEncoding(buffer)): Generator<{ bytes: Buffer; read: number }> {
  const { encoding, start } = detected;
  const decoder = encoding === 'shift_jis' ? iconv.getDecoder('cp932') : null;
  for (let at = start; at < buffer.length; at += sliceBytes) {
    const slice = buffer.subarray(at, at + sliceBytes);
    // csv-parse reads bytes (a character cut between slices is joined again); CP932 is decoded first.
    yield { bytes: decoder ? Buffer.from(decoder.write(slice), 'utf8') : slice, read: Math.min(buffer.length, at + sliceBytes) };
  }
  const rest = decoder?.end();
  if (rest) yield { bytes: Buffer.from(rest, 'utf8'), read: buffer.length };
}

// csv-parse's incremental core, the one its sync and stream interfaces both drive: `parse(bytes, end,
// push, close)` pushes every record the bytes complete, synchronously, and returns the CsvError that
// stops it. Driven directly so that a file is read in slices with nothing in between.
interface CsvParseCore {
  parse(bytes: Buffer | undefined, end: boolean, push: (cells: string[]) => void, close: () => void): CsvError | undefined;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The reader under {@link parseCsv} and {@link readCsv}: UTF-8 bytes in, rows and issues out. Before the
 * parser sees a byte, a guard counts the bytes of the record being read (quotes and line breaks, as
 * csv-parse reads them) and stops the reading when one passes its limit, so no record grows past it.
 */
class CsvRecordReader<K extends string> {
  rows: CsvRow<K>[] = [];
  rowIssues: CsvRowIssue[] = [];
  readonly headerIssues: CsvHeaderIssue[] = [];
  /** The header row's cells as written, once read (and within its limits). */
  header: string[] | undefined;
  /** Nothing more is read: the header was refused, or a record was broken or too long. */
  stopped = false;
  private keys: (K | undefined)[] | undefined; // the key of each cell position, from the header row
  private readonly core: CsvParseCore;
  private readonly info: Info;
  // The guard's state: inside quotes, the last byte a CR, bytes of the record so far, its line.
  private quoted = false;
  private afterCr = false;
  private recordBytes = 0;
  private line = 1;

  constructor(
    private readonly columns: readonly CsvColumn<K>[],
    private readonly limits: CsvLimits,
    private readonly headerReader?: CsvHeaderReader<K>,
  ) {
    const parser = new Parser({
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      // We count cells ourselves instead of letting csv-parse throw on the first bad row
      // (relax_column_count: false), so that every such row is reported with its line.
      relax_column_count: true,
    });
    this.core = (parser as unknown as { api: CsvParseCore }).api;
    // Its counters, current when a record is pushed: records (this one included) and blank lines so far.
    this.info = parser.info;
  }

  /** Reads the next bytes of the file; `end` after the last. */
  feed(bytes: Buffer | undefined, end = false): void {
    if (this.stopped) return;
    if (bytes) {
      const over = this.overLimitAt(bytes);
      if (over) {
        // Read what comes before the record that is too long (the records it completes are whole),
        // then stop: that record is reported on its line, and nothing after it is read.
        if (over.recordStart >= 0) this.parse(bytes.subarray(0, over.recordStart), true);
        if (!this.stopped) this.refuseLong(over.line);
        return;
      }
    }
    this.parse(bytes, end);
    if (end && this.keys === undefined && !this.stopped) {
      // An empty file: every column is missing.
      for (const column of this.columns) this.headerIssues.push({ column: column.header, errorCode: 'required' });
      this.stopped = true;
    }
  }

  /** The rows and row issues read since the last call. */
  take(): { rows: CsvRow<K>[]; rowIssues: CsvRowIssue[] } {
    const taken = { rows: this.rows, rowIssues: this.rowIssues };
    this.rows = [];
    this.rowIssues = [];
    return taken;
  }

  private parse(bytes: Buffer | undefined, end: boolean): void {
    const error = this.core.parse(bytes, end, (cells) => this.record(cells, this.info.records + this.info.empty_lines), () => undefined);
    if (error === undefined || this.stopped) return;
    // The error carries the parser's counters at the failing record, which is not counted yet.
    this.rowIssues.push({ line: Number(error.records) + Number(error.empty_lines) + 1, column: '*', errorCode: 'invalid' });
    this.stopped = true;
  }

  /** Where in `bytes` the record being read passes its limit: its line, and where it starts in `bytes` (-1: before them). */
  private overLimitAt(bytes: Buffer): { line: number; recordStart: number } | null {
    // The state in locals while the bytes are walked (a hot loop: up to 10 MB a file).
    let { quoted, afterCr, recordBytes, line } = this;
    let limit = line === 1 ? this.limits.headerBytes : this.limits.recordBytes;
    let recordStart = recordBytes === 0 ? 0 : -1;
    let over: { line: number; recordStart: number } | null = null;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (!quoted && (byte === LF || byte === CR)) {
        // A record ends; CRLF is one ending.
        if (!(byte === LF && afterCr)) {
          line++;
          limit = this.limits.recordBytes;
        }
        afterCr = byte === CR;
        recordBytes = 0;
        recordStart = i + 1;
        continue;
      }
      afterCr = false;
      if (++recordBytes > limit) {
        over = { line, recordStart };
        break;
      }
    }
    Object.assign(this, { quoted, afterCr, recordBytes, line });
    return over;
  }

  private refuseLong(line: number): void {
    this.stopped = true;
    if (this.keys === undefined) {
      // The header's own limit is the first row's; a header below skipped rows has a record's.
      this.headerIssues.push({ column: '*', errorCode: 'max_length', params: { max: line === 1 ? this.limits.headerBytes : this.limits.recordBytes } });
    } else {
      this.rowIssues.push({ line, column: '*', errorCode: 'max_length', params: { max: this.limits.recordBytes } });
    }
  }

  private record(cells: string[], line: number): void {
    if (this.stopped) return;
    if (this.keys === undefined) {
      if (cells.length > this.limits.headerCells) {
        this.headerIssues.push({ column: '*', errorCode: 'invalid', params: { cells: cells.length, max: this.limits.headerCells } });
        this.keys = [];
      } else if (this.headerReader) {
        const read = this.headerReader(cells, line);
        if (read === null) return; // a line above the header
        this.header = cells;
        this.keys = read.keys;
        this.headerIssues.push(...read.issues);
      } else {
        this.header = cells;
        this.keys = readHeader(cells, this.columns, this.headerIssues);
      }
      // A wrong header: the rows cannot be read reliably, and the file is refused anyway.
      if (this.headerIssues.length > 0) this.stopped = true;
    } else if (cells.every((cell) => cell === '')) {
      // a cleared row: nothing to import
    } else if (cells.length !== this.keys.length) {
      this.rowIssues.push({ line, column: '*', errorCode: 'invalid', params: { cells: cells.length, expected: this.keys.length }, cells });
    } else {
      const values = {} as Record<K, string>;
      this.keys.forEach((key, i) => {
        if (key !== undefined) values[key] = cells[i];
      });
      this.rows.push({ line, values, cells });
    }
  }
}

/**
 * How a header row becomes column keys, for files whose headers vary (a bank's export names its
 * columns in its own words, and may put lines about the account above them): the key of each cell,
 * in order (undefined: a column the importer ignores), and the header's issues; or null when the row
 * is not the header yet, which skips it (the hook decides when to give up, with an issue).
 */
export type CsvHeaderReader<K extends string = string> = (cells: readonly string[], line: number) => { keys: (K | undefined)[]; issues: CsvHeaderIssue[] } | null;

export interface CsvReadOptions<C extends readonly CsvColumn[]> {
  readonly columns: C;
  /** Bytes of the file read at a time by {@link readCsv} (default 4 KiB). */
  readonly sliceBytes?: number;
  readonly limits?: Partial<CsvLimits>;
  /**
   * Reads the header instead of matching `columns` by their exact names (see {@link CsvHeaderReader});
   * `columns` then only name the keys (and every column is `required` in an empty file). A header
   * found below skipped rows is held to `CSV_LIMITS.recordBytes`, as any row after the first; and
   * {@link readCsvHeader}, which reads the first `headerBytes` only, does not see it.
   */
  readonly readHeader?: CsvHeaderReader<C[number]['key']>;
}

const DEFAULT_SLICE_BYTES = 4 * 1024;

/**
 * Reads a CSV upload whose first row names its columns, all at once (tests, small files; an importer
 * that must not hold the event loop uses {@link readCsv}).
 *
 * - Columns are found by header name, in any order; header cells are compared without surrounding
 *   spaces. When the header is wrong (a column missing, unknown or repeated; longer than
 *   `CSV_LIMITS.headerBytes`; more than `CSV_LIMITS.headerCells` cells) no rows are returned:
 *   they cannot be read reliably, and the file is refused anyway.
 * - Values are returned exactly as written (no trimming, no casting), so an export read back gives
 *   back what was written; see `unneutraliseFormula` for the one exception.
 * - `line` is the row number a spreadsheet shows for the record: the header (the file's first row) is
 *   line 1, every record, blank lines included, counts one, and a quoted cell spanning several lines
 *   does not add lines. So `a,"x⏎y"` after the header is line 2 and the record after it line 3.
 * - Blank lines and rows whose cells are all empty (Excel writes `,,,` for cleared rows) are skipped.
 * - A row with the wrong number of cells becomes a row issue and parsing goes on, so every such row is
 *   reported; a quoting error (an unclosed quote) or a record longer than `CSV_LIMITS.recordBytes`
 *   becomes a row issue on the row where it occurs, and parsing stops there since nothing after it can
 *   be trusted.
 *
 * Lines may end in CRLF, LF or CR, even mixed.
 */
export function parseCsv<const C extends readonly CsvColumn[]>(buffer: Buffer, options: CsvReadOptions<C>): ParsedCsv<C[number]['key']> {
  const reader = new CsvRecordReader<C[number]['key']>(options.columns, { ...CSV_LIMITS, ...options.limits }, options.readHeader);
  for (const { bytes } of utf8Slices(buffer, options.sliceBytes ?? DEFAULT_SLICE_BYTES)) {
    reader.feed(bytes);
    if (reader.stopped) break;
  }
  reader.feed(undefined, true);
  const { encoding } = detectCsvEncoding(buffer);
  if (reader.headerIssues.length > 0) return { encoding, rows: [], headerIssues: reader.headerIssues, rowIssues: [] };
  return { encoding, rows: reader.rows, headerIssues: [], rowIssues: reader.rowIssues };
}

/** What {@link readCsv} gives after each slice of the file: the rows and row issues it completed. */
export interface CsvBatch<K extends string = string> {
  readonly rows: CsvRow<K>[];
  readonly rowIssues: CsvRowIssue[];
  /** Bytes of the file read so far, for progress. */
  readonly bytesRead: number;
}

export interface CsvReading<K extends string = string> extends AsyncIterable<CsvBatch<K>> {
  readonly encoding: CsvEncoding;
  /** The header's issues, known once the first batch has come; none means the rows are being read. */
  readonly headerIssues: readonly CsvHeaderIssue[];
  /** The header row's cells as written, known once the first batch has come. */
  readonly header: readonly string[] | undefined;
}

/**
 * {@link parseCsv} a slice at a time (4 KiB, well under a millisecond of parsing), giving each slice's rows
 * as a batch and letting the event loop run between slices: a 10 MB file never holds it for long, and
 * only a slice's rows are in memory at once beyond what the consumer keeps.
 */
export function readCsv<const C extends readonly CsvColumn[]>(buffer: Buffer, options: CsvReadOptions<C>): CsvReading<C[number]['key']> {
  type K = C[number]['key'];
  const reader = new CsvRecordReader<K>(options.columns, { ...CSV_LIMITS, ...options.limits }, options.readHeader);
  async function* batches(): AsyncGenerator<CsvBatch<K>> {
    for (const { bytes, read } of utf8Slices(buffer, options.sliceBytes ?? DEFAULT_SLICE_BYTES)) {
      reader.feed(bytes);
      if (reader.headerIssues.length > 0) return;
      yield { ...reader.take(), bytesRead: read };
      if (reader.stopped) return;
      await nextTurn();
    }
    reader.feed(undefined, true);
    if (reader.headerIssues.length === 0) yield { ...reader.take(), bytesRead: buffer.length };
  }
  return {
    encoding: detectCsvEncoding(buffer).encoding,
    headerIssues: reader.headerIssues,
    get header() {
      return reader.header;
    },
    [Symbol.asyncIterator]: batches,
  };
}

/**
 * The header alone, from the first bytes of the file, and the file's encoding: what an upload can be
 * refused for at once (`header.{name}` errors), without reading its rows.
 */
export function readCsvHeader<const C extends readonly CsvColumn[]>(buffer: Buffer, options: CsvReadOptions<C>): { encoding: CsvEncoding; headerIssues: CsvHeaderIssue[] } {
  const limits = { ...CSV_LIMITS, ...options.limits };
  // The header's bytes cannot pass its limit, nor CP932 take more than three UTF-8 bytes for two.
  const detected = detectCsvEncoding(buffer);
  const head = buffer.length - detected.start <= limits.headerBytes + 2 ? buffer : buffer.subarray(0, detected.start + limits.headerBytes + 2);
  const reader = new CsvRecordReader(options.columns, limits, options.readHeader);
  for (const { bytes } of utf8Slices(head, head.length || 1, detected)) reader.feed(bytes);
  // A file that ends within the header: read to its end (an empty file lacks every column).
  if (head === buffer) reader.feed(undefined, true);
  return { encoding: detected.encoding, headerIssues: reader.headerIssues };
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

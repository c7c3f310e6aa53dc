import { OneOf, Optional } from '../validation/rules';

export const CSV_ENCODINGS = ['utf8', 'sjis'] as const;

/** `encoding` of a CSV download (DESIGN.md §10): UTF-8 with BOM by default, Shift_JIS (CP932) on request. */
export class CsvEncodingQuery {
  @Optional()
  @OneOf(CSV_ENCODINGS)
  encoding: (typeof CSV_ENCODINGS)[number] = 'utf8';
}

/** The encoding copyCsv writes for the query's choice. */
export const csvEncodingOf = (query: CsvEncodingQuery) => (query.encoding === 'sjis' ? 'shift_jis' : 'utf-8') as 'shift_jis' | 'utf-8';

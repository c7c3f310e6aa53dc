/**
 * One CSV column: the Japanese header shown in the file and the key the code uses for it,
 * e.g. `{ header: '商品コード', key: 'productCode' }`. Readers match headers by name, writers
 * write them in the order given.
 */
export interface CsvColumn<K extends string = string> {
  readonly header: string;
  readonly key: K;
}

/** The two encodings operators use (DESIGN.md §10): UTF-8 (with a BOM on output) and Shift_JIS, read and written as CP932. */
export type CsvEncoding = 'utf-8' | 'shift_jis';

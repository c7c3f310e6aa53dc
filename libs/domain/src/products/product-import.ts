/**
 * A product CSV import, in steps (docs/product-csv.md): the upload is checked by a job (`validating`),
 * which ends in a preview (`previewed`) or in the list of what is wrong (`invalid`); staff then apply it
 * (`applying` → `applied`, or `failed`) or discard it. Nothing reaches the catalogue before `applied`.
 */
export const PRODUCT_IMPORT_STATUSES = ['validating', 'previewed', 'invalid', 'applying', 'applied', 'failed', 'discarded'] as const;
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];

/** A job is working on the import: the console keeps asking how far it is. */
export const isImportRunning = (status: ProductImportStatus): boolean => status === 'validating' || status === 'applying';

/**
 * What "apply" does from a status: only a previewed import starts applying; one that is applying or
 * applied already is answered as it is, so a double click or a retried request applies once.
 */
export function applyDecision(status: ProductImportStatus): 'apply' | 'already' | 'refuse' {
  if (status === 'previewed') return 'apply';
  return status === 'applying' || status === 'applied' ? 'already' : 'refuse';
}

/** Anything not being written, or written, may be discarded (a running check stops at its next batch). */
export const canDiscard = (status: ProductImportStatus): boolean => status !== 'applying' && status !== 'applied';

/** One changed cell of a row, with the values as the CSV writes them (null: blank). */
export interface ColumnChange {
  readonly column: string;
  readonly from: string | null;
  readonly to: string | null;
}

/** A blank cell that would clear a value the catalogue holds. */
export const isClear = (change: ColumnChange): boolean => change.to === null && change.from !== null;

type Cells = Readonly<Record<string, string | number | null>>;
const cell = (value: string | number | null | undefined): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * The columns a row changes, in the columns' order: the product as it is (`before`) against the row
 * (`after`), both as CSV cells, blank and null being the same. Columns in `ignore` (derived ones such as
 * the price with tax) are not compared.
 */
export function columnChanges(
  before: Cells,
  after: Cells,
  columns: readonly { readonly key: string; readonly header: string }[],
  ignore: readonly string[] = [],
): ColumnChange[] {
  const changes: ColumnChange[] = [];
  for (const { key, header } of columns) {
    if (ignore.includes(key)) continue;
    const from = cell(before[key]);
    const to = cell(after[key]);
    if (from !== to) changes.push({ column: header, from, to });
  }
  return changes;
}

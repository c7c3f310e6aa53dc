import type { FieldIssue } from '../errors/field-rule';

/**
 * The areas that import uploaded files (SPEC.md §5: "CSV uploads: … unique file name"). A file name
 * is unique within its area: `商品.csv` imported into products says nothing about a deposit file of
 * that name. Deposits (issue 13) also recognise the same content under another name, by its SHA-256.
 */
export const UPLOAD_AREAS = ['products', 'deposits'] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];

/** Whether an area refuses the same content under another name too (a deposit file counted twice is money counted twice). */
export const MATCHES_CONTENT: Readonly<Record<UploadArea, boolean>> = { products: false, deposits: true };

/** The longest file name kept, in characters (code points); a longer one is kept cut, and compared cut. */
export const FILE_NAME_MAX = 255;

/** A file name as it is kept: its first FILE_NAME_MAX characters, never half of a surrogate pair. */
export function storedFileName(name: string): string {
  const characters = Array.from(name);
  return characters.length <= FILE_NAME_MAX ? name : characters.slice(0, FILE_NAME_MAX).join('');
}

/**
 * What two file names are compared by: NFC, then lower case. NFC because a Mac sends `データ.csv` with
 * its dakuten as separate marks (NFD) where Windows sends them composed; lower case because Windows and
 * macOS treat `Products.CSV` and `products.csv` as one file, so staff do too. Nothing more is folded:
 * full-width `ＡＢＣ.csv` and `ABC.csv`, or `商品①.csv` and `商品1.csv`, are names someone chose apart
 * (NFKC would join them), and spaces count.
 */
export function fileNameKey(name: string): string {
  return storedFileName(storedFileName(name).normalize('NFC').toLowerCase());
}

/**
 * A name that cannot be kept or compared: one with a control character (a NUL, a line break), which a
 * browser never sends but a crafted request can (`filename*=utf-8''a%00.csv`). 422 `file` `invalid`.
 */
export function fileNameIssue(name: string): FieldIssue | null {
  return /\p{Cc}/u.test(name) ? { field: 'file', errorCode: 'invalid' } : null;
}

/** An earlier import of a file the area recognises as the same (by name, or by content where the area says so). */
export interface EarlierImport {
  /** Its record of imported files: later imports have larger ids. */
  readonly id: string;
  readonly fileName: string;
  readonly importedAt: Date;
  /** The name of the user who imported it. */
  readonly importedBy: string;
  /** Matched by its name (else by its content only). */
  readonly sameName: boolean;
}

/**
 * Whether an upload may be imported given the newest earlier import of the same file: not when there
 * is one, unless staff confirmed a re-import (`confirmed`) or had confirmed over this one or a later one
 * already (`confirmedOver`, the id they saw when the upload was accepted: an import recorded since, by
 * someone applying the same name meanwhile, is news to them). The refusal names the file, when and by
 * whom it was imported: `file` NAL-UPL-001 (same name) or NAL-UPL-002 (same content, another name).
 */
export function reimportIssue(earlier: EarlierImport | null, confirmation: { confirmed: boolean; confirmedOver: string | null }): FieldIssue | null {
  if (!earlier || confirmation.confirmed) return null;
  if (confirmation.confirmedOver !== null && BigInt(earlier.id) <= BigInt(confirmation.confirmedOver)) return null;
  return {
    field: 'file',
    errorCode: earlier.sameName ? 'NAL-UPL-001' : 'NAL-UPL-002',
    params: { file_name: earlier.fileName, imported_at: earlier.importedAt.toISOString(), imported_by: earlier.importedBy },
  };
}

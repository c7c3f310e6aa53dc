/**
 * Files staff upload through a presigned URL (SPEC.md §7 Media): images and documents, each kind with
 * its size limit, each accepted MIME type with the content it must have. The type is checked by the
 * file's first bytes (`sniffMediaType`), never by its name: a `.png` whose bytes are a PDF is refused.
 */
export const MEDIA_KINDS = ['image', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The largest file of each kind, in KB: the `max` param of a `file_size_too_large` field error. */
export const MEDIA_MAX_KB: Readonly<Record<MediaKind, number>> = { image: 2048, document: 10240 };

export function mediaMaxBytes(kind: MediaKind): number {
  return MEDIA_MAX_KB[kind] * 1024;
}

/** What the first bytes say a file is. `zip` is the container of xlsx/docx, `ole` the one of xls/doc. */
export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'zip' | 'ole' | 'text';

interface AcceptedType {
  readonly kind: MediaKind;
  readonly format: SniffedFormat;
}

/**
 * Every MIME type an upload may declare, with its kind and the content it must have. Office files are
 * checked by their container only (a docx declared as xlsx passes: both are zip), which is what a
 * browser's own type for the name can tell apart anyway.
 */
export const MEDIA_TYPES: Readonly<Record<string, AcceptedType>> = {
  'image/png': { kind: 'image', format: 'png' },
  'image/jpeg': { kind: 'image', format: 'jpeg' },
  'image/gif': { kind: 'image', format: 'gif' },
  'image/webp': { kind: 'image', format: 'webp' },
  'application/pdf': { kind: 'document', format: 'pdf' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { kind: 'document', format: 'zip' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document', format: 'zip' },
  'application/vnd.ms-excel': { kind: 'document', format: 'ole' },
  'application/msword': { kind: 'document', format: 'ole' },
  'text/csv': { kind: 'document', format: 'text' },
};

/** Other names browsers and systems give the same types. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/csv': 'text/csv',
  'text/x-csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
  'application/x-pdf': 'application/pdf',
};

/**
 * The accepted MIME type a declared one stands for (lower case, without parameters, aliases resolved), or
 * null when it is not accepted. Windows reports a `.csv` as `application/vnd.ms-excel` when Excel is
 * installed: with a file name ending in `.csv` that type means text/csv (the content is still checked).
 */
export function acceptedMediaType(declared: string, fileName = ''): string | null {
  const bare = declared.split(';')[0].trim().toLowerCase();
  const type = ALIASES[bare] ?? bare;
  if (type === 'application/vnd.ms-excel' && /\.csv$/i.test(fileName.trim())) return 'text/csv';
  return Object.hasOwn(MEDIA_TYPES, type) ? type : null;
}

/** The kind of an accepted content type (parameters such as `; charset=` ignored), or null when it is not accepted. */
export function mediaKindOf(contentType: string): MediaKind | null {
  const type = acceptedMediaType(contentType);
  return type ? MEDIA_TYPES[type].kind : null;
}

/** Whether a file's first bytes are the content its accepted type promises. */
export function contentMatchesType(head: Uint8Array, contentType: string, options: SniffOptions = {}): boolean {
  const type = acceptedMediaType(contentType);
  return type !== null && sniffMediaType(head, options) === MEDIA_TYPES[type].format;
}

/** How many first bytes the sniffer is given: enough for every magic number and a fair look at a CSV's text. */
export const MEDIA_SNIFF_BYTES = 64 * 1024;

export interface SniffOptions {
  /** The bytes are the whole file (else a prefix, whose last character may be cut in half). */
  whole?: boolean;
}

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Readers (Acrobat among them) find `%PDF-` anywhere in the first 1024 bytes; some generators put a line before it. */
const PDF_HEADER_WINDOW = 1024;

/**
 * What a file is, by its first bytes (magic numbers), or null when it is none of the accepted formats.
 * Text (a CSV) is bytes without NUL or other control characters (tab, line breaks, form feed and the old
 * DOS end-of-file mark aside) that are UTF-8 (with or without BOM) or Shift_JIS (CP932), as the CSV
 * reader takes; an empty file is nothing.
 */
export function sniffMediaType(head: Uint8Array, options: SniffOptions = {}): SniffedFormat | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  if (startsWith(head, ZIP)) return 'zip';
  if (startsWith(head, OLE)) return 'ole';
  if (hasPdfHeader(head)) return 'pdf';
  if (isPlainText(head, options.whole ?? false)) return 'text';
  return null;
}

function hasPdfHeader(head: Uint8Array): boolean {
  const end = Math.min(head.length, PDF_HEADER_WINDOW) - PDF.length;
  for (let at = 0; at <= end; at++) if (startsWith(head, PDF, at)) return true;
  return false;
}

function isPlainText(head: Uint8Array, whole: boolean): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a) return false;
    if (byte === 0x7f) return false;
  }
  return isUtf8(head, whole) || isShiftJis(head, whole);
}

function isUtf8(bytes: Uint8Array, whole: boolean): boolean {
  try {
    // stream: a prefix may end inside a character, which is not an error then.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !whole });
    return true;
  } catch {
    return false;
  }
}

/**
 * CP932: ASCII, half-width katakana (A1–DF) as one byte, and two-byte characters whose lead is 81–9F or
 * E0–FC and trail 40–7E or 80–FC. Lenient on unassigned codes: plausible, not exact.
 */
function isShiftJis(bytes: Uint8Array, whole: boolean): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte < 0x80 || (byte >= 0xa1 && byte <= 0xdf)) continue;
    if ((byte >= 0x81 && byte <= 0x9f) || (byte >= 0xe0 && byte <= 0xfc)) {
      if (i + 1 === bytes.length) return !whole;
      const trail = bytes[++i];
      if ((trail >= 0x40 && trail <= 0x7e) || (trail >= 0x80 && trail <= 0xfc)) continue;
    }
    return false;
  }
  return true;
}

/** The longest file name a presigned upload takes, in characters. */
export const MEDIA_FILE_NAME_MAX = 255;
/** The stored name's limit in UTF-8 bytes: a storage key's segment takes at most 200. */
const SAFE_NAME_MAX_BYTES = 180;

/**
 * A file name as it goes into a storage key and a download's name: NFC, no control characters, none of
 * the characters Windows or a path would take for something else (`/ \ : * ? " < > |` become `_`), no
 * leading dots or spaces, and at most 180 UTF-8 bytes with the extension kept. Japanese stays as it is.
 */
export function safeMediaFileName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .trim()
    .replace(/^[.\s]+/, '');
  if (!safe) return 'file';
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  if (bytes(safe) > SAFE_NAME_MAX_BYTES) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    const characters = Array.from(safe.slice(0, safe.length - extension.length));
    while (characters.length > 0 && bytes(characters.join('') + extension) > SAFE_NAME_MAX_BYTES) characters.pop();
    safe = characters.join('') + extension;
  }
  // A name ending in the local driver's sidecar suffix would be refused as a key.
  return safe.endsWith('.meta.json') ? `${safe}_` : safe;
}

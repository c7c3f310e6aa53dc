import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (DESIGN.md §10). Keys are relative, slash-separated
 * paths such as `shops/42/logo/0f1e….png` (see `assertStorageKey`). Two drivers: S3Storage (an
 * S3-compatible bucket, which serves presigned URLs itself) and LocalDiskStorage (without S3 settings:
 * files on disk, and the API serves the signed URLs, `/api/v1/medias/upload` and `/api/v1/medias/download`).
 * URL makers are async because S3's presigner is.
 */
export interface FileStorage {
  /** Stores a file whole or not at all: a reader never sees half of it. Streams are not buffered. */
  put(key: string, body: Buffer | Readable, contentType: string, options?: PutOptions): Promise<void>;
  /** The file's bytes; throws StoredFileNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The keys under `prefix` (a folder, ending in `/`) whose file was last written before `before`. */
  keysWrittenBefore(prefix: string, before: Date): AsyncIterable<string>;
  /** A URL anyone holding it may GET until it expires. */
  signedDownloadUrl(key: string, options?: SignedDownloadOptions): Promise<string>;
  /**
   * A URL the browser PUTs the file to, with these headers, until it expires. The content type is
   * signed. The local driver's route also enforces maxBytes and the content as the file arrives; an S3
   * presigned PUT cannot bound a size it does not know yet, so whoever takes the upload over checks it
   * (checkUploadedMedia).
   */
  presignUpload(key: string, options: SignedUploadOptions): Promise<PresignedUpload>;
  /**
   * Checks a signed URL's query (`req.query`) for the given route; null when the signature is
   * missing, altered, made for the other route, or expired (and always for S3, whose URLs the API does not serve).
   */
  verifySignature(purpose: 'download', query: SignedUrlQuery): SignedDownload | null;
  verifySignature(purpose: 'upload', query: SignedUrlQuery): SignedUpload | null;
}

export interface PutOptions {
  /** Refuse (FileTooLargeError, nothing stored) once the body passes this many bytes. */
  maxBytes?: number;
}

export interface StoredFileInfo {
  size: number;
  contentType: string;
}

export interface SignedDownloadOptions {
  /** The name the browser saves the file as (Content-Disposition); default: the key's last segment. */
  fileName?: string;
  /** Default 300; at most 604800 (7 days, as S3). */
  expiresInSeconds?: number;
}

export interface SignedUploadOptions {
  contentType: string;
  maxBytes: number;
  /** Default 300; at most 604800 (7 days, as S3). */
  expiresInSeconds?: number;
}

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry as they are (the signed Content-Type). */
  headers: Record<string, string>;
  expiresAt: Date;
}

/** A parsed query string: Fastify's `req.query` (values may be arrays, which never verify), or URLSearchParams. */
export type SignedUrlQuery = Readonly<Record<string, unknown>> | URLSearchParams;

export interface SignedDownload {
  purpose: 'download';
  key: string;
  fileName: string;
  expiresAt: Date;
}

export interface SignedUpload {
  purpose: 'upload';
  key: string;
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
}

/** The Nest injection token for the FileStorage a process uses. */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

export const DEFAULT_SIGNED_URL_SECONDS = 300;
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

export class FileStorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A key that could escape the storage root or is otherwise not allowed (see `assertStorageKey`). */
export class InvalidStorageKeyError extends FileStorageError {
  constructor(readonly key: unknown, why: string) {
    super(`invalid storage key ${JSON.stringify(typeof key === 'string' ? key.slice(0, 200) : key)}: ${why}`);
  }
}

export class StoredFileNotFoundError extends FileStorageError {
  constructor(readonly key: string) {
    super(`no stored file ${JSON.stringify(key)}`);
  }
}

/** The body passed `maxBytes` (the API answers 413); nothing was stored. */
export class FileTooLargeError extends FileStorageError {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
  }
}

const META_SUFFIX = '.meta.json';
const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 200;

/**
 * A storage key is a relative path of segments joined by `/`: no absolute paths, no empty, `.`
 * or `..` segments (nor any segment starting with a dot: those are the driver's own), no
 * backslashes or control characters, at most 1024 bytes (S3's limit), at most 200 per segment,
 * and no segment ending in `.meta.json` (the local driver's sidecars). Any other character, Japanese
 * included, is fine. Returns the key; throws InvalidStorageKeyError.
 */
export function assertStorageKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError(key, 'must be a non-empty string');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidStorageKeyError(key, `must be at most ${MAX_KEY_BYTES} bytes`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw new InvalidStorageKeyError(key, 'must not contain backslashes or control characters');
  if (key.startsWith('/')) throw new InvalidStorageKeyError(key, 'must be relative');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidStorageKeyError(key, 'must not have empty segments');
    if (segment.startsWith('.')) throw new InvalidStorageKeyError(key, 'no segment may be . or .. or start with a dot');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw new InvalidStorageKeyError(key, `segments must be at most ${MAX_SEGMENT_BYTES} bytes`);
    if (segment.endsWith(META_SUFFIX)) throw new InvalidStorageKeyError(key, `no segment may end with ${META_SUFFIX}`);
  }
  return key;
}

/** A MIME type such as `application/pdf` or `text/csv; charset=utf-8`; throws FileStorageError otherwise. */
export function assertContentType(contentType: unknown): string {
  if (typeof contentType !== 'string' || contentType.length > 255 || !/^[\w.+!#$&^-]+\/[\w.+!#$&^-]+(\s*;[\x20-\x7e]*)?$/.test(contentType)) {
    throw new FileStorageError(`invalid content type ${JSON.stringify(contentType)}`);
  }
  return contentType;
}

export const STORAGE_META_SUFFIX = META_SUFFIX;

import { acceptedMediaType, contentMatchesType, FieldValidationError, MEDIA_MAX_KB, MEDIA_SNIFF_BYTES, MEDIA_TYPES, mediaKindOf, mediaMaxBytes, safeMediaFileName } from '@oms/domain';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteLimit } from './byte-limit';
import { FileStorage, FileTooLargeError, PresignedUpload, StoredFileNotFoundError } from './file-storage';


/** Where presigned media uploads go: `uploads/<yyyy-mm>/<uuid>/<safe file name>`. Nothing else may be claimed as one. */
export const MEDIA_UPLOAD_PREFIX = 'uploads/';
const MEDIA_UPLOAD_KEY = /^uploads\/\d{4}-(0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[^/]+$/;
/** How long a presigned upload URL works: long enough for 10 MB on a slow line, short enough not to be kept. */
export const MEDIA_UPLOAD_URL_SECONDS = 15 * 60;

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** A fresh key for an upload of this file name; the month is Japan's. */
export function mediaUploadKey(fileName: string, now: Date = new Date(), id: string = randomUUID()): string {
  const month = new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 7);
  return `${MEDIA_UPLOAD_PREFIX}${month}/${id}/${safeMediaFileName(fileName)}`;
}

export interface PresignedMediaUpload extends PresignedUpload {
  /** The storage key, which the browser hands back to claim the file (`s3_path`). */
  s3Path: string;
  maxBytes: number;
  contentType: string;
}

/**
 * Presigns the PUT of one file for the browser (`GET /medias/presigned_url`): `type` is the MIME type
 * the browser reports. An unaccepted type is a 422 `file_format_invalid` on `type`. The URL carries the
 * accepted type (signed) and its kind's size limit.
 */
export async function presignMediaUpload(storage: FileStorage, upload: { fileName: string; type: string }, now: Date = new Date()): Promise<PresignedMediaUpload> {
  const contentType = acceptedMediaType(upload.type, upload.fileName);
  if (!contentType) throw new FieldValidationError([{ field: 'type', errorCode: 'file_format_invalid' }]);
  const maxBytes = mediaMaxBytes(MEDIA_TYPES[contentType].kind);
  const s3Path = mediaUploadKey(upload.fileName, now);
  const presigned = await storage.presignUpload(s3Path, { contentType, maxBytes, expiresInSeconds: MEDIA_UPLOAD_URL_SECONDS });
  return { ...presigned, s3Path, maxBytes, contentType };
}

/** A media upload that passed checkUploadedMedia. */
export interface CheckedMedia {
  key: string;
  size: number;
  contentType: string;
  /** The (safe) name it was uploaded under: the key's last segment. */
  fileName: string;
}

interface MediaCheckOptions {
  /** The field errors name (default `s3_path`). */
  field?: string;
  /** The media types the area takes (the company seal: PNG or JPEG, what the PDF can embed). */
  types?: readonly string[];
}

/** The key must be one presigned_url made (422 `invalid`) and the file must be there (422 `exists`). */
async function uploadedFile(storage: FileStorage, s3Path: unknown, field: string): Promise<{ key: string; contentType: string; size: number }> {
  if (typeof s3Path !== 'string' || !MEDIA_UPLOAD_KEY.test(s3Path) || s3Path.endsWith('.meta.json')) {
    throw new FieldValidationError([{ field, errorCode: 'invalid' }]);
  }
  const info = await storage.stat(s3Path);
  if (!info) throw new FieldValidationError([{ field, errorCode: 'exists' }]);
  return { key: s3Path, contentType: info.contentType, size: info.size };
}

/**
 * A stored file within its kind's size (422 `file_size_too_large`, params `max` in KB), of an accepted
 * type whose first bytes are that type's (422 `file_format_invalid`). A refused file is deleted.
 */
async function checkStoredMedia(storage: FileStorage, key: string, field: string, types?: readonly string[]): Promise<CheckedMedia> {
  const info = await storage.stat(key);
  if (!info) throw new FieldValidationError([{ field, errorCode: 'exists' }]);
  const kind = mediaKindOf(info.contentType);
  const refuse = async (issue: { errorCode: string; params?: Record<string, number> }): Promise<never> => {
    await storage.delete(key);
    throw new FieldValidationError([{ field, ...issue }]);
  };
  if (!kind || (types && !types.includes(info.contentType))) return refuse({ errorCode: 'file_format_invalid' });
  if (info.size > mediaMaxBytes(kind)) return refuse({ errorCode: 'file_size_too_large', params: { max: MEDIA_MAX_KB[kind] } });
  const { head, whole } = await readHead(await storage.get(key), MEDIA_SNIFF_BYTES);
  if (!contentMatchesType(head, info.contentType, { whole })) return refuse({ errorCode: 'file_format_invalid' });
  return { key, size: info.size, contentType: info.contentType, fileName: key.slice(key.lastIndexOf('/') + 1) };
}

/**
 * The check of a file the browser PUT to a presigned URL, where it lies. With S3 the bucket took the
 * file without knowing its size limit or looking at its bytes, so here: the key must be one
 * presigned_url made, the file there, within its kind's size and its first bytes the stored type's.
 * A refused file is deleted. An area taking the file over uses claimUploadedMedia instead.
 */
export async function checkUploadedMedia(storage: FileStorage, s3Path: unknown, options: MediaCheckOptions = {}): Promise<CheckedMedia> {
  const field = options.field ?? 's3_path';
  const { key } = await uploadedFile(storage, s3Path, field);
  return checkStoredMedia(storage, key, field, options.types);
}

/**
 * An area takes an upload over (an estimate's attachment, the company seal): the file moves from its
 * `uploads/` key to the area's own key (`to`), and the checks of checkUploadedMedia run on the moved
 * copy. So the presigned URL, which works until it expires, can no longer change what was checked
 * and taken, and no second record can claim the same upload. Refused: nothing of it stays stored.
 */
export async function claimUploadedMedia(storage: FileStorage, s3Path: unknown, to: (fileName: string) => string, options: MediaCheckOptions = {}): Promise<CheckedMedia> {
  const field = options.field ?? 's3_path';
  const upload = await uploadedFile(storage, s3Path, field);
  const kind = mediaKindOf(upload.contentType);
  // Refused before any byte is copied when what lies there already says so (its type, its size).
  if (!kind || (options.types && !options.types.includes(upload.contentType))) {
    await storage.delete(upload.key);
    throw new FieldValidationError([{ field, errorCode: 'file_format_invalid' }]);
  }
  const tooLarge = new FieldValidationError([{ field, errorCode: 'file_size_too_large', params: { max: MEDIA_MAX_KB[kind] } }]);
  if (upload.size > mediaMaxBytes(kind)) {
    await storage.delete(upload.key);
    throw tooLarge;
  }
  const key = to(upload.key.slice(upload.key.lastIndexOf('/') + 1));
  let source: Readable;
  try {
    source = await storage.get(upload.key);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) throw new FieldValidationError([{ field, errorCode: 'exists' }]);
    throw error;
  }
  try {
    // Through the kind's limit: a body swapped in by a replayed PUT since the stat is not read past it.
    await storage.put(key, source, upload.contentType, { maxBytes: mediaMaxBytes(kind) });
  } catch (error) {
    source.destroy();
    await storage.delete(key).catch(() => undefined);
    if (error instanceof FileTooLargeError) {
      await storage.delete(upload.key).catch(() => undefined);
      throw tooLarge;
    }
    throw error;
  }
  // The upload's own key is let go; failing that leaves an orphan under uploads/, not a failed claim.
  await storage.delete(upload.key).catch(() => undefined);
  return checkStoredMedia(storage, key, field, options.types);
}

/**
 * Deletes uploads nobody took over: files under `uploads/` written before `before` (their presigned
 * URL long expired). Answers how many went. Safe to run twice or on several workers at once.
 */
export async function sweepUnclaimedUploads(storage: FileStorage, before: Date): Promise<number> {
  let deleted = 0;
  for await (const key of storage.keysWrittenBefore(MEDIA_UPLOAD_PREFIX, before)) {
    await storage.delete(key);
    deleted++;
  }
  return deleted;
}

/** The first `bytes` of a stream (then the stream is let go), and whether that is all of it. */
export async function readHead(stream: Readable, bytes: number): Promise<{ head: Uint8Array; whole: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length > bytes) return { head: Buffer.concat(chunks).subarray(0, bytes), whole: false };
    }
  } finally {
    stream.destroy();
  }
  return { head: Buffer.concat(chunks), whole: true };
}

/** The content of an upload is not the type it was signed for; nothing was stored. */
export class MediaContentMismatchError extends Error {
  constructor(readonly contentType: string) {
    super(`the uploaded bytes are not ${contentType}`);
    this.name = 'MediaContentMismatchError';
  }
}

/**
 * Passes a file through once its first bytes (MEDIA_SNIFF_BYTES, or all of a smaller file) are the
 * content `contentType` promises; fails with MediaContentMismatchError otherwise, before any byte goes on.
 * The local driver's upload route puts the body through it, so a refused file is never stored.
 */
export function mediaContentCheck(contentType: string): Transform {
  const held: Buffer[] = [];
  let heldBytes = 0;
  let checked = false;
  const check = (whole: boolean): Error | null => {
    checked = true;
    return contentMatchesType(Buffer.concat(held), contentType, { whole }) ? null : new MediaContentMismatchError(contentType);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (checked) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < MEDIA_SNIFF_BYTES) return callback();
      const refusal = check(false);
      if (refusal) return callback(refusal);
      for (const part of held.splice(0)) this.push(part);
      callback();
    },
    flush(callback) {
      if (checked) return callback();
      const refusal = check(true);
      if (refusal) return callback(refusal);
      for (const part of held.splice(0)) this.push(part);
      callback();
    },
  });
}

/**
 * Stores an upload as it arrives (the local driver's upload route): at most `maxBytes` (FileTooLargeError)
 * and only when its first bytes are `contentType`'s (MediaContentMismatchError); nothing is stored
 * otherwise. The source is piped, not destroyed, on failure: the caller can still drain it and answer.
 */
export async function putCheckedMedia(storage: FileStorage, key: string, source: Readable, options: { contentType: string; maxBytes: number }): Promise<void> {
  const limited = byteLimit(options.maxBytes);
  const checked = mediaContentCheck(options.contentType);
  source.on('error', (error) => limited.destroy(error));
  source.pipe(limited);
  // Both settle before answering: the driver has taken back its partial file by the time the caller says "nothing stored".
  const [checking, storing] = await Promise.allSettled([pipeline(limited, checked), storage.put(key, checked, options.contentType)]);
  source.unpipe(limited);
  if (checking.status === 'rejected') throw checking.reason;
  if (storing.status === 'rejected') throw storing.reason;
}

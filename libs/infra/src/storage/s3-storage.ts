import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import contentDisposition from 'content-disposition';
import { Readable } from 'node:stream';
import { byteLimit } from './byte-limit';
import {
  assertContentType,
  assertStorageKey,
  DEFAULT_SIGNED_URL_SECONDS,
  FileStorage,
  FileStorageError,
  FileTooLargeError,
  MAX_SIGNED_URL_SECONDS,
  PresignedUpload,
  PutOptions,
  SignedDownload,
  SignedDownloadOptions,
  SignedUpload,
  SignedUploadOptions,
  StoredFileInfo,
  StoredFileNotFoundError,
} from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO); AWS's own endpoint when absent. */
  endpoint?: string;
  /**
   * S3_PUBLIC_ENDPOINT: the address browsers reach the same server at, when it differs from the one the
   * API uses (docker-compose: `http://minio:9000` inside, `http://localhost:9000` outside). A presigned
   * URL signs its host, so it must be made for the browser's.
   */
  publicEndpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), as MinIO and most S3-compatible servers want. */
  forcePathStyle?: boolean;
  /** Without them the SDK's default chain (an instance or task role, AWS_* variables) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The clock (milliseconds) that presigned URLs are signed at, for tests. */
  now?: () => number;
}

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
/** lib-storage's smallest part: a stream of up to this many bytes goes up as one PutObject. */
const PART_BYTES = 5 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);
}

/**
 * Files in an S3-compatible bucket (DESIGN.md §10; MinIO in docker-compose). Browsers PUT uploads and
 * GET downloads straight to the bucket through presigned URLs, so the API never carries the bytes. A
 * put of a stream of unknown length goes as a multipart upload, which the bucket shows only once
 * completed (and aborts on failure): a reader never sees half a file, as with the local driver.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly presigner: S3Client;
  private readonly bucket: string;
  private readonly now: () => number;

  constructor(options: S3StorageOptions) {
    const credentials = options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined;
    const common = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials,
      // The SDK's default CRC32 of every body would be signed into presigned PUTs as the checksum of an
      // empty body, which the browser's file then fails; S3-compatible servers may not know the headers either.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    } as const;
    this.client = new S3Client({ ...common, endpoint: options.endpoint });
    this.presigner = options.publicEndpoint && options.publicEndpoint !== options.endpoint ? new S3Client({ ...common, endpoint: options.publicEndpoint }) : this.client;
    this.bucket = options.bucket;
    this.now = options.now ?? Date.now;
  }

  async put(key: string, body: Buffer | Readable, contentType: string, options: PutOptions = {}): Promise<void> {
    assertStorageKey(key);
    assertContentType(contentType);
    const { maxBytes } = options;
    if (Buffer.isBuffer(body)) {
      if (maxBytes !== undefined && body.length > maxBytes) throw new FileTooLargeError(maxBytes);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
      return;
    }
    let source: Readable = body;
    if (maxBytes !== undefined) {
      const limited = byteLimit(maxBytes);
      body.on('error', (error) => limited.destroy(error));
      source = body.pipe(limited);
    }
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: source, ContentType: contentType }, partSize: PART_BYTES, queueSize: 2, leavePartsOnError: false });
    // lib-storage stops reading at the first failed part but does not always say why: the stream's own error wins.
    let streamError: unknown = null;
    source.on('error', (error) => (streamError ??= error));
    try {
      await upload.done();
    } catch (error) {
      throw streamError ?? error;
    }
  }

  async get(key: string): Promise<Readable> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? FALLBACK_CONTENT_TYPE };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *keysWrittenBefore(prefix: string, before: Date): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key && object.LastModified && object.LastModified < before) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async signedDownloadUrl(key: string, options: SignedDownloadOptions = {}): Promise<string> {
    assertStorageKey(key);
    const name = options.fileName ?? key.slice(key.lastIndexOf('/') + 1);
    // eslint-disable-next-line no-control-regex
    if (!name || /[\u0000-\u001f\u007f]/.test(name)) throw new FileStorageError('the download file name must be non-empty, without control characters');
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: contentDisposition(name) });
    return getSignedUrl(this.presigner, command, { expiresIn: expiry(options.expiresInSeconds), signingDate: new Date(this.now()) });
  }

  async presignUpload(key: string, options: SignedUploadOptions): Promise<PresignedUpload> {
    assertStorageKey(key);
    const contentType = assertContentType(options.contentType);
    if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes <= 0) throw new FileStorageError('maxBytes must be a positive whole number');
    const expiresIn = expiry(options.expiresInSeconds);
    const signedAt = this.now();
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType });
    // Content-Type stays a signed header (not hoisted into the query): a PUT with another type is refused by the bucket.
    const url = await getSignedUrl(this.presigner, command, { expiresIn, signingDate: new Date(signedAt), signableHeaders: new Set(['content-type']), unhoistableHeaders: new Set(['content-type']) });
    return { url, method: 'PUT', headers: { 'Content-Type': contentType }, expiresAt: new Date(Math.floor(signedAt / 1000) * 1000 + expiresIn * 1000) };
  }

  /** The bucket serves its own presigned URLs: none of the API's signed routes is for this driver. */
  verifySignature(purpose: 'download', query: unknown): SignedDownload | null;
  verifySignature(purpose: 'upload', query: unknown): SignedUpload | null;
  verifySignature(): null {
    return null;
  }
}

function expiry(seconds = DEFAULT_SIGNED_URL_SECONDS): number {
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds > MAX_SIGNED_URL_SECONDS) {
    throw new FileStorageError(`expiresInSeconds must be a whole number from 1 to ${MAX_SIGNED_URL_SECONDS}`);
  }
  return seconds;
}

import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import {
  assertContentType,
  assertStorageKey,
  DEFAULT_SIGNED_URL_SECONDS,
  FileStorageError,
  MAX_SIGNED_URL_SECONDS,
  SignedDownload,
  SignedDownloadOptions,
  SignedUpload,
  SignedUploadOptions,
  SignedUrlQuery,
} from './file-storage';

export const MEDIA_DOWNLOAD_PATH = '/api/v1/medias/download';
export const MEDIA_UPLOAD_PATH = '/api/v1/medias/upload';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/; // base64url of 32 bytes

/**
 * Signs and checks the URLs the API serves files through when there is no S3. The signature is
 * an HMAC-SHA256, under a key derived (HKDF) from JWT_SECRET for this use only, over the route
 * and every parameter the route acts on:
 *   download: key | expires | name              upload: key | expires | type | max
 * so a download URL cannot be replayed as an upload, nor its name, size limit or content type
 * changed. `expires` is a Unix time in seconds; comparison is constant-time.
 */
export class SignedUrlSigner {
  private readonly key: Buffer | null;
  private readonly baseUrl: string;

  constructor(
    publicApiUrl: string,
    secret: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.baseUrl = publicApiUrl.replace(/\/+$/, '');
    this.key = secret ? Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'oms/signed-file-url/v1', 32)) : null;
  }

  downloadUrl(key: string, options: SignedDownloadOptions = {}): string {
    assertStorageKey(key);
    const name = options.fileName ?? key.slice(key.lastIndexOf('/') + 1);
    // eslint-disable-next-line no-control-regex
    if (!name || /[\u0000-\u001f\u007f]/.test(name)) throw new FileStorageError('the download file name must be non-empty, without control characters');
    const expires = this.expiry(options.expiresInSeconds);
    return this.url(MEDIA_DOWNLOAD_PATH, { key, expires, name, sig: this.sign(['download', key, expires, name]) });
  }

  uploadUrl(key: string, options: SignedUploadOptions): string {
    assertStorageKey(key);
    const type = assertContentType(options.contentType);
    if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes <= 0) throw new FileStorageError('maxBytes must be a positive whole number');
    const max = String(options.maxBytes);
    const expires = this.expiry(options.expiresInSeconds);
    return this.url(MEDIA_UPLOAD_PATH, { key, expires, type, max, sig: this.sign(['upload', key, expires, type, max]) });
  }

  verify(purpose: 'download', query: SignedUrlQuery): SignedDownload | null;
  verify(purpose: 'upload', query: SignedUrlQuery): SignedUpload | null;
  verify(purpose: 'download' | 'upload', query: SignedUrlQuery): SignedDownload | SignedUpload | null;
  verify(purpose: 'download' | 'upload', query: SignedUrlQuery): SignedDownload | SignedUpload | null {
    const signingKey = this.signingKey(); // a missing secret is a configuration error, not a bad link
    const param = (name: string): string | null => {
      const value = query instanceof URLSearchParams ? (query.getAll(name).length === 1 ? query.get(name) : null) : query[name];
      return typeof value === 'string' ? value : null;
    };
    const key = param('key');
    const expires = param('expires');
    const sig = param('sig');
    if (key === null || expires === null || sig === null || !/^\d{1,12}$/.test(expires) || !SIGNATURE.test(sig)) return null;
    const fields = purpose === 'download' ? [param('name')] : [param('type'), param('max')];
    if (fields.some((f) => f === null)) return null;
    const expected = createHmac('sha256', signingKey)
      .update(JSON.stringify([purpose, key, expires, ...fields]))
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(sig, 'base64url'))) return null;
    const expiresAt = new Date(Number(expires) * 1000);
    if (this.now() > expiresAt.getTime()) return null;
    try {
      assertStorageKey(key);
    } catch {
      return null;
    }
    const [first, second] = fields as string[];
    return purpose === 'download'
      ? { purpose, key, fileName: first, expiresAt }
      : { purpose, key, contentType: first, maxBytes: Number(second), expiresAt };
  }

  private expiry(seconds = DEFAULT_SIGNED_URL_SECONDS): string {
    if (!Number.isInteger(seconds) || seconds <= 0 || seconds > MAX_SIGNED_URL_SECONDS) {
      throw new FileStorageError(`expiresInSeconds must be a whole number from 1 to ${MAX_SIGNED_URL_SECONDS}`);
    }
    return String(Math.floor(this.now() / 1000) + seconds);
  }

  private sign(fields: string[]): string {
    return createHmac('sha256', this.signingKey()).update(JSON.stringify(fields)).digest('base64url');
  }

  private signingKey(): Buffer {
    if (!this.key) throw new FileStorageError('signed file URLs need JWT_SECRET, which is not set in this process');
    return this.key;
  }

  private url(path: string, params: Record<string, string>): string {
    return `${this.baseUrl}${path}?${new URLSearchParams(params).toString()}`;
  }
}

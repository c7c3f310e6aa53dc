import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertContentType,
  assertStorageKey,
  FileStorage,
  FileTooLargeError,
  InvalidStorageKeyError,
  PresignedUpload,
  PutOptions,
  SignedDownload,
  SignedDownloadOptions,
  SignedUpload,
  SignedUploadOptions,
  SignedUrlQuery,
  STORAGE_META_SUFFIX,
  StoredFileInfo,
  StoredFileNotFoundError,
} from './file-storage';
import { byteLimit } from './byte-limit';
import { SignedUrlSigner } from './signed-url';

export interface LocalDiskStorageOptions {
  /** FILE_STORAGE_DIR; a relative path is taken from the process's working directory. */
  dir: string;
  /** PUBLIC_API_URL: the origin (and any path prefix) browsers reach the API at. */
  publicApiUrl: string;
  /** JWT_SECRET, from which the URL-signing key is derived; without it the storage works but cannot sign or verify URLs. */
  urlSigningSecret?: string;
  /** The clock (milliseconds), for tests. */
  now?: () => number;
}

interface Meta {
  contentType: string;
}

const TEMP_DIR = '.tmp';
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Files on the local disk under one root (FILE_STORAGE_DIR), for single-machine installs and
 * development: `<root>/<key>` holds the bytes and `<root>/<key>.meta.json` the content type.
 * A put streams into `<root>/.tmp/` and renames into place (same file system), so a file is
 * either absent or whole. The API serves the signed URLs itself (see SignedUrlSigner).
 */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;
  private readonly tempDir: string;
  private readonly signer: SignedUrlSigner;

  constructor(options: LocalDiskStorageOptions) {
    this.root = resolve(options.dir);
    this.tempDir = resolve(this.root, TEMP_DIR);
    this.signer = new SignedUrlSigner(options.publicApiUrl, options.urlSigningSecret, options.now);
  }

  async put(key: string, body: Buffer | Readable, contentType: string, options: PutOptions = {}): Promise<void> {
    const target = this.pathOf(key);
    assertContentType(contentType);
    const { maxBytes } = options;
    if (Buffer.isBuffer(body) && maxBytes !== undefined && body.length > maxBytes) throw new FileTooLargeError(maxBytes);
    await mkdir(this.tempDir, { recursive: true });
    const id = randomUUID();
    const temp = resolve(this.tempDir, `${id}.part`);
    const tempMeta = resolve(this.tempDir, `${id}${STORAGE_META_SUFFIX}`);
    let metaPlaced = false;
    try {
      if (Buffer.isBuffer(body)) {
        await writeFile(temp, body, { flag: 'wx' });
      } else {
        const stages: (Readable | Transform)[] = [body];
        if (maxBytes !== undefined) stages.push(byteLimit(maxBytes));
        await pipeline([...stages, createWriteStream(temp, { flags: 'wx' })]);
      }
      await mkdir(dirname(target), { recursive: true });
      await writeFile(tempMeta, JSON.stringify({ contentType } satisfies Meta), { flag: 'wx' });
      await rename(tempMeta, `${target}${STORAGE_META_SUFFIX}`);
      metaPlaced = true;
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      await rm(tempMeta, { force: true });
      // The data did not move into place: take back its sidecar unless an earlier file is still there.
      if (metaPlaced && !(await this.stat(key).catch(() => null))) await rm(`${target}${STORAGE_META_SUFFIX}`, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new StoredFileNotFoundError(key);
    }
    return handle.createReadStream();
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const path = this.pathOf(key);
    let size: number;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      size = info.size;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return { size, contentType: await this.contentTypeOf(path) };
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await rm(`${path}${STORAGE_META_SUFFIX}`, { force: true });
  }

  async *keysWrittenBefore(prefix: string, before: Date): AsyncIterable<string> {
    const start = resolve(this.root, prefix);
    if (start !== this.root && !start.startsWith(this.root + sep)) return;
    let entries;
    try {
      entries = await readdir(start, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(STORAGE_META_SUFFIX)) continue;
      const path = resolve(entry.parentPath, entry.name);
      const key = path.slice(this.root.length + 1).split(sep).join('/');
      // The driver's own files (its temp folder) are no keys.
      if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
      const info = await stat(path).catch(() => null);
      if (info && info.mtime < before) yield key;
    }
  }

  async signedDownloadUrl(key: string, options?: SignedDownloadOptions): Promise<string> {
    return this.signer.downloadUrl(key, options);
  }

  async presignUpload(key: string, options: SignedUploadOptions): Promise<PresignedUpload> {
    const url = this.signer.uploadUrl(key, options);
    const expiresAt = new Date(Number(new URL(url).searchParams.get('expires')) * 1000);
    return { url, method: 'PUT', headers: { 'Content-Type': options.contentType }, expiresAt };
  }

  verifySignature(purpose: 'download', query: SignedUrlQuery): SignedDownload | null;
  verifySignature(purpose: 'upload', query: SignedUrlQuery): SignedUpload | null;
  verifySignature(purpose: 'download' | 'upload', query: SignedUrlQuery): SignedDownload | SignedUpload | null {
    return this.signer.verify(purpose, query);
  }

  /** The file's path; refuses keys that are not allowed or would resolve outside the root. */
  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKeyError(key, 'resolves outside the storage directory');
    return path;
  }

  private async contentTypeOf(path: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(`${path}${STORAGE_META_SUFFIX}`, 'utf8')) as Partial<Meta>;
      return typeof meta.contentType === 'string' ? meta.contentType : FALLBACK_CONTENT_TYPE;
    } catch {
      return FALLBACK_CONTENT_TYPE;
    }
  }
}

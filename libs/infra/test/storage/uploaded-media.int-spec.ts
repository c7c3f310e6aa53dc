import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FieldValidationError } from '@oms/domain';
import { checkUploadedMedia, FileStorage, FileTooLargeError, LocalDiskStorage, MediaContentMismatchError, mediaUploadKey, presignMediaUpload, putCheckedMedia, S3Storage } from '@oms/infra';
import { S3_TEST_CREDENTIALS, startTestS3Server, TestS3Server } from '../support/s3-server';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

async function issuesOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FieldValidationError);
  return (error as FieldValidationError).issues;
}

/** The same checks for each driver: what the browser PUT is claimed with checkUploadedMedia. */
describe.each([
  ['local disk', 'local'],
  ['S3', 's3'],
] as const)('checkUploadedMedia on the %s driver', (_name, driver) => {
  let storage: FileStorage;
  let s3: TestS3Server | undefined;
  let dir: string | undefined;

  beforeAll(async () => {
    if (driver === 's3') {
      s3 = await startTestS3Server();
      storage = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, ...S3_TEST_CREDENTIALS });
    } else {
      dir = await mkdtemp(join(tmpdir(), 'oms-media-'));
      storage = new LocalDiskStorage({ dir, publicApiUrl: 'http://127.0.0.1:3000', urlSigningSecret: randomBytes(32).toString('hex') });
    }
  });

  afterAll(async () => {
    await s3?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('presigns under uploads/<yyyy-mm>/<uuid>/ with the kind\'s limit, and refuses types it does not take', async () => {
    const presigned = await presignMediaUpload(storage, { fileName: '見積書 (1).pdf', type: 'application/pdf' }, new Date('2025-03-31T16:00:00Z'));
    // 16:00 UTC on 31 March is April in Japan.
    expect(presigned.s3Path).toMatch(/^uploads\/2025-04\/[0-9a-f-]{36}\/見積書 \(1\)\.pdf$/);
    expect(presigned).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, maxBytes: 10 * 1024 * 1024, contentType: 'application/pdf' });
    expect((await presignMediaUpload(storage, { fileName: 'a.PNG', type: 'image/png' })).maxBytes).toBe(2 * 1024 * 1024);
    expect(await issuesOf(presignMediaUpload(storage, { fileName: 'a.html', type: 'text/html' }))).toEqual([{ field: 'type', errorCode: 'file_format_invalid' }]);
  });

  it('answers the file when it is what it was declared', async () => {
    const key = mediaUploadKey('logo.png');
    await storage.put(key, PNG, 'image/png');
    expect(await checkUploadedMedia(storage, key)).toEqual({ key, size: PNG.length, contentType: 'image/png', fileName: 'logo.png' });
    const csv = mediaUploadKey('見積.csv');
    await storage.put(csv, Buffer.from('品名,金額\n机,1000\n'), 'text/csv');
    expect(await checkUploadedMedia(storage, csv)).toMatchObject({ key: csv, contentType: 'text/csv', fileName: '見積.csv' });
  });

  it('refuses keys that presigned_url did not make, and files that are not there', async () => {
    await storage.put('exports/orders/x.csv', Buffer.from('a,b\n'), 'text/csv');
    for (const key of ['exports/orders/x.csv', 'uploads/x.png', '../uploads/2025-04/x.png', 42, null]) {
      expect(await issuesOf(checkUploadedMedia(storage, key))).toEqual([{ field: 's3_path', errorCode: 'invalid' }]);
    }
    expect(await storage.stat('exports/orders/x.csv')).not.toBeNull();
    expect(await issuesOf(checkUploadedMedia(storage, mediaUploadKey('gone.png'), { field: 'file' }))).toEqual([{ field: 'file', errorCode: 'exists' }]);
  });

  it('refuses and deletes a file over its kind\'s limit', async () => {
    const key = mediaUploadKey('big.png');
    await storage.put(key, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]), 'image/png');
    expect(await issuesOf(checkUploadedMedia(storage, key))).toEqual([{ field: 's3_path', errorCode: 'file_size_too_large', params: { max: 2048 } }]);
    expect(await storage.stat(key)).toBeNull();
  });

  it('refuses and deletes a file whose bytes are not its type', async () => {
    for (const [body, type] of [
      [PDF, 'image/png'],
      [Buffer.from('just text'), 'image/png'],
      [PNG, 'application/pdf'],
      [Buffer.from([0, 1, 2, 3]), 'text/csv'],
      [PDF, 'text/html'],
    ] as const) {
      const key = mediaUploadKey('x.png');
      await storage.put(key, body, type);
      expect(await issuesOf(checkUploadedMedia(storage, key))).toEqual([{ field: 's3_path', errorCode: 'file_format_invalid' }]);
      expect(await storage.stat(key)).toBeNull();
    }
  });

  it('stores an arriving upload only when it is within its limit and its bytes are its type', async () => {
    const key = mediaUploadKey('photo.png');
    await expect(putCheckedMedia(storage, key, Readable.from([PDF]), { contentType: 'image/png', maxBytes: 5000 })).rejects.toBeInstanceOf(MediaContentMismatchError);
    expect(await storage.stat(key)).toBeNull();
    await expect(putCheckedMedia(storage, key, Readable.from([PNG, Buffer.alloc(5000)]), { contentType: 'image/png', maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.stat(key)).toBeNull();
    // A large file is checked on its first 64 KB and passed on whole.
    const large = Buffer.concat([PNG, randomBytes(300 * 1024)]);
    await putCheckedMedia(storage, key, Readable.from([large.subarray(0, 1000), large.subarray(1000)]), { contentType: 'image/png', maxBytes: large.length });
    expect(await storage.stat(key)).toEqual({ size: large.length, contentType: 'image/png' });
    expect(await checkUploadedMedia(storage, key)).toMatchObject({ size: large.length });
  });
});

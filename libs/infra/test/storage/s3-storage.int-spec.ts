import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createFileStorage, FileTooLargeError, InvalidStorageKeyError, loadConfig, S3Storage, StoredFileNotFoundError } from '@oms/infra';
import { S3_TEST_CREDENTIALS, startTestS3Server, TestS3Server } from '../support/s3-server';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3Storage against an S3-compatible server', () => {
  let s3: TestS3Server;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    storage = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, ...S3_TEST_CREDENTIALS });
  });

  afterAll(async () => {
    await s3?.stop();
  });

  it('puts, stats, gets and deletes a file with a Japanese name', async () => {
    const key = 'shops/42/見積書_2025年4月分.pdf';
    const body = Buffer.from('%PDF-1.7 見積書の中身', 'utf8');
    expect(await storage.stat(key)).toBeNull();
    await storage.put(key, body, 'application/pdf');
    expect(await storage.stat(key)).toEqual({ size: body.length, contentType: 'application/pdf' });
    expect(await readAll(await storage.get(key))).toEqual(body);

    const replacement = Buffer.from('氏名,金額\n山田,1000\n');
    await storage.put(key, Readable.from([replacement]), 'text/csv; charset=utf-8');
    expect(await storage.stat(key)).toEqual({ size: replacement.length, contentType: 'text/csv; charset=utf-8' });

    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('lists the keys under a folder written before a moment', async () => {
    // s3rver verifies no signature of a bucket listing the way S3 and MinIO do (it refuses every one the SDK signs),
    // so this server takes them unchecked; what is listed, under which prefix and before when, is its real answer.
    const lenient = await startTestS3Server('oms-list', { checkSignatures: false });
    try {
      const listing = new S3Storage({ bucket: lenient.bucket, region: 'us-east-1', endpoint: lenient.endpoint, forcePathStyle: true, ...S3_TEST_CREDENTIALS });
      const keys = Array.from({ length: 3 }, (_, i) => `uploads/2026-11/${i}/図面.pdf`);
      for (const key of keys) await listing.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
      await listing.put('estimates/1/kept.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
      const listed = async (before: Date) => {
        const found: string[] = [];
        for await (const key of listing.keysWrittenBefore('uploads/', before)) found.push(key);
        return found.sort();
      };
      expect(await listed(new Date(Date.now() + 60_000))).toEqual(keys);
      expect(await listed(new Date(Date.now() - 60_000))).toEqual([]);
    } finally {
      await lenient.stop();
    }
  });

  it('refuses the keys the local driver refuses', async () => {
    for (const k of ['../outside.txt', '/etc/passwd', 'a//b', '.tmp/x', 'x.pdf.meta.json']) {
      await expect(storage.put(k, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stat(k)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.signedDownloadUrl(k)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('streams a body of unknown length (a multipart upload of 12 MB) and stores nothing past maxBytes', async () => {
    const hash = createHash('sha256');
    async function* generate(chunks: number) {
      for (let i = 0; i < chunks; i++) yield Buffer.alloc(64 * 1024, i % 251);
    }
    for await (const chunk of generate(192)) hash.update(chunk);
    await storage.put('exports/big.bin', Readable.from(generate(192)), 'application/octet-stream');
    expect((await storage.stat('exports/big.bin'))?.size).toBe(192 * 64 * 1024);
    const back = createHash('sha256').update(await readAll(await storage.get('exports/big.bin')));
    expect(back.digest('hex')).toBe(hash.digest('hex'));

    await expect(storage.put('up/large.bin', Readable.from(generate(10)), 'application/octet-stream', { maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.put('up/large.bin', Buffer.alloc(5001), 'application/octet-stream', { maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
    async function* broken() {
      yield Buffer.alloc(1024, 1);
      throw new Error('connection reset');
    }
    await expect(storage.put('up/large.bin', Readable.from(broken()), 'application/octet-stream')).rejects.toThrow('connection reset');
    expect(await storage.stat('up/large.bin')).toBeNull();
  });

  it('presigns a download URL that serves the file under its name', async () => {
    await storage.put('orders/1001/nouhin.pdf', Buffer.from('%PDF-1.4 x'), 'application/pdf');
    const url = await storage.signedDownloadUrl('orders/1001/nouhin.pdf', { fileName: 'delivery note 2025-04.pdf', expiresInSeconds: 60 });
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/orders/1001/nouhin.pdf?`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('%PDF-1.4 x');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="delivery note 2025-04.pdf"');
    // A Japanese name goes as RFC 5987 `filename*=UTF-8''…` in the signed response-content-disposition. (Not
    // fetched here: s3rver canonicalises the query with encodeURIComponent, which leaves `'` as it is where
    // SigV4, S3 and MinIO encode it, so it would refuse a signature they accept.)
    const japanese = new URL(await storage.signedDownloadUrl('orders/1001/nouhin.pdf', { fileName: '納品書.pdf' }));
    expect(japanese.searchParams.get('response-content-disposition')).toBe(`attachment; filename="???.pdf"; filename*=UTF-8''${encodeURIComponent('納品書.pdf')}`);
    // An altered signature is the bucket's to refuse.
    const altered = new URL(url);
    altered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(altered)).status).toBe(403);
  });

  it('presigns a PUT the browser sends the file with, its content type signed', async () => {
    const key = 'uploads/2025-04/a/logo.png';
    const upload = await storage.presignUpload(key, { contentType: 'image/png', maxBytes: 2048 * 1024, expiresInSeconds: 120 });
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now() + 100_000);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(100)]);

    // Another content type than the signed one: the signature does not match.
    const wrongType = await fetch(upload.url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: png });
    expect(wrongType.status).toBe(403);
    expect(await storage.stat(key)).toBeNull();

    const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: png });
    expect(put.status).toBe(200);
    expect(await storage.stat(key)).toEqual({ size: png.length, contentType: 'image/png' });
  });

  it('makes presigned URLs that expire', async () => {
    const past = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, ...S3_TEST_CREDENTIALS, now: () => Date.now() - 120_000 });
    const upload = await past.presignUpload('uploads/2025-04/b/a.pdf', { contentType: 'application/pdf', maxBytes: 1000, expiresInSeconds: 60 });
    const res = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: '%PDF-1.4' });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    expect(await storage.stat('uploads/2025-04/b/a.pdf')).toBeNull();
    await expect(storage.presignUpload('x', { contentType: 'application/pdf', maxBytes: 1, expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow(/expiresInSeconds/);
  });

  it('signs URLs for the public endpoint when the API reaches the server at another address', async () => {
    const split = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, publicEndpoint: 'http://localhost:9000', forcePathStyle: true, ...S3_TEST_CREDENTIALS });
    expect((await split.presignUpload('uploads/x/y.pdf', { contentType: 'application/pdf', maxBytes: 1 })).url.startsWith('http://localhost:9000/oms-test/uploads/x/y.pdf?')).toBe(true);
  });

  it('is what createFileStorage builds when S3_BUCKET is set', async () => {
    const config = loadConfig('cli', {
      DATABASE_URL: 'postgres://127.0.0.1/oms',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    });
    const fromConfig = createFileStorage(config);
    expect(fromConfig).toBeInstanceOf(S3Storage);
    await fromConfig.put('x/y.txt', Buffer.from('やあ'), 'text/plain; charset=utf-8');
    expect(await storage.stat('x/y.txt')).toEqual({ size: 6, contentType: 'text/plain; charset=utf-8' });
    expect(() => loadConfig('cli', { DATABASE_URL: 'postgres://127.0.0.1/oms', S3_ACCESS_KEY_ID: 'x' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => loadConfig('cli', { DATABASE_URL: 'postgres://127.0.0.1/oms', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be an S3 bucket name/);
  });
});

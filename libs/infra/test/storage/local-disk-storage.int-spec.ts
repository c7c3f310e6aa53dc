import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  FileTooLargeError,
  InvalidStorageKeyError,
  LocalDiskStorage,
  StoredFileNotFoundError,
  createFileStorage,
  loadConfig,
} from '@oms/infra';

const SECRET = randomBytes(32).toString('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function queryOf(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

/** Express's `req.query` as the API's wire parser hands it over: one string per parameter. */
function expressQuery(url: string): Record<string, string> {
  return Object.fromEntries(queryOf(url));
}

describe('LocalDiskStorage', () => {
  let dir: string;
  let clock: number;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oms-storage-'));
    clock = Date.parse('2025-04-01T09:00:00+09:00');
    storage = new LocalDiskStorage({ dir, publicApiUrl: 'https://oms.example.jp/', urlSigningSecret: SECRET, now: () => clock });
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  describe('files', () => {
    const key = 'shops/42/見積書_2025年4月分.pdf';
    const body = Buffer.from('%PDF-1.7 見積書の中身', 'utf8');

    it('puts, stats, gets and deletes a file with a Japanese name', async () => {
      expect(await storage.stat(key)).toBeNull();
      await storage.put(key, body, 'application/pdf');
      expect(await storage.stat(key)).toEqual({ size: body.length, contentType: 'application/pdf' });
      expect(await readAll(await storage.get(key))).toEqual(body);
      expect(await readFile(join(dir, 'shops', '42', '見積書_2025年4月分.pdf'))).toEqual(body);
      expect(JSON.parse(await readFile(join(dir, 'shops', '42', '見積書_2025年4月分.pdf.meta.json'), 'utf8'))).toEqual({ contentType: 'application/pdf' });

      const replacement = Buffer.from('氏名,金額\n山田,1000\n');
      await storage.put(key, Readable.from([replacement]), 'text/csv; charset=utf-8');
      expect(await storage.stat(key)).toEqual({ size: replacement.length, contentType: 'text/csv; charset=utf-8' });
      expect((await readAll(await storage.get(key))).toString()).toBe('氏名,金額\n山田,1000\n');

      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
      expect(existsSync(join(dir, 'shops', '42', '見積書_2025年4月分.pdf.meta.json'))).toBe(false);
      await expect(storage.delete(key)).resolves.toBeUndefined();
      expect(await readdir(join(dir, '.tmp'))).toEqual([]);
    });

    it('treats a folder as no file, and a file without its sidecar as application/octet-stream', async () => {
      await storage.put('a/b/c.txt', Buffer.from('x'), 'text/plain');
      expect(await storage.stat('a/b')).toBeNull();
      await expect(storage.get('a/b')).rejects.toBeInstanceOf(StoredFileNotFoundError);
      expect(await storage.stat('a/b/c.txt/d')).toBeNull();
      await writeFile(join(dir, 'loose.bin'), 'xyz');
      expect(await storage.stat('loose.bin')).toEqual({ size: 3, contentType: 'application/octet-stream' });
    });

    it('refuses keys that could leave the storage directory or collide with its own files', async () => {
      const bad = ['../outside.txt', 'a/../../outside.txt', 'a/..', '..', '/etc/passwd', 'a//b', 'a/', '', '.', './a', 'a/./b', '.tmp/x', 'a\\..\\b', 'a\u0000b', 'a\nb', 'x.pdf.meta.json', 'x.pdf.meta.json/y', 'a/.hidden', 'あ'.repeat(70)];
      for (const k of bad) {
        await expect(storage.put(k, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.get(k)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.stat(k)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(k)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.signedDownloadUrl(k)).rejects.toThrow(InvalidStorageKeyError);
      }
      expect(existsSync(join(dir, '..', 'outside.txt'))).toBe(false);
      await expect(storage.put('ok/…/日本語 ファイル (1).txt', Buffer.from('x'), 'text/plain')).resolves.toBeUndefined();
      await expect(storage.put('ok.txt', Buffer.from('x'), 'not a type')).rejects.toThrow(/invalid content type/);
    });

    it('streams a 20 MB body to disk without holding it, and shows it only once whole', async () => {
      const chunkSize = 64 * 1024;
      const chunks = 320; // 20 MiB
      const hash = createHash('sha256');
      let largestTempSeen = 0;
      let visibleWhileWriting = false;
      async function* generate() {
        for (let i = 0; i < chunks; i++) {
          const chunk = Buffer.alloc(chunkSize, i % 251);
          hash.update(chunk);
          if (i === chunks / 2) {
            // Halfway: the bytes so far are on disk in the temp folder, and the key shows nothing yet.
            for (const name of await readdir(join(dir, '.tmp'))) largestTempSeen = Math.max(largestTempSeen, (await stat(join(dir, '.tmp', name))).size);
            visibleWhileWriting = (await storage.stat('exports/big.bin')) !== null;
          }
          yield chunk;
        }
      }
      await storage.put('exports/big.bin', Readable.from(generate()), 'application/octet-stream');
      expect(largestTempSeen).toBeGreaterThan(8 * 1024 * 1024);
      expect(visibleWhileWriting).toBe(false);
      expect((await storage.stat('exports/big.bin'))?.size).toBe(chunkSize * chunks);
      const back = createHash('sha256');
      for await (const chunk of await storage.get('exports/big.bin')) back.update(chunk as Buffer);
      expect(back.digest('hex')).toBe(hash.digest('hex'));
    });

    it('stores nothing when the body passes maxBytes or fails midway', async () => {
      async function* tooMuch() {
        for (let i = 0; i < 10; i++) yield Buffer.alloc(1024, 1);
      }
      await expect(storage.put('up/large.bin', Readable.from(tooMuch()), 'application/octet-stream', { maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(storage.put('up/large.bin', Buffer.alloc(5001), 'application/octet-stream', { maxBytes: 5000 })).rejects.toBeInstanceOf(FileTooLargeError);
      async function* broken() {
        yield Buffer.alloc(1024, 1);
        throw new Error('connection reset');
      }
      await expect(storage.put('up/large.bin', Readable.from(broken()), 'application/octet-stream')).rejects.toThrow('connection reset');
      expect(await storage.stat('up/large.bin')).toBeNull();
      expect(existsSync(join(dir, 'up', 'large.bin.meta.json'))).toBe(false);
      expect(await readdir(join(dir, '.tmp'))).toEqual([]);
      await storage.put('up/large.bin', Readable.from([Buffer.alloc(5000)]), 'application/octet-stream', { maxBytes: 5000 });
      expect((await storage.stat('up/large.bin'))?.size).toBe(5000);
    });
  });

  describe('signed URLs', () => {
    const key = 'orders/1001/納品書.pdf';

    it('makes a download URL on the public API address that verifies to its key and file name', async () => {
      const url = await storage.signedDownloadUrl(key, { fileName: '納品書 2025-04.pdf', expiresInSeconds: 60 });
      const parsed = new URL(url);
      expect(`${parsed.origin}${parsed.pathname}`).toBe('https://oms.example.jp/api/v1/medias/download');
      expect([...parsed.searchParams.keys()]).toEqual(['key', 'expires', 'name', 'sig']);
      expect(parsed.searchParams.get('expires')).toBe(String(clock / 1000 + 60));
      const signed = storage.verifySignature('download', expressQuery(url));
      expect(signed).toEqual({ purpose: 'download', key, fileName: '納品書 2025-04.pdf', expiresAt: new Date(clock + 60_000) });
      expect(storage.verifySignature('download', queryOf(url))).toEqual(signed);
      expect(queryOf(await storage.signedDownloadUrl(key)).get('name')).toBe('納品書.pdf');
    });

    it('presigns an upload URL carrying the content type and size limit', async () => {
      const presigned = await storage.presignUpload('shops/42/logo.png', { contentType: 'image/png', maxBytes: 2_000_000, expiresInSeconds: 120 });
      const { url } = presigned;
      expect(presigned).toEqual({ url, method: 'PUT', headers: { 'Content-Type': 'image/png' }, expiresAt: new Date(clock + 120_000) });
      expect(url.startsWith('https://oms.example.jp/api/v1/medias/upload?')).toBe(true);
      expect(storage.verifySignature('upload', expressQuery(url))).toEqual({
        purpose: 'upload',
        key: 'shops/42/logo.png',
        contentType: 'image/png',
        maxBytes: 2_000_000,
        expiresAt: new Date(clock + 120_000),
      });
      // An upload URL is no download URL, and the other way round.
      expect(storage.verifySignature('download', expressQuery(url))).toBeNull();
      expect(storage.verifySignature('upload', expressQuery(await storage.signedDownloadUrl(key)))).toBeNull();
    });

    it('refuses a tampered URL', async () => {
      const download = expressQuery(await storage.signedDownloadUrl(key, { fileName: 'a.pdf' }));
      const upload = expressQuery((await storage.presignUpload(key, { contentType: 'application/pdf', maxBytes: 1000 })).url);
      const tampered: Record<string, string>[] = [
        { ...download, key: 'orders/1002/納品書.pdf' },
        { ...download, name: 'b.pdf' },
        { ...download, expires: String(Number(download.expires) + 3600) },
        { ...download, sig: (download.sig[0] === 'A' ? 'B' : 'A') + download.sig.slice(1) },
        { ...download, sig: download.sig.slice(1) },
        { ...download, sig: '' },
      ];
      for (const query of tampered) expect(storage.verifySignature('download', query)).toBeNull();
      expect(storage.verifySignature('download', download)).not.toBeNull();
      expect(storage.verifySignature('upload', { ...upload, max: '1000000' })).toBeNull();
      expect(storage.verifySignature('upload', { ...upload, type: 'text/html' })).toBeNull();
      expect(storage.verifySignature('upload', upload)).not.toBeNull();
      const { sig: _, ...unsigned } = download;
      expect(storage.verifySignature('download', unsigned)).toBeNull();
      expect(storage.verifySignature('download', { ...download, key: [download.key, 'x'] })).toBeNull();
      // Another secret (another installation, or JWT_SECRET changed) signs differently.
      const other = new LocalDiskStorage({ dir, publicApiUrl: 'https://oms.example.jp', urlSigningSecret: randomBytes(32).toString('hex'), now: () => clock });
      expect(other.verifySignature('download', download)).toBeNull();
    });

    it('refuses an expired URL', async () => {
      const query = expressQuery(await storage.signedDownloadUrl(key, { expiresInSeconds: 30 }));
      clock += 30_000;
      expect(storage.verifySignature('download', query)).not.toBeNull();
      clock += 1;
      expect(storage.verifySignature('download', query)).toBeNull();
      await expect(storage.signedDownloadUrl(key, { expiresInSeconds: 0 })).rejects.toThrow(/expiresInSeconds/);
      await expect(storage.signedDownloadUrl(key, { expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow(/expiresInSeconds/);
    });

    it('needs JWT_SECRET to sign or verify, but stores files without it (the workers)', async () => {
      const unsigned = new LocalDiskStorage({ dir, publicApiUrl: 'http://localhost:3000' });
      await expect(unsigned.signedDownloadUrl(key)).rejects.toThrow(/signed file URLs need JWT_SECRET/);
      expect(() => unsigned.verifySignature('download', {})).toThrow(/signed file URLs need JWT_SECRET/);
      await unsigned.put(key, Buffer.from('x'), 'application/pdf');
      expect(await storage.stat(key)).toEqual({ size: 1, contentType: 'application/pdf' });
    });
  });

  it('is built from the configuration', async () => {
    const config = loadConfig('cli', { DATABASE_URL: 'postgres://127.0.0.1/oms', FILE_STORAGE_DIR: dir, PUBLIC_API_URL: 'http://127.0.0.1:3000/', JWT_SECRET: SECRET });
    const fromConfig = createFileStorage(config);
    await fromConfig.put('x/y.txt', Buffer.from('やあ'), 'text/plain; charset=utf-8');
    expect(await storage.stat('x/y.txt')).toEqual({ size: 6, contentType: 'text/plain; charset=utf-8' });
    const url = await fromConfig.signedDownloadUrl('x/y.txt');
    expect(url.startsWith('http://127.0.0.1:3000/api/v1/medias/download?key=x%2Fy.txt&')).toBe(true);
    expect(storage.verifySignature('download', expressQuery(url))).toMatchObject({ key: 'x/y.txt', fileName: 'y.txt' });
  });
});

import { checkUploadedMedia, createFileStorage, FileStorage } from '@oms/infra';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { png } from './support/media-files';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

async function pdf(): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Estimate 2025-04');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe('medias API: presigned uploads on the local-disk driver', () => {
  const ctx = useTestApi();
  let operator: Awaited<ReturnType<TestApp['signedIn']>>;
  let storage: FileStorage;

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    storage = createFileStorage(ctx.api.config);
  });

  async function presign(fileName: string, type: string) {
    const res = await ctx.api.http.get('/api/v1/medias/presigned_url').query({ file_name: fileName, type }).set('Authorization', operator.auth);
    expect(res.status).toBe(200);
    return res.body.data as { url: string; method: 'PUT'; headers: Record<string, string>; s3_path: string; max_bytes: number; expires_at: string };
  }

  function put(url: string, body: Buffer, contentType: string) {
    const target = new URL(url);
    return ctx.api.http.put(`${target.pathname}${target.search}`).set('Content-Type', contentType).send(body);
  }

  /** Nothing under uploads/ for this key, and nothing left half-written in the driver's temp folder. */
  async function expectNothingStored(key: string) {
    expect(await storage.stat(key)).toBeNull();
    const temp = join(ctx.api.config.FILE_STORAGE_DIR, '.tmp');
    if (existsSync(temp)) expect(await readdir(temp)).toEqual([]);
  }

  it('presigns a PUT to the API, takes a real PNG and PDF, and checkUploadedMedia accepts them', async () => {
    const image = png();
    const presigned = await presign('会社印.png', 'image/png');
    expect(presigned).toEqual({
      url: expect.stringMatching(new RegExp(`^${ctx.api.config.PUBLIC_API_URL}/api/v1/medias/upload\\?key=uploads%2F\\d{4}-\\d{2}%2F`)),
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      s3_path: expect.stringMatching(/^uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\/会社印\.png$/),
      max_bytes: 2 * 1024 * 1024,
      expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(Date.parse(presigned.expires_at)).toBeGreaterThan(Date.now() + 10 * 60_000);
    const stored = await put(presigned.url, image, presigned.headers['content-type']);
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual({ data: { s3_path: presigned.s3_path, size: image.length, content_type: 'image/png' } });
    expect(await checkUploadedMedia(storage, presigned.s3_path)).toEqual({ key: presigned.s3_path, size: image.length, contentType: 'image/png', fileName: '会社印.png' });

    const document = await pdf();
    const pdfUpload = await presign('見積書.pdf', 'application/pdf');
    expect(pdfUpload.max_bytes).toBe(10 * 1024 * 1024);
    expect((await put(pdfUpload.url, document, 'application/pdf')).status).toBe(200);
    expect(await checkUploadedMedia(storage, pdfUpload.s3_path)).toMatchObject({ size: document.length, contentType: 'application/pdf' });
  });

  it('takes an image of exactly 2 MB, and refuses 2 MB + 1 byte with 413, storing nothing', async () => {
    const exact = await presign('exact.png', 'image/png');
    expect((await put(exact.url, png(2 * 1024 * 1024), 'image/png')).status).toBe(200);

    const over = await presign('big.png', 'image/png');
    const res = await put(over.url, png(2 * 1024 * 1024 + 1), 'image/png');
    expect(res.status).toBe(413);
    expectErrorEnvelope(res.body, 'NAL-413');
    expect(res.body.error.errors).toEqual([{ field: 'file', error_code: 'file_size_too_large', params: { max: 2048 } }]);
    await expectNothingStored(over.s3_path);
  });

  it('refuses a body past its limit sent without a length (chunked), storing nothing', async () => {
    const over = await presign('chunked.png', 'image/png');
    const target = new URL(over.url);
    const body = png(2 * 1024 * 1024 + 100);
    const res = await fetch(`${await listening(ctx.api)}${target.pathname}${target.search}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < body.length; at += 64 * 1024) controller.enqueue(body.subarray(at, at + 64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.errors[0]).toEqual({ field: 'file', error_code: 'file_size_too_large', params: { max: 2048 } });
    await expectNothingStored(over.s3_path);
  });

  it('refuses a file named .png whose bytes are a PDF or text, storing nothing', async () => {
    for (const body of [await pdf(), Buffer.from('これは画像ではありません')]) {
      const presigned = await presign('photo.png', 'image/png');
      const res = await put(presigned.url, body, 'image/png');
      expect(res.status).toBe(422);
      expect(res.body.error.errors).toEqual([{ field: 'file', error_code: 'file_format_invalid' }]);
      await expectNothingStored(presigned.s3_path);
    }
    // Sent as another type than the one signed.
    const presigned = await presign('photo.png', 'image/png');
    const res = await put(presigned.url, png(), 'image/gif');
    expect(res.status).toBe(422);
    await expectNothingStored(presigned.s3_path);
  });

  it('answers 404 to a missing, altered or expired signature', async () => {
    const presigned = await presign('a.png', 'image/png');
    const target = new URL(presigned.url);
    const altered = (name: string, value: string) => {
      const url = new URL(target);
      url.searchParams.set(name, value);
      return url.toString();
    };
    for (const url of [
      `${target.origin}${target.pathname}`,
      altered('max', String(100 * 1024 * 1024)),
      altered('type', 'image/gif'),
      altered('key', 'uploads/2025-04/00000000-0000-0000-0000-000000000000/x.png'),
      altered('expires', String(Math.floor(Date.now() / 1000) + 3600)),
    ]) {
      const res = await put(url, png(), 'image/png');
      expect(res.status).toBe(404);
      expectErrorEnvelope(res.body, 'NAL-404');
    }
    // A URL signed 20 minutes ago for 15 minutes has expired.
    const { LocalDiskStorage, MEDIA_UPLOAD_URL_SECONDS } = await import('@oms/infra');
    const earlier = new LocalDiskStorage({ dir: ctx.api.config.FILE_STORAGE_DIR, publicApiUrl: ctx.api.config.PUBLIC_API_URL, urlSigningSecret: ctx.api.config.JWT_SECRET, now: () => Date.now() - 20 * 60_000 });
    const expired = await earlier.presignUpload(presigned.s3_path, { contentType: 'image/png', maxBytes: 2 * 1024 * 1024, expiresInSeconds: MEDIA_UPLOAD_URL_SECONDS });
    expect((await put(expired.url, png(), 'image/png')).status).toBe(404);
    await expectNothingStored(presigned.s3_path);
    // A download URL is no upload URL.
    await storage.put('exports/x/a.csv', Buffer.from('a\n'), 'text/csv');
    const download = new URL(await storage.signedDownloadUrl('exports/x/a.csv'));
    expect((await ctx.api.http.put(`/api/v1/medias/upload${download.search}`).set('Content-Type', 'image/png').send(png())).status).toBe(404);
  });

  it('validates presigned_url: the name and a type it takes', async () => {
    const call = (query: Record<string, string>) => ctx.api.http.get('/api/v1/medias/presigned_url').query(query).set('Authorization', operator.auth);
    const missing = await call({});
    expect(missing.status).toBe(422);
    expect(missing.body.error.errors).toEqual(
      expect.arrayContaining([
        { field: 'file_name', error_code: 'required' },
        { field: 'type', error_code: 'required' },
      ]),
    );
    const long = await call({ file_name: `${'あ'.repeat(252)}.png`, type: 'image/png' });
    expect(long.status).toBe(422);
    expect(long.body.error.errors).toEqual([{ field: 'file_name', error_code: 'max_length', params: { max: 255 } }]);
    for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream', 'application/x-msdownload']) {
      const res = await call({ file_name: 'a.png', type });
      expect(res.status).toBe(422);
      expect(res.body.error.errors).toEqual([{ field: 'type', error_code: 'file_format_invalid' }]);
    }
    // A name that is a path is kept as one segment; a Windows .csv type (application/vnd.ms-excel) is text/csv.
    const csv = await presign('../../見積 明細.csv', 'application/vnd.ms-excel');
    expect(csv.s3_path).toMatch(/\/_.._見積 明細\.csv$/);
    expect(csv.headers).toEqual({ 'content-type': 'text/csv' });
    expect((await put(csv.url, Buffer.from('品名,金額\r\n机,1000\r\n'), 'text/csv')).status).toBe(200);
    // Makers may not presign (an S3 presigned PUT does not bound its size); signed out, nobody does.
    const maker = await ctx.api.signedIn('maker', (await ctx.api.maker({ name: 'メーカー' })).id);
    expect((await ctx.api.http.get('/api/v1/medias/presigned_url').query({ file_name: 'a.png', type: 'image/png' }).set('Authorization', maker.auth)).status).toBe(403);
    expect((await ctx.api.http.get('/api/v1/medias/presigned_url').query({ file_name: 'a.png', type: 'image/png' })).status).toBe(401);
  });

  it('still refuses text/plain bodies on every other route', async () => {
    const res = await ctx.api.http.put('/api/v1/users/1').set('Authorization', operator.auth).set('Content-Type', 'text/plain').send('hello');
    expect(res.status).toBe(400);
    expectErrorEnvelope(res.body, 'NAL-400');
  });

  it('lets the console (another origin) PUT to it', async () => {
    const presigned = await presign('a.png', 'image/png');
    const target = new URL(presigned.url);
    const res = await ctx.api.http
      .options(`${target.pathname}${target.search}`)
      .set('Origin', ctx.api.config.CONSOLE_URL)
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.status).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(ctx.api.config.CONSOLE_URL);
    expect(res.headers['access-control-allow-methods']).toContain('PUT');
  });
});

/** The app's address on loopback (fetch needs a listening server; supertest starts its own). */
async function listening(api: TestApp): Promise<string> {
  const server = api.app.getHttpServer() as import('node:http').Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as import('node:net').AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { NotFoundError } from '@oms/domain';
import { FILE_STORAGE, FileStorage, StoredFileNotFoundError } from '@oms/infra';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/access.decorators';
import { ErrorAnswers, FileAnswer } from '../contract/file-answer';

/**
 * GET /medias/download: serves a file of the local-disk storage through its signed URL. Public, because
 * the URL's HMAC signature (over key, expiry and file name) is the authorisation; a missing, altered or
 * expired signature, or a file no longer there, answers 404.
 */
@Controller('medias')
export class MediasDownloadController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @ErrorAnswers(404)
  @Get('download')
  @Public()
  @FileAnswer(['text/csv', 'application/octet-stream'], 'A stored file (an export) through its signed URL.')
  async download(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const signed = this.storage.verifySignature('download', req.query as Record<string, unknown>);
    if (!signed) throw new NotFoundError('file');
    const info = await this.storage.stat(signed.key);
    if (!info) throw new NotFoundError('file');
    let body;
    try {
      body = await this.storage.get(signed.key);
    } catch (error) {
      if (error instanceof StoredFileNotFoundError) throw new NotFoundError('file');
      throw error;
    }
    // The stored Content-Type, not one guessed from the name: a Shift_JIS CSV must not be announced as UTF-8.
    // A client that goes away ends the stream; nothing more can be answered then.
    await res
      .headers({
        'Content-Disposition': contentDisposition(signed.fileName),
        'Content-Type': info.contentType,
        'Content-Length': String(info.size),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(body);
  }
}

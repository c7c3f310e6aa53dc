import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { NotFoundError } from '@oms/domain';
import { FILE_STORAGE, FileStorage, StoredFileNotFoundError } from '@oms/infra';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
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
  async download(@Req() req: Request, @Res() res: Response): Promise<void> {
    const signed = this.storage.verifySignature('download', req.query);
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
    // attachment() first: it sets a Content-Type from the file name, which the stored one replaces
    // (a Shift_JIS CSV must not be announced as UTF-8).
    res.attachment(signed.fileName);
    res.setHeader('Content-Type', info.contentType);
    res.setHeader('Content-Length', String(info.size));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A client that goes away ends the pipeline; nothing more can be answered then.
    await pipeline(body, res).catch(() => undefined);
  }
}

import { Controller, Inject, Put, Req, Res } from '@nestjs/common';
import { FieldValidationError, MEDIA_MAX_KB, mediaKindOf, NotFoundError, UploadTooLargeError } from '@oms/domain';
import { FILE_STORAGE, FileStorage, FileTooLargeError, MediaContentMismatchError, putCheckedMedia } from '@oms/infra';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { Public } from '../auth/access.decorators';
import { ErrorAnswers, FileAnswer } from '../contract/file-answer';

/** After a refusal the rest of the body is read and dropped (so the client gets the answer, not a reset), up to this many bytes. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/**
 * PUT /medias/upload: the local-disk driver's stand-in for an S3 presigned PUT. Public, because the URL's
 * HMAC signature (over key, expiry, content type and size limit) is the authorisation; a missing, altered
 * or expired one answers 404, as downloads do. The body is the file's bytes, stored as they arrive: past
 * the signed limit 413 (`file_size_too_large`), first bytes that are not the signed type 422
 * (`file_format_invalid`), and in both cases nothing is stored. Answers the stored file's `s3_path` and size.
 */
@Controller('medias')
export class MediasUploadController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @ErrorAnswers(404, 413, 422)
  @Put('upload')
  @Public()
  @FileAnswer('application/json', 'The stored file: `{"data": {"s3_path", "size", "content_type"}}`. The request body is the file\'s bytes, with the signed Content-Type.')
  async upload(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const signed = this.storage.verifySignature('upload', req.query as Record<string, unknown>);
    if (!signed) throw new NotFoundError('file');
    const body = req.body;
    try {
      const declared = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (declared !== signed.contentType.split(';')[0].trim().toLowerCase() || !(body instanceof Readable)) {
        throw new FieldValidationError([{ field: 'file', errorCode: 'file_format_invalid' }]);
      }
      const tooLarge = new UploadTooLargeError([{ field: 'file', errorCode: 'file_size_too_large', params: { max: maxKb(signed.contentType, signed.maxBytes) } }]);
      if (Number(req.headers['content-length'] ?? 0) > signed.maxBytes) throw tooLarge;
      try {
        await putCheckedMedia(this.storage, signed.key, body, { contentType: signed.contentType, maxBytes: signed.maxBytes });
      } catch (error) {
        if (error instanceof FileTooLargeError) throw tooLarge;
        if (error instanceof MediaContentMismatchError) throw new FieldValidationError([{ field: 'file', errorCode: 'file_format_invalid' }]);
        throw error;
      }
    } catch (error) {
      if (body instanceof Readable) drain(body);
      throw error;
    }
    const info = await this.storage.stat(signed.key);
    await res.status(200).send({ data: { s3Path: signed.key, size: info?.size ?? 0, contentType: signed.contentType } });
  }
}

/** The limit as the field error's `max` (KB): the kind's, or the signed bytes' when a caller signed another. */
function maxKb(contentType: string, maxBytes: number): number {
  const kind = mediaKindOf(contentType);
  return kind && MEDIA_MAX_KB[kind] * 1024 === maxBytes ? MEDIA_MAX_KB[kind] : Math.floor(maxBytes / 1024);
}

/** Reads and drops what is left of a refused body, then gives up on a client that keeps sending. */
function drain(body: Readable): void {
  let seen = 0;
  body.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX_BYTES) body.destroy();
  });
  body.on('error', () => undefined);
  body.resume();
}

import { Controller, Get, Inject, Query } from '@nestjs/common';
import { FILE_STORAGE, FileStorage, presignMediaUpload } from '@oms/infra';
import { Allow, CurrentUser, SignedIn, SignedInUser } from '../auth/access.decorators';
import { TokensService } from '../auth/tokens.service';
import { one } from '../common/http/envelope';
import { PresignedUrlQuery } from './medias.dto';

/** Downloads are opened by the browser with `?token=`: a one-minute token for the signed-in user. Uploads are PUT to a presigned URL. */
@Controller('medias')
export class MediasController {
  constructor(
    private readonly tokens: TokensService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get('token')
  @SignedIn()
  token(@CurrentUser() user: SignedInUser) {
    return one(this.tokens.signMedia(user));
  }

  /**
   * Where the browser PUTs one file (SPEC.md §7 Media): the bucket's presigned URL with S3, else the API's
   * signed `/medias/upload`. `headers` go with the PUT as they are (the signed content type); `s3_path` is
   * what the browser hands back to the area that takes the file over (checkUploadedMedia), within
   * `expires_at`. A type that is not an accepted image or document: 422 `type` `file_format_invalid`.
   */
  @Get('presigned_url')
  @Allow('medias.upload')
  async presignedUrl(@Query() query: PresignedUrlQuery) {
    const upload = await presignMediaUpload(this.storage, { fileName: query.fileName, type: query.type });
    return one({
      url: upload.url,
      method: upload.method,
      /** Header names in lower case (HTTP's are case-insensitive): `{"content-type": "image/png"}`. */
      headers: Object.fromEntries(Object.entries(upload.headers).map(([name, value]) => [name.toLowerCase(), value])),
      s3Path: upload.s3Path,
      maxBytes: upload.maxBytes,
      expiresAt: upload.expiresAt,
    });
  }
}

import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MediasDownloadController } from './medias-download.controller';
import { MediasUploadController } from './medias-upload.controller';
import { MediasController } from './medias.controller';

/**
 * Media: the download tokens (`GET /medias/token`), the signed file URLs every export hands out (`GET /medias/download`),
 * presigned uploads (`GET /medias/presigned_url`) and, for the local-disk driver, the route they PUT to (`PUT /medias/upload`).
 */
@Module({
  imports: [AuthModule],
  controllers: [MediasController, MediasDownloadController, MediasUploadController],
})
export class MediasModule {}

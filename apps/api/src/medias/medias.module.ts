import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createFileStorage, FILE_STORAGE } from '@oms/infra';
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
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createFileStorage(config) }],
})
export class MediasModule {}

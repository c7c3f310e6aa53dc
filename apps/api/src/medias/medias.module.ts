import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createFileStorage, FILE_STORAGE } from '@oms/infra';
import { AuthModule } from '../auth/auth.module';
import { MediasDownloadController } from './medias-download.controller';
import { MediasController } from './medias.controller';

/** Media: the download tokens (`GET /medias/token`) and the signed file URLs every export hands out (`GET /medias/download`). */
@Module({
  imports: [AuthModule],
  controllers: [MediasController, MediasDownloadController],
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createFileStorage(config) }],
})
export class MediasModule {}

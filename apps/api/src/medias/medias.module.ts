import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MediasController } from './medias.controller';

@Module({ imports: [AuthModule], controllers: [MediasController] })
export class MediasModule {}

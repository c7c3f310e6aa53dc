import { Module } from '@nestjs/common';
import { CreateMakerHandler, UpdateMakerHandler } from './maker-commands';
import { GetMakerHandler, ListMakersHandler, MakerOptionsHandler } from './maker-queries';
import { MakersController } from './makers.controller';

@Module({
  controllers: [MakersController],
  providers: [CreateMakerHandler, UpdateMakerHandler, ListMakersHandler, GetMakerHandler, MakerOptionsHandler],
})
export class MakersModule {}

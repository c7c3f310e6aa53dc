import { Module } from '@nestjs/common';
import { MakerRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { CreateMakerHandler, UpdateMakerHandler } from './maker-commands';
import { GetMakerHandler, ListMakersHandler, MakerOptionsHandler } from './maker-queries';
import { MakersController } from './makers.controller';

@Module({
  controllers: [MakersController],
  providers: [
    { provide: MakerRepository, inject: [DataSource], useFactory: (ds: DataSource) => new MakerRepository(ds) },
    CreateMakerHandler, UpdateMakerHandler, ListMakersHandler, GetMakerHandler, MakerOptionsHandler],
})
export class MakersModule {}

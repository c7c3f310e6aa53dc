import { Module } from '@nestjs/common';
import { ImportedFileRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { ImportedFiles } from './imported-files';

/** The check and record of imported files, for every area that imports uploads. */
@Module({
  providers: [{ provide: ImportedFileRepository, inject: [DataSource], useFactory: (ds: DataSource) => new ImportedFileRepository(ds) }, ImportedFiles],
  exports: [ImportedFiles],
})
export class UploadsModule {}

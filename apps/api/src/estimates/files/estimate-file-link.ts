import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '@oms/domain';
import { EstimateRepository, FILE_STORAGE, FileStorage } from '@oms/infra';
import { DataSource } from 'typeorm';

/** The uploaded file of an estimate is opened through a short-lived signed URL of the storage (local disk or S3). */
@Injectable()
export class EstimateFileLink {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async urlOf(id: string): Promise<string> {
    const record = await this.estimates.find(this.dataSource.manager, id);
    if (!record?.s3Path) throw new NotFoundError('file');
    return this.storage.signedDownloadUrl(record.s3Path, { fileName: record.originalFileName ?? undefined, expiresInSeconds: 60 });
  }
}

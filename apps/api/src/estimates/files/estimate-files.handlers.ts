import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@oms/domain';
import { claimUploadedMedia, EstimateRepository, FILE_STORAGE, FileStorage } from '@oms/infra';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { deleteQuietly } from '../../common/storage.module';

import { AttachEstimateFileBody } from '../estimate.dto';
import { EstimateActor, estimateAtVersion, mustHaveWritten } from '../estimate-changes';
import { estimateView, EstimateView } from '../estimate.view';

/** PUT /customers/estimates/{estimateId}/upload: the file the browser PUT to its presigned URL, checked by content and size. */
export class AttachEstimateFile extends Command<EstimateView> {
  constructor(readonly id: string, readonly body: AttachEstimateFileBody, readonly actor: EstimateActor) {
    super();
  }
}

/** DELETE /customers/estimates/{estimateId}/file: the file and its stored bytes. */
export class RemoveEstimateFile extends Command<EstimateView> {
  constructor(readonly id: string, readonly version: number, readonly actor: EstimateActor) {
    super();
  }
}

@CommandHandler(AttachEstimateFile)
export class AttachEstimateFileHandler implements ICommandHandler<AttachEstimateFile> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ id, body, actor }: AttachEstimateFile): Promise<EstimateView> {
    // The upload moves to the estimate's own key and is checked there; refused, nothing of it stays stored.
    const media = await claimUploadedMedia(this.storage, body.s3Path, (fileName) => `estimates/${id}/${randomUUID()}/${fileName}`, { field: 's3_path' });
    let replaced: string | null;
    try {
      replaced = await this.dataSource.transaction(async (m) => {
        const before = await estimateAtVersion(m, this.estimates, id, body.version);
        mustHaveWritten(await this.estimates.setFile(m, id, body.version, { originalFileName: body.originalFileName, s3Path: media.key }, actor.id));
        await this.estimates.appendHistory(m, { estimateId: id, revision: before.revision, action: 'upload', fromStatus: before.status, toStatus: before.status, comment: body.originalFileName, actorId: actor.id });
        return before.s3Path;
      });
    } catch (error) {
      await this.storage.delete(media.key);
      throw error;
    }
    // The file it replaced goes once the new one is recorded (a failed save keeps the old one usable).
    if (replaced) await deleteQuietly(this.storage, replaced);
    return this.view(id, actor);
  }

  private async view(id: string, actor: EstimateActor): Promise<EstimateView> {
    return estimateView((await this.estimates.find(this.dataSource.manager, id))!, actor.role);
  }
}

@CommandHandler(RemoveEstimateFile)
export class RemoveEstimateFileHandler implements ICommandHandler<RemoveEstimateFile> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ id, version, actor }: RemoveEstimateFile): Promise<EstimateView> {
    const removed = await this.dataSource.transaction(async (m) => {
      const before = await estimateAtVersion(m, this.estimates, id, version);
      if (!before.s3Path) throw new DomainError('NAL-CTM-109');
      mustHaveWritten(await this.estimates.setFile(m, id, version, null, actor.id));
      await this.estimates.appendHistory(m, { estimateId: id, revision: before.revision, action: 'delete_file', fromStatus: before.status, toStatus: before.status, comment: before.originalFileName, actorId: actor.id });
      return before.s3Path;
    });
    await deleteQuietly(this.storage, removed);
    return estimateView((await this.estimates.find(this.dataSource.manager, id))!, actor.role);
  }
}

import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createFileStorage, FILE_STORAGE, FileStorage } from '@oms/infra';

/** The one FileStorage of the API process (local disk, or S3 when S3_BUCKET is set), for every area that stores files. */
@Global()
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createFileStorage(config) }],
  exports: [FILE_STORAGE],
})
export class StorageModule {}

const storageLog = new Logger('FileStorage');

/**
 * Removes a file a committed change let go (a replaced or detached file). Its failure must not turn a
 * saved change into an error: it is logged, and the file stays as an orphan for a later sweep.
 */
export async function deleteQuietly(storage: FileStorage, key: string): Promise<void> {
  try {
    await storage.delete(key);
  } catch (error) {
    storageLog.warn(`could not delete ${key}: ${(error as Error).message}`);
  }
}

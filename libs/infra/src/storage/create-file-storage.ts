import type { AppConfig } from '../config/config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';

type StorageConfig = Pick<AppConfig, 'FILE_STORAGE_DIR' | 'PUBLIC_API_URL'> &
  Partial<Pick<AppConfig, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_PUBLIC_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>> & { JWT_SECRET?: string };

/**
 * The FileStorage a process uses (DESIGN.md §10): the S3-compatible bucket S3_BUCKET when it is set,
 * else the local disk (FILE_STORAGE_DIR) with URLs at PUBLIC_API_URL signed under a key derived from JWT_SECRET.
 */
export function createFileStorage(config: StorageConfig): FileStorage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? 'us-east-1',
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDiskStorage({ dir: config.FILE_STORAGE_DIR, publicApiUrl: config.PUBLIC_API_URL, urlSigningSecret: config.JWT_SECRET });
}

import type { AppConfig } from '../config/config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

/**
 * The FileStorage a process uses: for now always the local disk (FILE_STORAGE_DIR), with URLs
 * at PUBLIC_API_URL signed under a key derived from JWT_SECRET. The S3 driver will be chosen
 * here when its settings are present (DESIGN.md §10).
 */
export function createFileStorage(config: Pick<AppConfig, 'FILE_STORAGE_DIR' | 'PUBLIC_API_URL'> & { JWT_SECRET?: string }): FileStorage {
  return new LocalDiskStorage({ dir: config.FILE_STORAGE_DIR, publicApiUrl: config.PUBLIC_API_URL, urlSigningSecret: config.JWT_SECRET });
}

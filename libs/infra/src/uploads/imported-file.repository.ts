import { EarlierImport, fileNameKey, MATCHES_CONTENT, storedFileName, UploadArea } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';

/** A file as an area imports it: its name as uploaded and its SHA-256 (hex; null when not known). */
export interface FileToImport {
  readonly area: UploadArea;
  readonly fileName: string;
  readonly contentSha256: string | null;
}

/**
 * The files each area imported (`imported_files`, SPEC.md §5 "unique file name"): one entry per import,
 * written when the import is committed to, and what a new upload is compared with — by its name (NFC,
 * lower case: `fileNameKey`), and by its content in areas that say so (`MATCHES_CONTENT`).
 */
export class ImportedFileRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The newest earlier import of the file in its area, with the name of who imported it; `except` leaves
   * out the entry of one of the area's records (an import's own).
   */
  async newest(file: FileToImport & { except?: string }, manager?: EntityManager): Promise<EarlierImport | null> {
    const content = MATCHES_CONTENT[file.area] ? file.contentSha256 : null;
    const [row] = await (manager ?? this.dataSource.manager).query(
      `SELECT f.id, f.file_name AS "fileName", f.imported_at AS "importedAt", u.name AS "importedBy", f.name_key = $2 AS "sameName"
       FROM imported_files f JOIN users u ON u.id = f.imported_by
       WHERE f.area = $1 AND (f.name_key = $2 OR f.content_sha256 = $3::char(64)) AND f.record_id IS DISTINCT FROM $4::bigint
       ORDER BY f.id DESC LIMIT 1`,
      [file.area, fileNameKey(file.fileName), content, file.except ?? null],
    );
    return row ? { ...row, id: String(row.id) } : null;
  }

  /**
   * Holds the file's name (and content, where the area compares it) in its area until the caller's
   * transaction ends: two imports of one name committed at once are checked and recorded one after the
   * other, so the second sees the first. Locks are taken in a fixed order (no deadlock between two keys).
   */
  async lock(manager: EntityManager, file: FileToImport): Promise<void> {
    const keys = [`imported_files:${file.area}:name:${fileNameKey(file.fileName)}`];
    if (MATCHES_CONTENT[file.area] && file.contentSha256) keys.push(`imported_files:${file.area}:content:${file.contentSha256}`);
    for (const key of keys.sort()) await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
  }

  /** Records an import of the file by `importedBy` (a user id) as the area's record `recordId`; once per record. */
  async record(manager: EntityManager, file: FileToImport & { recordId: string; importedBy: string }): Promise<void> {
    await manager.query(
      `INSERT INTO imported_files (area, file_name, name_key, content_sha256, record_id, imported_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (area, record_id) DO NOTHING`,
      [file.area, storedFileName(file.fileName), fileNameKey(file.fileName), file.contentSha256, file.recordId, file.importedBy],
    );
  }

  /** Removes the entry of a record whose import did not happen after all (its apply failed): its name no longer counts. */
  async forget(area: UploadArea, recordId: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource).query(`DELETE FROM imported_files WHERE area = $1 AND record_id = $2`, [area, recordId]);
  }
}

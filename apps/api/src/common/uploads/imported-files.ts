import { Injectable } from '@nestjs/common';
import { FieldValidationError, fileNameIssue, reimportIssue, UploadArea } from '@oms/domain';
import { FileToImport, ImportedFileRepository, nextTurn } from '@oms/infra';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/**
 * The hex SHA-256 of an uploaded file, as `imported_files` keeps it: a megabyte at a time with the event
 * loop let through between (10 MB at once held it for ~50 ms; the API keeps answering while files arrive).
 */
export async function sha256Hex(content: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let from = 0; from < content.length; from += 1 << 20) {
    hash.update(content.subarray(from, from + (1 << 20)));
    await nextTurn();
  }
  return hash.digest('hex');
}

/**
 * SPEC.md §5's "unique file name" for every upload route (products now, deposits next): a file its area
 * imported before is refused, naming when and by whom (422 `file` NAL-UPL-001, or NAL-UPL-002 for the
 * same content under another name where the area compares content), unless staff confirm a re-import.
 *
 * An area calls `checkUpload` when the file arrives (an early, clear answer; nothing is kept on a
 * refusal), and `record` in the transaction that commits the import (checked again under a lock on the
 * name, so that two uploads of one name committed at once cannot both pass). `release` takes the entry
 * back if the commit did not, in the end, import anything.
 */
@Injectable()
export class ImportedFiles {
  constructor(private readonly files: ImportedFileRepository) {}

  /**
   * Refuses the file if its area imported it before, unless `confirmReimport` (or if its name holds a
   * control character: it could be neither kept nor compared). Answers the entry the
   * staff confirmed over (null when there was none), for `record` to tell it from an import made since.
   */
  async checkUpload(file: FileToImport, confirmReimport: boolean): Promise<{ reimportOf: string | null }> {
    const unusable = fileNameIssue(file.fileName);
    if (unusable) throw new FieldValidationError([unusable]);
    const earlier = await this.files.newest(file);
    const issue = reimportIssue(earlier, { confirmed: confirmReimport, confirmedOver: null });
    if (issue) throw new FieldValidationError([issue]);
    return { reimportOf: earlier?.id ?? null };
  }

  /**
   * In the transaction that commits the import `recordId`: checks again with the name held (refused by
   * an import recorded since the upload's check, unless `confirmReimport` now), then records the import.
   */
  async record(
    manager: EntityManager,
    file: FileToImport & { recordId: string; importedBy: string; reimportOf: string | null; confirmReimport: boolean },
  ): Promise<void> {
    await this.files.lock(manager, file);
    const earlier = await this.files.newest({ ...file, except: file.recordId }, manager);
    const issue = reimportIssue(earlier, { confirmed: file.confirmReimport, confirmedOver: file.reimportOf });
    if (issue) throw new FieldValidationError([issue]);
    await this.files.record(manager, file);
  }

  /** The import of `recordId` did not happen after all (its apply failed): its file no longer counts. */
  release(area: UploadArea, recordId: string, manager?: EntityManager): Promise<void> {
    return this.files.forget(area, recordId, manager);
  }
}

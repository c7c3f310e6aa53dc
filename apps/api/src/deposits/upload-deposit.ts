import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BankFileIssue, domainEvent, FieldIssue, FieldValidationError, keyBankRecords, storedFileName } from '@oms/domain';
import { appendToOutbox, CSV_MAX_BYTES, DepositRepository, FILE_STORAGE, FileStorage, readBankFile } from '@oms/infra';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { deleteQuietly } from '../common/storage.module';
import type { UploadedCsv } from '../common/uploads/csv-upload';
import { ImportedFiles, sha256Hex } from '../common/uploads/imported-files';
import { depositView, DepositView } from './deposit.view';

export class UploadDeposit extends Command<DepositView> {
  constructor(
    readonly user: SignedInUser,
    readonly file: UploadedCsv | undefined,
    readonly confirmReimport = false,
  ) {
    super();
  }
}

/** The names a bank file may have (SPEC.md §5 "must be csv"; 全銀 files come as .txt). */
const DEPOSIT_FILE_NAME = /\.(csv|txt)$/i;

/**
 * POST /deposits/payment: the bank file is read whole at once (a malformed one is refused with every
 * problem by line, and byte range for 全銀, and nothing is kept), checked against earlier uploads (the
 * same name or the same content: 422 `file` NAL-UPL-001/002 unless `confirm_reimport`), kept as it came,
 * and its records left to the workers' matching (`deposit.uploaded` in the same transaction): 202 with
 * the upload, whose `progress` the console follows.
 */
@CommandHandler(UploadDeposit)
export class UploadDepositHandler implements ICommandHandler<UploadDeposit> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deposits: DepositRepository,
    private readonly importedFiles: ImportedFiles,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ user, file, confirmReimport }: UploadDeposit): Promise<DepositView> {
    if (!file) throw new FieldValidationError([{ field: 'file', errorCode: 'required' }]);
    if (!DEPOSIT_FILE_NAME.test(file.originalname)) throw new FieldValidationError([{ field: 'file', errorCode: 'file_format_invalid' }]);
    if (file.size > CSV_MAX_BYTES) throw new FieldValidationError([{ field: 'file', errorCode: 'file_size_too_large', params: { max: CSV_MAX_BYTES / 1024 } }]);
    const read = readBankFile(file.buffer, { today: new Date() });
    // A file of no known format always has its issue; the check on `format` is for the compiler.
    if (read.issues.length > 0 || !read.format) throw new FieldValidationError(read.issues.map(fieldIssueOf));
    const format = read.format;
    const contentSha256 = await sha256Hex(file.buffer);
    const fileName = storedFileName(file.originalname);
    const { reimportOf } = await this.importedFiles.checkUpload({ area: 'deposits', fileName, contentSha256 }, confirmReimport);

    const records = keyBankRecords(read.records);

    const fileKey = `deposits/${randomUUID()}/original${DEPOSIT_FILE_NAME.exec(file.originalname)![0].toLowerCase()}`;
    await this.storage.put(fileKey, file.buffer, 'application/octet-stream');
    try {
      const id = await this.dataSource.transaction(async (m) => {
        const depositId = await this.deposits.create(m, { fileName, fileKey, sha256: contentSha256, format, encoding: read.encoding, records, skippedCount: read.skipped.length, createdBy: user.id });
        await this.importedFiles.record(m, { area: 'deposits', fileName, contentSha256, recordId: depositId, importedBy: user.id, reimportOf, confirmReimport });
        await appendToOutbox(m, [domainEvent('deposit.uploaded', depositId, { depositId })]);
        return depositId;
      });
      return depositView((await this.deposits.find(id))!);
    } catch (error) {
      await deleteQuietly(this.storage, fileKey);
      throw error;
    }
  }
}

/** A problem of the file as a field of the 422: `file` for the file as a whole, else `lines.{n}.{field}` with the line and bytes in params. */
function fieldIssueOf(issue: BankFileIssue): FieldIssue {
  const params = { ...issue.params, ...(issue.line > 0 ? { line: issue.line } : {}), ...(issue.bytes ? { from: issue.bytes.from, to: issue.bytes.to } : {}) };
  return { field: issue.line > 0 ? `lines.${issue.line}.${issue.field}` : 'file', errorCode: issue.errorCode, ...(Object.keys(params).length ? { params } : {}) };
}

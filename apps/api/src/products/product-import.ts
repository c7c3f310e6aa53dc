import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { applyDecision, canDiscard, DomainError, FieldValidationError, LISTED_ERRORS_MAX, NotFoundError, storedFileName } from '@oms/domain';
import { checkCsvUpload, CsvColumn, FILE_STORAGE, FileStorage, ImportIssue, ProductImportRecord, ProductImportRepository, readCsvHeader, toCsv } from '@oms/infra';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import type { UploadedCsv } from '../common/uploads/csv-upload';
import { ImportedFiles, sha256Hex } from '../common/uploads/imported-files';
import { headerIssueToField, PRODUCT_CSV_COLUMNS } from './product-csv';
import { ProductImportJobs, ProductImportQueue } from './product-import-jobs';
import { productImportView, ProductImportView } from './product-import.view';
import type { CsvDownload } from '../common/http/csv-response';

export class UploadProductImport extends Command<ProductImportView> {
  constructor(
    readonly user: SignedInUser,
    readonly file: UploadedCsv | undefined,
    readonly confirmReimport = false,
  ) {
    super();
  }
}

export class GetProductImport extends Query<ProductImportView> {
  constructor(readonly id: string) {
    super();
  }
}

export class ApplyProductImport extends Command<ProductImportView> {
  constructor(
    readonly user: SignedInUser,
    readonly id: string,
    readonly confirmReimport = false,
  ) {
    super();
  }
}

export class DiscardProductImport extends Command<ProductImportView> {
  constructor(readonly id: string) {
    super();
  }
}

export class RejectedProductRows extends Query<CsvDownload> {
  constructor(readonly id: string) {
    super();
  }
}

async function found(imports: ProductImportRepository, id: string): Promise<ProductImportRecord> {
  const record = await imports.find(id);
  if (!record) throw new NotFoundError('product_import');
  return record;
}

/** The import as answered: with its preview's lists once the file has been read. */
async function viewOf(imports: ProductImportRepository, record: ProductImportRecord): Promise<ProductImportView> {
  const lists = record.status === 'validating' ? null : await imports.previewLists(record.id, LISTED_ERRORS_MAX);
  return productImportView(record, lists);
}

/**
 * POST /products/imports: the file is checked as far as can be done at once (a file, `.csv`, at most
 * 10 MB — larger is cut off as it arrives, 413 —, a readable header with every column, a name not
 * imported before unless `confirm_reimport`), stored under a key of its own, and its rows are left to
 * the `validate` job: 202 with the import.
 */
@CommandHandler(UploadProductImport)
export class UploadProductImportHandler implements ICommandHandler<UploadProductImport> {
  constructor(
    private readonly imports: ProductImportRepository,
    private readonly queue: ProductImportQueue,
    private readonly importedFiles: ImportedFiles,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ user, file, confirmReimport }: UploadProductImport): Promise<ProductImportView> {
    if (!file) throw new FieldValidationError([{ field: 'file', errorCode: 'required' }]);
    const refusal = checkCsvUpload({ originalName: file.originalname, size: file.size });
    if (refusal) throw new FieldValidationError([{ field: 'file', errorCode: refusal, ...(refusal === 'file_size_too_large' ? { params: { max: 10240 } } : {}) }]);
    const { encoding, headerIssues } = readCsvHeader(file.buffer, { columns: PRODUCT_CSV_COLUMNS });
    if (headerIssues.length) throw new FieldValidationError(headerIssues.map(headerIssueToField));
    const contentSha256 = await sha256Hex(file.buffer);
    const { reimportOf } = await this.importedFiles.checkUpload({ area: 'products', fileName: file.originalname, contentSha256 }, confirmReimport);

    const fileKey = `product-imports/${randomUUID()}.csv`;
    await this.storage.put(fileKey, file.buffer, 'text/csv');
    const record = await this.imports.create({
      fileName: storedFileName(file.originalname),
      fileKey,
      fileSize: file.size,
      encoding,
      contentSha256,
      reimportOf,
      createdBy: user.id,
    });
    await this.queue.enqueue('validate', record.id);
    return viewOf(this.imports, record);
  }
}

@QueryHandler(GetProductImport)
export class GetProductImportHandler implements IQueryHandler<GetProductImport> {
  constructor(private readonly imports: ProductImportRepository) {}

  async execute({ id }: GetProductImport): Promise<ProductImportView> {
    return viewOf(this.imports, await found(this.imports, id));
  }
}

/**
 * POST /products/imports/{id}/apply: only a previewed import, and only while the catalogue is as the
 * preview saw it (NAL-PRO-004 otherwise; the job checks again under its locks). previewed → applying
 * happens once, so a double click or a retry applies once and is answered with the import as it is.
 *
 * Applying is what makes the file's name count as imported: in the same transaction as previewed →
 * applying, the name is checked again (another upload of it may have been applied since this one was
 * accepted: 422 `file` NAL-UPL-001 unless `confirm_reimport`) and recorded. A failed apply releases it.
 */
@CommandHandler(ApplyProductImport)
export class ApplyProductImportHandler implements ICommandHandler<ApplyProductImport> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ProductImportRepository,
    private readonly importedFiles: ImportedFiles,
    private readonly queue: ProductImportQueue,
  ) {}

  async execute({ user, id, confirmReimport }: ApplyProductImport): Promise<ProductImportView> {
    const record = await found(this.imports, id);
    const decision = applyDecision(record.status);
    if (decision === 'refuse') throw new DomainError('NAL-PRO-003');
    if (decision === 'apply') {
      if ((await this.imports.staleRows(id)) > 0) throw new DomainError('NAL-PRO-004');
      const started = await this.dataSource.transaction(async (m) => {
        // The import row first: a second click waits here, then finds it applying and records nothing.
        if (!(await this.imports.startApplying(id, user.id, m))) return false;
        await this.importedFiles.record(m, {
          area: 'products',
          fileName: record.fileName,
          contentSha256: record.contentSha256,
          recordId: id,
          importedBy: user.id,
          reimportOf: record.reimportOf,
          confirmReimport,
        });
        return true;
      });
      if (started) await this.queue.enqueue('apply', id);
    }
    return viewOf(this.imports, await found(this.imports, id));
  }
}

/** POST /products/imports/{id}/discard: nothing is written; the file and the staged rows are removed. */
@CommandHandler(DiscardProductImport)
export class DiscardProductImportHandler implements ICommandHandler<DiscardProductImport> {
  constructor(
    private readonly imports: ProductImportRepository,
    private readonly jobs: ProductImportJobs,
  ) {}

  async execute({ id }: DiscardProductImport): Promise<ProductImportView> {
    const record = await found(this.imports, id);
    if (!canDiscard(record.status) || !(record.status === 'discarded' || (await this.imports.discard(id)))) throw new DomainError('NAL-PRO-005');
    await this.jobs.cleanUp(id, record.fileKey);
    return viewOf(this.imports, await found(this.imports, id));
  }
}

const LINE = '行';
const ERRORS = 'エラー';

/** A row's errors in one cell: `商品名: max_length (max=100); 税率: max (max=100)`; a whole row's without a column. */
function errorsCell(errors: readonly ImportIssue[]): string {
  return errors
    .map((e) => {
      const params = e.params ? ` (${Object.entries(e.params).map(([k, v]) => `${k}=${v}`).join(', ')})` : '';
      return `${e.column === '*' ? '' : `${e.column}: `}${e.errorCode}${params}`;
    })
    .join('; ');
}

/**
 * GET /products/imports/{id}/rejected-rows: every rejected row as a CSV in the uploaded file's encoding:
 * its row number, its errors (the wire's rule keys, as in the preview), then its cells under the file's
 * own header. Read from the database a thousand rows at a time as the response takes them.
 */
@QueryHandler(RejectedProductRows)
export class RejectedProductRowsHandler implements IQueryHandler<RejectedProductRows> {
  constructor(private readonly imports: ProductImportRepository) {}

  async execute({ id }: RejectedProductRows): Promise<CsvDownload> {
    const record = await found(this.imports, id);
    const header = record.headerCells ?? PRODUCT_CSV_COLUMNS.map((c) => c.header);
    const columns: CsvColumn[] = [{ header: LINE, key: 'line' }, { header: ERRORS, key: 'errors' }, ...header.map((h, i) => ({ header: h, key: `c${i}` }))];
    const imports = this.imports;
    async function* rows() {
      for await (const row of imports.rejectedRows(id)) {
        yield { line: row.line, errors: errorsCell(row.errors), ...Object.fromEntries((row.cells ?? []).map((cell, i) => [`c${i}`, cell])) };
      }
    }
    const encoding = record.encoding ?? 'utf-8';
    return { filename: `product-import-${id}-rejected.csv`, encoding, body: toCsv(rows(), { columns, encoding }) };
  }
}

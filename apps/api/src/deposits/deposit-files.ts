import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { japanDateTime, NotFoundError, parseDate } from '@oms/domain';
import { advancePaymentsCopy, copyCsv, CopyCsvQuery, depositReportCopy, DepositRepository, depositResultCopy, FILE_STORAGE, FileStorage } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { CsvDownload } from '../common/http/csv-response';
import { csvEncodingOf, CsvEncodingQuery } from '../common/http/csv-encoding.query';
import { AdvancePaymentsQuery, DepositReportQuery } from './deposit.dto';

/** Which file of deposits: an upload's file as it came, its result, the period's history, the advance payments at a date. */
export type DepositFile =
  | { kind: 'uploaded'; depositId: string }
  | { kind: 'result'; depositId: string; query: CsvEncodingQuery }
  | { kind: 'report'; query: DepositReportQuery }
  | { kind: 'advance-payments'; query: AdvancePaymentsQuery };

export class DepositFileUrl extends Query<string> {
  constructor(readonly depositId: string) {
    super();
  }
}

export class DepositCsv extends Query<CsvDownload> {
  constructor(readonly file: Exclude<DepositFile, { kind: 'uploaded' }>) {
    super();
  }
}

/** GET /deposits/{id}/download: the file as uploaded, through a short-lived signed URL of the storage, under its own name. */
@QueryHandler(DepositFileUrl)
export class DepositFileUrlHandler implements IQueryHandler<DepositFileUrl> {
  constructor(private readonly deposits: DepositRepository, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ depositId }: DepositFileUrl): Promise<string> {
    const deposit = await this.deposits.find(depositId);
    if (!deposit) throw new NotFoundError('deposit');
    return this.storage.signedDownloadUrl(deposit.fileKey, { fileName: deposit.fileName, expiresInSeconds: 60 });
  }
}

/** `YYYYMMDDHHmmss` in Japan time, for file names. */
const stamp = () => japanDateTime().replace(/[-:T]/g, '');

/** The CSVs of deposits, streamed by PostgreSQL's COPY (DESIGN.md §10): UTF-8 with BOM or Shift_JIS, formula cells neutralised. */
@QueryHandler(DepositCsv)
export class DepositCsvHandler implements IQueryHandler<DepositCsv> {
  constructor(private readonly dataSource: DataSource, private readonly deposits: DepositRepository) {}

  async execute({ file }: DepositCsv): Promise<CsvDownload> {
    const { copy, filename } = await this.fileOf(file);
    const encoding = csvEncodingOf(file.query);
    return { filename, encoding, body: copyCsv(this.dataSource, copy, encoding) };
  }

  private async fileOf(file: DepositCsv['file']): Promise<{ copy: CopyCsvQuery; filename: string }> {
    switch (file.kind) {
      case 'result':
        if (!(await this.deposits.find(file.depositId))) throw new NotFoundError('deposit');
        return { copy: depositResultCopy(file.depositId), filename: `deposit_result_${file.depositId}_${stamp()}.csv` };
      case 'report': {
        const [from, to] = [parseDate(file.query.from)!, parseDate(file.query.to)!];
        return { copy: depositReportCopy(from, to), filename: `deposits_${from.replace(/-/g, '')}-${to.replace(/-/g, '')}.csv` };
      }
      case 'advance-payments': {
        const date = parseDate(file.query.date)!;
        return { copy: advancePaymentsCopy(date), filename: `advance_payments_${date.replace(/-/g, '')}.csv` };
      }
    }
  }
}

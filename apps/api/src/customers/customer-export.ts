import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { FieldValidationError } from '@oms/domain';
import { CsvColumn, CustomerRepository, FILE_STORAGE, FileStorage, toCsv } from '@oms/infra';
import { randomUUID } from 'node:crypto';
import { CustomerViews } from './customer-views';

/** Exports the selected customers to a CSV file in file storage; answers its signed download URL. */
/** Answers the signed URL itself, as POST /orders/export does (SPEC.md §7: "returns data as a URL that is opened"). */
export class ExportCustomers extends Command<string> {
  constructor(readonly customerIds: number[]) {
    super();
  }
}

const COLUMNS: readonly CsvColumn[] = [
  { header: '顧客ID', key: 'id' },
  { header: '同一人物ID', key: 'samePersonId' },
  { header: '氏名', key: 'name' },
  { header: '氏名カナ', key: 'nameKana' },
  { header: '会社名', key: 'companyName' },
  { header: '郵便番号', key: 'zip' },
  { header: '住所', key: 'address' },
  { header: '電話番号', key: 'phone' },
  { header: 'FAX番号', key: 'fax' },
  { header: 'メールアドレス', key: 'email' },
  { header: 'EC顧客ID', key: 'ecSiteId' },
  { header: '基幹システム顧客ID', key: 'coreSystemCustomerId' },
  { header: 'ショップ', key: 'shopName' },
  { header: 'CSメモ', key: 'csMemo' },
  { header: '共通メモ', key: 'generalMemo' },
  { header: '受注数', key: 'orderCount' },
  { header: '登録日時', key: 'createdAt' },
];

const BATCH = 500;
/** How long the download link works. */
export const EXPORT_URL_SECONDS = 300;

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

@CommandHandler(ExportCustomers)
export class ExportCustomersHandler implements ICommandHandler<ExportCustomers> {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly views: CustomerViews,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ customerIds }: ExportCustomers): Promise<string> {
    const ids = [...new Set(customerIds.map(String))].sort((a, b) => Number(a) - Number(b));
    const found = new Set((await this.customers.findByIds(ids)).map((c) => c.id));
    if (found.size !== ids.length) throw new FieldValidationError([{ field: 'customer_ids', errorCode: 'exists' }]);

    const now = new Date();
    const fileName = `customers_${stamp(now)}.csv`;
    const key = `exports/customers/${randomUUID()}/${fileName}`;
    await this.storage.put(key, toCsv(this.rows(ids), { columns: COLUMNS }), 'text/csv; charset=utf-8');
    return this.storage.signedDownloadUrl(key, { fileName, expiresInSeconds: EXPORT_URL_SECONDS });
  }

  /** The rows, a batch at a time, so a large selection is never held whole. */
  private async *rows(ids: string[]): AsyncIterable<object> {
    for (let i = 0; i < ids.length; i += BATCH) {
      for (const v of await this.views.of(await this.customers.findByIds(ids.slice(i, i + BATCH)))) {
        yield { ...v, createdAt: v.createdAt.toISOString() };
      }
    }
  }
}

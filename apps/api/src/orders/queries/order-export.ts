import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { parseDate } from '@oms/domain';
import { CsvColumn, FILE_STORAGE, FileStorage, OrderExportDateKind, OrderExportRow, streamOrderExport, toCsv } from '@oms/infra';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../../auth/access.decorators';
import { EXPORT_URL_SECONDS } from '../../customers/customer-export';
import { makerScope } from '../../makers/maker-queries';
import { ExportOrdersBody } from './order-read.dto';

/** Exports the order lines of a period to a CSV file in file storage; answers its signed download URL. */
export class ExportOrders extends Command<string> {
  constructor(readonly viewer: SignedInUser, readonly body: ExportOrdersBody) {
    super();
  }
}

export const ORDER_EXPORT_COLUMNS = [
  { header: '受注番号', key: 'orderNo' },
  { header: '枝番', key: 'branchNo' },
  { header: '受注日', key: 'orderDate' },
  { header: 'ショップ', key: 'shopName' },
  { header: '購入者名', key: 'buyerName' },
  { header: '購入者名カナ', key: 'buyerKana' },
  { header: '配送先名', key: 'deliveryName' },
  { header: '配送先住所', key: 'deliveryAddress' },
  { header: '支払方法', key: 'paymentMethod' },
  { header: 'メーカー', key: 'makerName' },
  { header: '商品コード', key: 'productCode' },
  { header: '商品名', key: 'productName' },
  { header: 'オプション1', key: 'option1' },
  { header: 'オプション2', key: 'option2' },
  { header: '数量', key: 'amount' },
  { header: '税込単価', key: 'priceWithTax' },
  { header: '税率', key: 'taxPercentage' },
  { header: '卸価格', key: 'wholesalePrice' },
  { header: '税込小計', key: 'lineTotal' },
  { header: 'ステータス', key: 'status' },
  { header: 'メーカー発注日', key: 'makerOrderDate' },
  { header: 'メーカー受注日', key: 'makerReceiveDate' },
  { header: '出荷予定日', key: 'estimatedShipDate' },
  { header: '出荷日', key: 'shipDate' },
  { header: '送り状番号', key: 'trackingCode' },
  { header: '売上月', key: 'revenueMonth' },
] as const satisfies readonly (CsvColumn & { key: keyof OrderExportRow })[];

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

@CommandHandler(ExportOrders)
export class ExportOrdersHandler implements ICommandHandler<ExportOrders> {
  constructor(private readonly dataSource: DataSource, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ viewer, body }: ExportOrders): Promise<string> {
    const sjis = body.encoding === 'sjis';
    const rows = streamOrderExport(this.dataSource, {
      dateKind: body.dateKind as OrderExportDateKind,
      from: parseDate(body.from)!,
      to: parseDate(body.to)!,
      onlyMakerId: makerScope(viewer),
    });
    const fileName = `orders_${stamp(new Date())}.csv`;
    const key = `exports/orders/${randomUUID()}/${fileName}`;
    // Rows flow from the cursor through the CSV writer into storage: a batch in memory at a time.
    await this.storage.put(key, toCsv(rows, { columns: ORDER_EXPORT_COLUMNS, encoding: sjis ? 'shift_jis' : 'utf-8' }), `text/csv; charset=${sjis ? 'Shift_JIS' : 'utf-8'}`);
    return this.storage.signedDownloadUrl(key, { fileName, expiresInSeconds: EXPORT_URL_SECONDS });
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { japanDateTime, parseDate } from '@oms/domain';
import { FILE_STORAGE, FileStorage, OrderExportDateKind, orderExportCsv } from '@oms/infra';
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

/** `YYYYMMDDHHmmss` in Japan time, as the people who open the file read the clock. */
const stamp = (d: Date) => japanDateTime(d).replace(/[-:T]/g, '');

@CommandHandler(ExportOrders)
export class ExportOrdersHandler implements ICommandHandler<ExportOrders> {
  constructor(private readonly dataSource: DataSource, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ viewer, body }: ExportOrders): Promise<string> {
    const sjis = body.encoding === 'sjis';
    const csv = orderExportCsv(
      this.dataSource,
      { dateKind: body.dateKind as OrderExportDateKind, from: parseDate(body.from)!, to: parseDate(body.to)!, onlyMakerId: makerScope(viewer) },
      sjis ? 'shift_jis' : 'utf-8',
    );
    const fileName = `orders_${stamp(new Date())}.csv`;
    const key = `exports/orders/${randomUUID()}/${fileName}`;
    // PostgreSQL's COPY streams into storage: a chunk in memory at a time, at about psql's speed.
    await this.storage.put(key, csv, `text/csv; charset=${sjis ? 'Shift_JIS' : 'utf-8'}`);
    return this.storage.signedDownloadUrl(key, { fileName, expiresInSeconds: EXPORT_URL_SECONDS });
  }
}

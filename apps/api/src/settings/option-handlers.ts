import { Inject } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DomainError, FieldValidationError, NotFoundError, parseDate, timelineIssues, yearEndClosingIssues } from '@oms/domain';
import {
  claimUploadedMedia,
  FILE_STORAGE,
  FileStorage,
  PaymentMethodEntity,
  SettingsOptionEntity,
  SettingsOptionRepository,
  SettingsOptionWrite,
  TIME_SHIPMENTS_MONTH_UNIQUE,
  TimeShipmentEntity,
  TimeShipmentRepository,
  TimeShipmentWrite,
} from '@oms/infra';
import { DataSource } from 'typeorm';
import { page, Page } from '../common/http/envelope';
import { deleteQuietly } from '../common/storage.module';
import { constrainedWrite } from '../common/unique';
import { OptionBody, PaymentSearchQuery, TimeShipmentBody, TimeShipmentListQuery, UpdateTimeShipmentBody } from './option.dto';
import { blankToNull, given } from '../common/validation/blank';

export function optionView(o: SettingsOptionEntity) {
  return {
    companyName: o.companyName,
    zip: o.zip,
    address: o.address,
    phone: o.phone,
    invoiceRegistrationNumber: o.invoiceRegistrationNumber,
    defaultTaxPercent: o.defaultTaxPercent,
    bankAccount: o.bankAccount,
    transferFees: o.transferFees,
    /** A seal image of the operator's own is configured (else stamped estimates carry the default one). */
    hasSeal: o.sealImageKey !== null,
    /** The days around the new year the shop closes (`MM-DD`, the range may cross the year end): not business days. */
    yearEndClosedFrom: o.yearEndClosedFrom,
    yearEndClosedTo: o.yearEndClosedTo,
    updatedAt: o.updatedAt,
    version: o.version,
  };
}
export type OptionView = ReturnType<typeof optionView>;

export function paymentMethodView(p: PaymentMethodEntity) {
  return {
    id: p.id,
    code: p.code,
    nameJa: p.nameJa,
    nameEn: p.nameEn,
    isPostpaid: p.isPostpaid,
    businessOnly: p.businessOnly,
    feeWithTax: p.feeWithTax,
    limitAmount: p.limitAmount,
  };
}
export type PaymentMethodView = ReturnType<typeof paymentMethodView>;

export function timeShipmentView(t: TimeShipmentEntity) {
  return { id: Number(t.id), month: t.month, startDate: t.startDate, finishDate: t.finishDate, createdAt: t.createdAt, updatedAt: t.updatedAt, version: t.version };
}
export type TimeShipmentView = ReturnType<typeof timeShipmentView>;

export class GetOption extends Query<OptionView> {}
export class UpdateOption extends Command<OptionView> {
  constructor(readonly body: OptionBody) {
    super();
  }
}
export class SearchPayments extends Query<Page<PaymentMethodView>> {
  constructor(readonly query: PaymentSearchQuery) {
    super();
  }
}
export class ListTimeShipments extends Query<Page<TimeShipmentView>> {
  constructor(readonly query: TimeShipmentListQuery) {
    super();
  }
}
export class CreateTimeShipment extends Command<TimeShipmentView> {
  constructor(readonly body: TimeShipmentBody) {
    super();
  }
}
export class UpdateTimeShipment extends Command<TimeShipmentView> {
  constructor(readonly id: string, readonly body: UpdateTimeShipmentBody) {
    super();
  }
}
export class DeleteTimeShipment extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}

/** The signed URL of the company seal image, for a minute; 404 while none is stored. */
export class SealImageUrl extends Query<string> {}

@QueryHandler(SealImageUrl)
export class SealImageUrlHandler implements IQueryHandler<SealImageUrl> {
  constructor(private readonly options: SettingsOptionRepository, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute(): Promise<string> {
    const { sealImageKey } = await this.options.get();
    if (!sealImageKey || !(await this.storage.stat(sealImageKey))) throw new NotFoundError('seal');
    return this.storage.signedDownloadUrl(sealImageKey, { expiresInSeconds: 60 });
  }
}

@QueryHandler(GetOption)
export class GetOptionHandler implements IQueryHandler<GetOption> {
  constructor(private readonly options: SettingsOptionRepository) {}

  async execute(): Promise<OptionView> {
    return optionView(await this.options.get());
  }
}

/** What the estimate PDF can embed (pdfkit): PNG and JPEG. */
const SEAL_TYPES = ['image/png', 'image/jpeg'] as const;

@CommandHandler(UpdateOption)
export class UpdateOptionHandler implements ICommandHandler<UpdateOption> {
  constructor(private readonly dataSource: DataSource, private readonly options: SettingsOptionRepository, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ body }: UpdateOption): Promise<OptionView> {
    // A new seal is checked (size, content, PNG or JPEG) before anything is written; a refused one is deleted.
    const sealPath = blankToNull(body.sealS3Path);
    const seal = sealPath
      ? (await claimUploadedMedia(this.storage, body.sealS3Path, (fileName) => `settings/seal/${randomUUID()}/${fileName}`, { field: 'seal_s3_path', types: SEAL_TYPES })).key
      : sealPath;
    const write: Partial<SettingsOptionWrite> = given({
      companyName: blankToNull(body.companyName),
      zip: blankToNull(body.zip),
      address: blankToNull(body.address),
      phone: blankToNull(body.phone),
      invoiceRegistrationNumber: blankToNull(body.invoiceRegistrationNumber),
      // The tax percent cannot be cleared: null keeps it, like a field left out.
      defaultTaxPercent: body.defaultTaxPercent ?? undefined,
      bankAccount: blankToNull(body.bankAccount),
      // One fee once, smallest first: a shortfall is looked up in it.
      transferFees: body.transferFees && [...new Set(body.transferFees)].sort((a, b) => a - b),
      sealImageKey: seal,
      yearEndClosedFrom: blankToNull(body.yearEndClosedFrom),
      yearEndClosedTo: blankToNull(body.yearEndClosedTo),
    });
    // A replaced seal's file is kept: earlier revisions of stamped estimates print the seal they were issued with.
    try {
      return await this.dataSource.transaction(async (m) => {
        // The closing as it will be (a field left out keeps its end): both ends or neither, at most 31 days.
        const current = await this.options.get(m);
        const closing = { from: write.yearEndClosedFrom !== undefined ? write.yearEndClosedFrom : current.yearEndClosedFrom, to: write.yearEndClosedTo !== undefined ? write.yearEndClosedTo : current.yearEndClosedTo };
        const closingIssues = yearEndClosingIssues(closing);
        if (closingIssues.length) throw new FieldValidationError(closingIssues);
        if (!(await this.options.update(m, body.version, write))) throw new DomainError('NAL-SET-100');
        return optionView(await this.options.get(m));
      });
    } catch (error) {
      if (seal) await deleteQuietly(this.storage, seal);
      throw error;
    }
  }
}

@QueryHandler(SearchPayments)
export class SearchPaymentsHandler implements IQueryHandler<SearchPayments> {
  constructor(private readonly options: SettingsOptionRepository) {}

  async execute({ query: q }: SearchPayments): Promise<Page<PaymentMethodView>> {
    const all = (await this.options.paymentMethods(q.id)).map(paymentMethodView);
    const offset = (q.page - 1) * q.perPage;
    return page(all.slice(offset, offset + q.perPage), all.length, q.page, q.perPage);
  }
}

/** The body's dates as `YYYY-MM-DD`, the finish not before the start. */
function timelineWrite(body: TimeShipmentBody): TimeShipmentWrite {
  const write = { month: body.month, startDate: parseDate(body.startDate)!, finishDate: parseDate(body.finishDate)! };
  const issues = timelineIssues(write.startDate, write.finishDate);
  if (issues.length) throw new FieldValidationError(issues);
  return write;
}

const uniqueMonth = <T>(work: () => Promise<T>) => constrainedWrite({ unique: { [TIME_SHIPMENTS_MONTH_UNIQUE]: 'month' } }, work);

@QueryHandler(ListTimeShipments)
export class ListTimeShipmentsHandler implements IQueryHandler<ListTimeShipments> {
  constructor(private readonly timeline: TimeShipmentRepository) {}

  async execute({ query: q }: ListTimeShipments): Promise<Page<TimeShipmentView>> {
    const { rows, total } = await this.timeline.list(q.year, q.page, q.perPage);
    return page(rows.map(timeShipmentView), total, q.page, q.perPage);
  }
}

@CommandHandler(CreateTimeShipment)
export class CreateTimeShipmentHandler implements ICommandHandler<CreateTimeShipment> {
  constructor(private readonly dataSource: DataSource, private readonly timeline: TimeShipmentRepository) {}

  execute({ body }: CreateTimeShipment): Promise<TimeShipmentView> {
    const write = timelineWrite(body);
    return uniqueMonth(() => this.dataSource.transaction(async (m) => timeShipmentView(await this.timeline.insert(m, write))));
  }
}

@CommandHandler(UpdateTimeShipment)
export class UpdateTimeShipmentHandler implements ICommandHandler<UpdateTimeShipment> {
  constructor(private readonly dataSource: DataSource, private readonly timeline: TimeShipmentRepository) {}

  execute({ id, body }: UpdateTimeShipment): Promise<TimeShipmentView> {
    const write = timelineWrite(body);
    return uniqueMonth(() =>
      this.dataSource.transaction(async (m) => {
        if (!(await this.timeline.findById(id, m))) throw new NotFoundError('time_shipment');
        if (!(await this.timeline.update(m, id, body.version, write))) throw new DomainError('NAL-SET-101');
        return timeShipmentView((await this.timeline.findById(id, m))!);
      }),
    );
  }
}

@CommandHandler(DeleteTimeShipment)
export class DeleteTimeShipmentHandler implements ICommandHandler<DeleteTimeShipment> {
  constructor(private readonly dataSource: DataSource, private readonly timeline: TimeShipmentRepository) {}

  async execute({ id }: DeleteTimeShipment): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      if (!(await this.timeline.delete(m, id))) throw new NotFoundError('time_shipment');
    });
  }
}

export const OPTION_HANDLERS = [
  GetOptionHandler,
  SealImageUrlHandler,
  UpdateOptionHandler,
  SearchPaymentsHandler,
  ListTimeShipmentsHandler,
  CreateTimeShipmentHandler,
  UpdateTimeShipmentHandler,
  DeleteTimeShipmentHandler,
];

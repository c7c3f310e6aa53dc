import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { confirmLinkExpiry, SheetReason } from '@oms/domain';
import {
  APP_CONFIG,
  AppConfig,
  createMailTransport,
  doOnce,
  EventJobData,
  issueConfirmLink,
  Logger,
  OrderSheetsRepository,
  ownMessageId,
  renderMailTemplate,
  SecretBox,
  sendMail,
  sheetContent,
  sheetFile,
  SheetRecord,
  SheetSnapshot,
} from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { configuredSender, contactNote } from '../mail-contact';
import { slashedJapanDate } from '../mail-dates';
import { Clock, CLOCK, WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/** What a sheet is made for: an order to the maker, or staff asking for it again (resend, release of a held sheet). */
interface SheetRequest {
  orderId: string;
  makerId: string;
  reason: SheetReason;
  requestedBy: string | null;
}

/**
 * The `order-sheets` queue (DESIGN.md §6): an order sent to a maker becomes a sheet revision
 * (recorded first, once per event), then one mail per revision: to the maker, or to the fax
 * gateway. Sending and marking the sheet sent commit together (job_effects), so a job run twice,
 * an event published twice or a worker that died after sending sends nothing more.
 */
@Injectable()
export class OrderSheetsProcessor implements OnApplicationBootstrap {
  private readonly transport;
  private readonly sheets = new OrderSheetsRepository();
  private readonly box: SecretBox;

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.transport = createMailTransport(config.SMTP_URL);
    this.box = SecretBox.fromConfig(config);
  }

  onApplicationBootstrap(): void {
    this.runtime.start('order-sheets', {
      'order.sent_to_maker': (job) => this.handle(job, { ...job.data.payload, reason: 'ordered', requestedBy: null }),
      'order.sheet_requested': (job) => this.handle(job, job.data.payload),
    });
  }

  async handle(job: Job<EventJobData<'order.sent_to_maker' | 'order.sheet_requested'>>, request: SheetRequest) {
    const { eventId } = job.data;
    const sheet = await this.prepare(eventId, request);
    if (!sheet) return { skipped: 'nothing to send' };
    if (sheet.status !== 'pending') return { sheetId: sheet.id, status: sheet.status };
    try {
      const outcome = await doOnce(this.dataSource, `order-sheet:${sheet.id}`, (manager) => this.send(sheet, async (messageId) => this.sheets.markSent(manager, sheet.id, messageId)));
      this.log.info({ sheetId: sheet.id, orderId: sheet.orderId, makerId: sheet.makerId, to: sheet.recipient, sent: outcome.done }, 'order sheet');
      return { sheetId: sheet.id, status: 'sent', ...outcome.detail };
    } catch (error) {
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await this.dataSource.transaction((manager) => this.sheets.recordFailure(manager, sheet, (error as Error).message, final));
      throw error;
    }
  }

  /** The revision for this event: made on the first delivery, with its link and content. */
  private prepare(eventId: string, request: SheetRequest): Promise<SheetRecord | null> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const prepared = await this.sheets.prepare(
        manager,
        {
          eventId,
          orderId: String(request.orderId),
          makerId: String(request.makerId),
          reason: request.reason,
          requestedBy: request.requestedBy,
        },
        {
          now,
          faxGateway: this.config.FAX_GATEWAY_ADDRESS,
          sender: configuredSender(this.config),
        },
      );
      if (!prepared) return null;
      const { sheet, created } = prepared;
      if (!created || sheet.status !== 'pending') return sheet;
      const expiresAt = confirmLinkExpiry(now, this.config.MAKER_CONFIRM_LINK_DAYS);
      const token = await issueConfirmLink(manager, { orderId: sheet.orderId, makerId: sheet.makerId, sheetId: sheet.id, expiresAt });
      const content: SheetSnapshot = { ...sheet.content!, expiresAt: expiresAt.toISOString() };
      const linkSealed = this.box.seal(token);
      await this.sheets.attachContent(manager, sheet.id, content, linkSealed);
      return { ...sheet, content, linkSealed };
    });
  }

  /** One mail with the sheet's PDF (and its CSV when the order asks for CSV), Japanese, with a Message-ID per revision and the orderer's Reply-To. */
  private async send(sheet: SheetRecord, markSent: (messageId: string) => Promise<void>): Promise<{ messageId: string }> {
    const content = sheetContent(sheet, (sealed) => this.box.open(sealed), this.config.CONSOLE_URL);
    // A fax gateway faxes what it gets: the PDF only. E-mail makers whose order asks for CSV get both.
    const withCsv = sheet.fileType === 'csv' && sheet.method === 'email';
    const files = [await sheetFile(content, sheet, 'pdf'), ...(withCsv ? [await sheetFile(content, sheet, 'csv')] : [])];
    const attachments = files.map((f) => ({ filename: f.fileName, content: f.body, contentType: f.contentType }));
    const vars = {
      orderNo: content.orderNo,
      shopName: content.shop.name,
      makerName: content.maker.name,
      senderCompany: content.sender.company,
      faxNumber: content.maker.fax ?? '',
      revisionNote: content.resent ? `（再送・第${sheet.revision}版）` : '',
      resentNote: content.resent ? '\n※ 内容を更新した発注書の再送です。以前の発注書に代えて、こちらをご確認ください。' : '',
      lineCount: String(content.lines.length),
      deliveryName: content.delivery.name,
      confirmUrl: content.confirmUrl,
      expiresAt: slashedJapanDate(content.expiresAt),
      contactNote: contactNote(content.sender),
    };
    const mail = renderMailTemplate(sheet.method === 'fax' ? 'order-sheet-fax' : 'order-sheet', vars, 'ja');
    const { messageId } = await sendMail(this.transport, this.config.MAIL_FROM, sheet.recipient!, mail, {
      attachments,
      messageId: ownMessageId(`order-sheet-${sheet.id}`, this.config.MAIL_FROM),
      // The maker's reply goes to the orderer (the shop's contact), not to the no-reply sender.
      replyTo: content.sender.email,
    });
    await markSent(messageId);
    return { messageId };
  }
}

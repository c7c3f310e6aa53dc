import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPayload, renderMail, shipmentNoticeRecipient, shipmentNoticeValues } from '@oms/domain';
import {
  APP_CONFIG,
  AppConfig,
  createMailTransport,
  CustomerMailWrite,
  doOnce,
  EventJobData,
  Logger,
  MailTemplateRepository,
  ownMessageId,
  sendMail,
  ShipmentNotices,
} from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/**
 * `order.shipped`: one maker's lines shipped by one command, with the delivery info they went with.
 * Events written before the payload carried it lack the three fields: the maker part's are read instead.
 */
type ShippedPayload = EventPayload<'order.shipped'> | Omit<EventPayload<'order.shipped'>, 'shipDate' | 'deliveryCompanyId' | 'trackingCode'>;

/**
 * The `customer-mails` queue: the buyer's shipment notice, one per `order.shipped` event, from the
 * template staff edit in settings. Sending and recording the mail (customer_mails, shown in the
 * order's history) commit together with the job_effects record, so a job run twice, or an event
 * published twice, sends one mail. When the order says not to mail (send-mail flag 0) or the buyer
 * has no address, nothing is sent and the history says why.
 */
@Injectable()
export class ShipmentNoticesProcessor implements OnApplicationBootstrap {
  private readonly transport;
  private readonly notices = new ShipmentNotices();
  private readonly templates: MailTemplateRepository;

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.transport = createMailTransport(config.SMTP_URL);
    this.templates = new MailTemplateRepository(dataSource);
  }

  onApplicationBootstrap(): void {
    this.runtime.start('customer-mails', { 'order.shipped': (job) => this.handle(job) });
  }

  async handle(job: Job<EventJobData<'order.shipped'>>) {
    const { eventId, payload } = job.data;
    const record: Omit<CustomerMailWrite, 'status'> = {
      orderId: String(payload.orderId),
      makerId: payload.makerId ? String(payload.makerId) : null,
      eventId,
      kind: 'shipment_notice',
      lineIds: payload.lineIds.map(String),
    };
    try {
      const outcome = await doOnce(this.dataSource, `shipment-notice:${eventId}`, (manager) => this.notify(manager, payload, record));
      this.log.info({ eventId, orderId: record.orderId, makerId: record.makerId, ...outcome.detail, done: outcome.done }, 'shipment notice');
      return outcome;
    } catch (error) {
      // After the last try the history says the notice could not be sent (staff may tell the buyer themselves).
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await this.dataSource.transaction((manager) => this.notices.record(manager, { ...record, status: 'failed', lastError: (error as Error).message }));
      }
      throw error;
    }
  }

  private async notify(manager: EntityManager, payload: ShippedPayload, record: Omit<CustomerMailWrite, 'status'>): Promise<{ to?: string; skipped?: string; messageId?: string }> {
    const delivery = 'trackingCode' in payload ? payload : await this.notices.deliveryInfo(manager, record.orderId, String(payload.makerId));
    const source = await this.notices.source(manager, {
      orderId: record.orderId,
      lineIds: record.lineIds,
      shipDate: delivery.shipDate ?? null,
      deliveryCompanyId: delivery.deliveryCompanyId ? String(delivery.deliveryCompanyId) : null,
      trackingCode: delivery.trackingCode ?? null,
    });
    if (!source) return { skipped: 'no_order' };
    const recipient = shipmentNoticeRecipient(source);
    if ('skipped' in recipient) {
      await this.notices.record(manager, { ...record, status: 'skipped', skipReason: recipient.skipped });
      return { skipped: recipient.skipped };
    }
    const template = await this.templates.get('shipment_notice', manager);
    if (!template) throw new Error('mail template shipment_notice is missing (the migrations make it)');
    const mail = renderMail(template, shipmentNoticeValues(source));
    // One Message-ID per shipment: a copy a crash made go twice is recognisable as the same message.
    // The buyer's reply goes to the shop (its contact e-mail), not to the system's no-reply sender.
    const { messageId } = await sendMail(this.transport, this.config.MAIL_FROM, recipient.to, mail, {
      messageId: ownMessageId(`shipment-notice-${record.eventId}`, this.config.MAIL_FROM),
      replyTo: source.shopEmail,
    });
    await this.notices.record(manager, { ...record, status: 'sent', recipient: recipient.to, subject: mail.subject, messageId });
    return { to: recipient.to, messageId };
  }
}

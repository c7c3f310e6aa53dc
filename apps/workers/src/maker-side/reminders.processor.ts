import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { japanToday, OrdererContact, ordererContact, REMINDER_KINDS, ReminderKind, reminderCron, reminderSchedules, sheetRecipient } from '@oms/domain';
import {
  APP_CONFIG,
  AppConfig,
  createMailTransport,
  createRedis,
  doOnce,
  jobOptions,
  Logger,
  QueueRegistry,
  ReminderDue,
  ReminderQueries,
  renderMailTemplate,
  sendMail,
} from '@oms/infra';
import { Job } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { configuredSender, contactNote } from '../mail-contact';
import { slashedDate, slashedJapanDate } from '../mail-dates';
import { Clock, CLOCK, WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/** What a scheduled run carries: which shop, which kind of reminder. */
export interface ReminderRun {
  shopId: string;
  kind: ReminderKind;
}

export const REMINDER_RUN_JOB = 'reminders.run';
// No colons: BullMQ reads colon-separated keys as the old repeatable-job format.
const schedulerId = (shopId: string, kind: ReminderKind) => `reminders-${shopId}-${kind}`;

/**
 * The `reminders` queue (DESIGN.md §6): one BullMQ job scheduler per shop and kind, daily at the
 * shop's hour in Japan time, kept in step with the shop's settings (`shop.saved`, and all shops at
 * start). A run mails each maker that is due (at most once per order, maker, kind and day:
 * maker_reminders) and the shop's staff one digest.
 */
@Injectable()
export class RemindersProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly transport;
  private readonly redis: Redis;
  private readonly queues: QueueRegistry;
  private readonly reminders = new ReminderQueries();

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.transport = createMailTransport(config.SMTP_URL);
    this.redis = createRedis(config.REDIS_URL);
    this.queues = new QueueRegistry(this.redis, config.QUEUE_PREFIX);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.runtime.start(
      'reminders',
      { 'shop.saved': (job) => this.syncShop(job.data.payload.shopId) },
      { [REMINDER_RUN_JOB]: (job: Job<ReminderRun>) => this.run(job.data) },
    );
    await this.syncAll().catch((error) => this.log.error({ err: (error as Error).message }, 'reminder schedules not synced'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    this.redis.disconnect();
  }

  /** Makes the shop's schedulers match its settings: one per kind it sets, none for a deleted shop. */
  async syncShop(shopId: string): Promise<{ scheduled: string[] }> {
    const [shop] = await this.dataSource.query(
      `SELECT order_reminder_days, order_reminder_hour, ship_reminder_days, ship_reminder_hour FROM shops WHERE id = $1 AND deleted_at IS NULL`,
      [shopId],
    );
    const wanted = shop
      ? reminderSchedules({
          orderReminderDays: shop.order_reminder_days,
          orderReminderHour: shop.order_reminder_hour,
          shipReminderDays: shop.ship_reminder_days,
          shipReminderHour: shop.ship_reminder_hour,
        })
      : [];
    const queue = this.queues.get('reminders');
    for (const kind of REMINDER_KINDS) {
      const schedule = wanted.find((s) => s.kind === kind);
      if (schedule) {
        const run: ReminderRun = { shopId, kind };
        await queue.upsertJobScheduler(
          schedulerId(shopId, kind),
          { pattern: reminderCron(schedule.hour), tz: 'Asia/Tokyo' },
          { name: REMINDER_RUN_JOB, data: run, opts: jobOptions(this.config) },
        );
      } else {
        await queue.removeJobScheduler(schedulerId(shopId, kind));
      }
    }
    this.log.info({ shopId, schedules: wanted }, 'reminder schedules');
    return { scheduled: wanted.map((s) => s.kind) };
  }

  /** At start: every live shop's schedulers, and none left for shops that are gone. */
  async syncAll(): Promise<void> {
    const shops: { id: string }[] = await this.dataSource.query(`SELECT id::text FROM shops WHERE deleted_at IS NULL`);
    const live = new Set(shops.map((s) => s.id));
    for (const scheduler of await this.queues.get('reminders').getJobSchedulers()) {
      const shopId = /^reminders-(\d+)-/.exec(scheduler.key)?.[1];
      if (shopId && !live.has(shopId)) await this.syncShop(shopId);
    }
    for (const id of live) await this.syncShop(id);
  }

  /** One run: today's reminders for the shop and kind, then the staff digest. */
  async run({ shopId, kind }: ReminderRun): Promise<{ sent: number; failed: number; digest: boolean }> {
    const now = this.clock.now();
    const today = japanToday(now);
    const shop = await this.reminders.shop(this.dataSource.manager, shopId);
    const days = kind === 'confirm' ? shop?.orderReminderDays : shop?.shipReminderDays;
    if (!shop || !days) return { sent: 0, failed: 0, digest: false };
    let sent = 0;
    const failures: string[] = [];
    const sender = ordererContact(shop.contact, configuredSender(this.config));
    for (const due of await this.reminders.due(this.dataSource.manager, { shopId, kind, days, today })) {
      try {
        const outcome = await doOnce(this.dataSource, `reminder:${kind}:${due.orderId}:${due.makerId}:${today}`, (manager) => this.remind(manager, due, kind, today, now, sender));
        if (outcome.done === 'now' && outcome.detail?.sent) sent++;
      } catch (error) {
        failures.push(`${due.orderNo}/${due.makerName}: ${(error as Error).message}`);
      }
    }
    const digest = await this.digest(shop, kind, today);
    this.log.info({ shopId, kind, today, sent, failed: failures.length, digest }, 'reminders');
    // A maker's mail that failed is tried again with the job; the ones sent are not sent twice.
    if (failures.length) throw new Error(`reminders not sent: ${failures.join('; ')}`);
    return { sent, failed: 0, digest };
  }

  /** One maker's reminder, signed by the shop's contact (its e-mail the Reply-To), as the sheet was. */
  private async remind(manager: DataSource['manager'], due: ReminderDue, kind: ReminderKind, today: string, now: Date, sender: OrdererContact) {
    const to = sheetRecipient({ orderMethod: due.orderMethod, email: due.email, fax: due.fax }, this.config.FAX_GATEWAY_ADDRESS);
    if (!to) {
      this.log.warn({ orderId: due.orderId, makerId: due.makerId }, 'no address to remind the maker at');
      return { sent: false };
    }
    const link = kind === 'confirm' ? await this.reminders.issueLink(manager, due, now, this.config.MAKER_CONFIRM_LINK_DAYS, this.config.CONSOLE_URL) : null;
    const mail = renderMailTemplate(
      `reminder-${kind}`,
      {
        makerName: due.makerName,
        senderCompany: sender.company,
        orderNo: due.orderNo,
        makerOrderDate: slashedDate(due.makerOrderDate),
        makerReceiveDate: slashedDate(due.makerReceiveDate),
        estimatedShipDate: slashedDate(due.estimatedShipDate),
        confirmUrl: link?.url ?? '',
        expiresAt: link ? slashedJapanDate(link.expiresAt) : '',
        contactNote: contactNote(sender),
      },
      'ja',
    );
    const { messageId } = await sendMail(this.transport, this.config.MAIL_FROM, to, mail, { replyTo: sender.email });
    await this.reminders.recordSent(manager, { ...due, kind, day: today, recipient: to, messageId });
    return { sent: true, to, messageId };
  }

  /** One digest per shop, kind and day, to the shop's owner (else STAFF_DIGEST_TO), of what went out today. */
  private async digest(shop: { id: string; name: string; ownerEmail: string | null }, kind: ReminderKind, today: string): Promise<boolean> {
    const to = shop.ownerEmail ?? this.config.STAFF_DIGEST_TO;
    const sentToday = await this.reminders.sentOn(this.dataSource.manager, shop.id, kind, today);
    if (!to || sentToday.length === 0) return false;
    const mail = renderMailTemplate(
      'reminder-digest',
      {
        shopName: shop.name,
        kindLabel: kind === 'confirm' ? '受注確認の督促' : '出荷の督促',
        count: String(sentToday.length),
        day: slashedDate(today),
        rows: sentToday.map((r) => `  ${r.orderNo}  ${r.makerName}  → ${r.recipient}`).join('\n'),
        consoleUrl: this.config.CONSOLE_URL,
      },
      'ja',
    );
    await doOnce(this.dataSource, `reminder-digest:${kind}:${shop.id}:${today}`, () => sendMail(this.transport, this.config.MAIL_FROM, to, mail));
    return true;
  }
}

import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ChatSide } from '@oms/domain';
import {
  APP_CONFIG,
  AppConfig,
  ConversationMailQueries,
  ConversationMailSubject,
  createMailTransport,
  createRedis,
  doOnce,
  jobOptions,
  Logger,
  ownMessageId,
  QueueRegistry,
  renderMailTemplate,
  sendMail,
  UnnotifiedMessage,
} from '@oms/infra';
import { Job } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource, EntityManager } from 'typeorm';
import { slashedJapanDateTime } from '../mail-dates';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/** A digest's job: mail the other side the messages `authorSide` wrote in the thread and nobody was mailed about yet. */
export interface ConversationDigest {
  conversationId: string;
  authorSide: ChatSide;
}

export const CONVERSATION_DIGEST_JOB = 'conversation.digest';
// No colons: BullMQ reads colon-separated keys as its own.
const digestId = ({ conversationId, authorSide }: ConversationDigest) => `conversation-digest-${conversationId}-${authorSide}`;

/**
 * How long a digest waiting to run takes in the messages that follow: a little less than its delay,
 * so a message written as the digest starts (or after) always schedules a digest of its own.
 */
export const digestWindowMs = (delayMs: number) => Math.max(1, delayMs - Math.min(5000, Math.floor(delayMs / 2)));

interface Recipient {
  key: string;
  email: string;
  greeting: string;
}

const url = (consoleUrl: string, subject: ConversationMailSubject) =>
  `${consoleUrl.replace(/\/+$/, '')}${subject.orderId ? `/orders/${subject.orderId}` : `/maker-inquiries/${subject.makerInquiryId}`}`;

/** A message as the mail lists it: when (Japan time) and who, then its text indented and the name of a file sent with it. */
const listed = (message: UnnotifiedMessage, fallbackAuthor: string) =>
  [
    `■ ${slashedJapanDateTime(new Date(message.createdAt))}  ${message.authorName ?? fallbackAuthor}`,
    ...(message.content ?? '').split(/\r?\n/).filter((line, i, all) => all.length > 1 || line !== '').map((line) => `  ${line}`),
    ...(message.attachmentName ? [`  [添付 / file] ${message.attachmentName}`] : []),
  ].join('\n');

/**
 * The `conversation-mails` queue (issue 15): a message in a maker thread mails the other side, the
 * maker (its e-mail) or the staff (an order's shop owner and the staff who wrote in the thread; an
 * inquiry's person in charge, else its creator). Each `conversation.message_posted` asks for one
 * delayed digest per thread and side (BullMQ deduplication), so a burst of messages is one mail
 * listing them all. The digest marks what it mailed (`notified_at`); each recipient's mail is a job
 * effect keyed by the last message listed, with a fixed Message-ID, so a digest run twice mails once.
 */
@Injectable()
export class ConversationMailsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly transport;
  private readonly redis: Redis;
  private readonly queues: QueueRegistry;
  private readonly mails = new ConversationMailQueries();

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.transport = createMailTransport(config.SMTP_URL);
    this.redis = createRedis(config.REDIS_URL);
    this.queues = new QueueRegistry(this.redis, config.QUEUE_PREFIX);
  }

  onApplicationBootstrap(): void {
    this.runtime.start(
      'conversation-mails',
      {
        'conversation.message_posted': (job) => this.schedule(job.data.payload),
        'order.sent_to_maker': (job) => this.orderedFromMaker(job.data.payload),
      },
      { [CONVERSATION_DIGEST_JOB]: (job: Job<ConversationDigest>) => this.digest(job.data) },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    this.redis.disconnect();
  }

  /** The digest of the message's thread and side, after CHAT_DIGEST_DELAY_SECONDS: one while it waits, however many messages follow. */
  async schedule({ conversationId, authorSide }: { conversationId: string; authorSide: ChatSide }): Promise<{ digestJobId: string | undefined }> {
    const digest: ConversationDigest = { conversationId, authorSide };
    const delay = this.config.CHAT_DIGEST_DELAY_SECONDS * 1000;
    const added = await this.queues
      .get('conversation-mails')
      .add(CONVERSATION_DIGEST_JOB, digest, { ...jobOptions(this.config), delay, deduplication: { id: digestId(digest), ttl: digestWindowMs(delay) } });
    return { digestJobId: added.id };
  }

  /**
   * Lines ordered from a maker: the order is theirs to read now, so what staff wrote beside it before
   * (left unmailed by the digest) is mailed: a digest of the thread's staff side, if it has anything waiting.
   */
  async orderedFromMaker({ orderId, makerId }: { orderId: string; makerId: string }): Promise<{ digestJobId: string | undefined } | { skipped: string }> {
    const conversationId = await this.mails.waitingForMaker(this.dataSource.manager, orderId, makerId);
    if (!conversationId) return { skipped: 'nothing written to the maker is waiting' };
    return this.schedule({ conversationId, authorSide: 'staff' });
  }

  /**
   * One digest: under a lock per thread and side (two digests of one thread never list the same
   * messages), the side's messages not mailed yet, one mail to each recipient, then the mark.
   */
  async digest({ conversationId, authorSide }: ConversationDigest): Promise<{ messages: number; recipients: number; sent: number }> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`conversation-digest:${conversationId}:${authorSide}`]);
      const messages = await this.mails.unnotified(tx, conversationId, authorSide);
      const subject = messages.length ? await this.mails.subject(tx, conversationId) : null;
      if (!subject) return { messages: 0, recipients: 0, sent: 0 };
      // Staff may write beside an order before anything of it is ordered from the maker, who may not read
      // it yet: its messages wait, unmarked, for the first digest after the order is theirs.
      if (authorSide === 'staff' && !subject.makerSees) return { messages: 0, recipients: 0, sent: 0 };
      const lastId = messages[messages.length - 1].id;
      const recipients = await this.recipients(tx, subject, authorSide);
      if (recipients.length === 0) {
        this.log.warn({ conversationId, authorSide, makerId: subject.makerId }, authorSide === 'staff' ? 'the maker has no e-mail: messages not mailed' : 'no staff to mail the messages to');
      }
      const mail = this.render(subject, messages, authorSide);
      let sent = 0;
      for (const recipient of recipients) {
        // Its own job effect: a digest that failed half-way mails, when tried again, only whom it has not reached yet.
        const outcome = await doOnce(this.dataSource, `conversation-digest:${conversationId}:${authorSide}:${lastId}:${recipient.key}`, async () =>
          sendMail(this.transport, this.config.MAIL_FROM, recipient.email, mail(recipient.greeting), {
            messageId: ownMessageId(`conversation-${conversationId}-${authorSide}-${lastId}-${recipient.key}`, this.config.MAIL_FROM),
          }),
        );
        if (outcome.done === 'now') sent++;
      }
      await this.mails.markNotified(tx, conversationId, authorSide, lastId);
      this.log.info({ conversationId, authorSide, lastId, messages: messages.length, recipients: recipients.length, sent }, 'conversation digest');
      return { messages: messages.length, recipients: recipients.length, sent };
    });
  }

  /** Toward a maker: its e-mail (none for a fax-only maker). Toward the staff: see ConversationMailQueries.staffRecipients. */
  private async recipients(m: EntityManager, subject: ConversationMailSubject, authorSide: ChatSide): Promise<Recipient[]> {
    if (authorSide === 'staff') {
      return subject.makerEmail ? [{ key: `maker-${subject.makerId}`, email: subject.makerEmail, greeting: `${subject.makerName} ご担当者様` }] : [];
    }
    return (await this.mails.staffRecipients(m, subject)).map((u) => ({ key: `user-${u.id}`, email: u.email, greeting: `${u.name} 様` }));
  }

  private render(subject: ConversationMailSubject, messages: UnnotifiedMessage[], authorSide: ChatSide) {
    const fallbackAuthor = authorSide === 'maker' ? subject.makerName : this.config.SENDER_COMPANY;
    const count = messages.length;
    const vars = {
      subjectJa: subject.orderNo ? `注文 ${subject.orderNo}（${subject.makerName}）` : `メーカー問い合わせ #${subject.makerInquiryId}（${subject.makerName}）`,
      subjectEn: subject.orderNo ? `order ${subject.orderNo} (${subject.makerName})` : `maker inquiry #${subject.makerInquiryId} (${subject.makerName})`,
      count: String(count),
      countEn: count === 1 ? 'There is 1 new message' : `There are ${count} new messages`,
      messages: messages.map((message) => listed(message, fallbackAuthor)).join('\n\n'),
      url: url(this.config.CONSOLE_URL, subject),
    };
    return (greeting: string) => renderMailTemplate('conversation-messages', { ...vars, greeting });
  }
}

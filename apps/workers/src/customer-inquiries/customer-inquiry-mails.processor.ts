import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { acknowledgementMail, InquiryMail, staffNoticeMail } from '@oms/domain';
import { APP_CONFIG, AppConfig, createMailTransport, CustomerInquiryMailQueries, CustomerInquiryMailSource, doOnce, EventJobData, Logger, ownMessageId, sendMail } from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { consoleLink } from '../console-links';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/** The two mails of an inquiry, each sent once per event. */
export type InquiryMailKind = 'acknowledgement' | 'staff-notice';

/** A mail sent now or by an earlier run of the job, or why it was not sent. */
export type InquiryMailOutcome = { to: string; messageId: string; done: 'now' | 'before' } | { skipped: string };

interface Planned {
  kind: InquiryMailKind;
  /** Whom it goes to, or why nobody. */
  to: string | { skipped: string };
  mail: () => InquiryMail;
  replyTo: string | null;
}

/**
 * The `customer-inquiry-mails` queue (issue 16): a `customer_inquiry.received` event mails the customer an
 * acknowledgement in the form's language (an inquiry from a public form, with an e-mail) and the staff a
 * notice in Japanese (the shop's contact e-mail, else its owner, else STAFF_DIGEST_TO). Each mail is a job
 * effect keyed by the event and the mail's kind, with a Message-ID of the same key: a job run twice, or an
 * event published twice, sends one mail of each kind, and a retry after one of them failed sends only the other.
 */
@Injectable()
export class CustomerInquiryMailsProcessor implements OnApplicationBootstrap {
  private readonly transport;
  private readonly inquiries = new CustomerInquiryMailQueries();

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.transport = createMailTransport(config.SMTP_URL);
  }

  onApplicationBootstrap(): void {
    this.runtime.start('customer-inquiry-mails', { 'customer_inquiry.received': (job) => this.handle(job) });
  }

  async handle(job: Job<EventJobData<'customer_inquiry.received'>>): Promise<Partial<Record<InquiryMailKind, InquiryMailOutcome>> | { skipped: string }> {
    const { eventId, payload } = job.data;
    const inquiry = await this.inquiries.source(this.dataSource.manager, payload.inquiryId, this.config.STAFF_DIGEST_TO);
    if (!inquiry) {
      this.log.warn({ eventId, inquiryId: payload.inquiryId }, 'customer inquiry mails: the inquiry is gone');
      return { skipped: 'no_inquiry' };
    }
    const results: Partial<Record<InquiryMailKind, InquiryMailOutcome>> = {};
    let failure: unknown = null;
    // Both are tried before the job fails: a customer's mailbox refusing the acknowledgement does not hold up the staff's notice.
    for (const planned of this.plan(inquiry)) {
      try {
        results[planned.kind] = await this.sendOnce(eventId, planned);
      } catch (error) {
        failure ??= error;
        this.log.warn({ eventId, inquiryId: inquiry.id, kind: planned.kind, err: (error as Error).message }, 'customer inquiry mail not sent');
      }
    }
    this.log.info({ eventId, inquiryId: inquiry.id, reference: inquiry.reference, ...results }, 'customer inquiry mails');
    if (failure) throw failure;
    return results;
  }

  private plan(inquiry: CustomerInquiryMailSource): Planned[] {
    const customer = !inquiry.fromForm ? { skipped: 'recorded_by_staff' } : (inquiry.email ?? { skipped: 'no_email' });
    return [
      { kind: 'acknowledgement', to: customer, mail: () => acknowledgementMail(inquiry), replyTo: inquiry.shopContactEmail },
      {
        kind: 'staff-notice',
        to: inquiry.staffEmail ?? { skipped: 'no_staff_recipient' },
        mail: () => staffNoticeMail(inquiry, consoleLink(this.config.CONSOLE_URL, `/customer-inquiries/${inquiry.id}`)),
        replyTo: null,
      },
    ];
  }

  private async sendOnce(eventId: string, { kind, to, mail, replyTo }: Planned): Promise<InquiryMailOutcome> {
    if (typeof to !== 'string') {
      if (to.skipped === 'no_staff_recipient') this.log.warn({ eventId }, 'customer inquiry: no shop contact, owner or STAFF_DIGEST_TO to notify');
      return to;
    }
    const outcome = await doOnce(this.dataSource, `customer-inquiry:${kind}:${eventId}`, async () => {
      const { messageId } = await sendMail(this.transport, this.config.MAIL_FROM, to, mail(), {
        messageId: ownMessageId(`customer-inquiry-${kind}-${eventId}`, this.config.MAIL_FROM),
        replyTo,
      });
      return { to, messageId };
    });
    return { to, messageId: outcome.detail?.messageId ?? '', done: outcome.done };
  }
}

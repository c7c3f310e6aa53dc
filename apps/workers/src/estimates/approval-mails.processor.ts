import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ACCESS_POLICY, estimateNumberLabel, permissionOfStep } from '@oms/domain';
import { APP_CONFIG, AppConfig, createMailTransport, doOnce, EstimateRepository, EventJobData, Logger, ownMessageId, renderMailTemplate, sendMail } from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { slashedJapanDateTime } from '../mail-dates';
import { Clock, CLOCK, WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

const STEP_TEXTS = {
  approve: { ja: '承認', en: 'approval', answersJa: '承認または差し戻し（却下）', answersEn: 'approve or reject' },
  stamp: { ja: '押印', en: 'stamp', answersJa: '押印または修正依頼', answersEn: 'stamp or return' },
} as const;

export const approvalUrl = (consoleUrl: string, token: string) => `${consoleUrl.replace(/\/+$/, '')}/estimate-approve/${token}`;

/**
 * The `estimate-mails` queue: an estimate waiting for a step mails each person who may take it a
 * link of their own (DESIGN.md §7). Each recipient's link is made and mailed under one job effect,
 * so a job run twice mails nobody twice; a failed send rolls its link back and the retry makes another.
 * A round the estimate has already left (answered, edited, asked again) mails nothing more.
 */
@Injectable()
export class ApprovalMailsProcessor implements OnApplicationBootstrap {
  private readonly transport;
  private readonly estimates = new EstimateRepository();

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.transport = createMailTransport(config.SMTP_URL);
  }

  onApplicationBootstrap(): void {
    this.runtime.start('estimate-mails', { 'estimate.approval_requested': (job) => this.handle(job) });
  }

  async handle(job: Job<EventJobData<'estimate.approval_requested'>>) {
    const { estimateId, revision, step, requestId } = job.data.payload;
    const m = this.dataSource.manager;
    const estimate = await this.estimates.find(m, estimateId);
    if (!estimate || estimate.currentRequestId !== requestId) return { skipped: 'the estimate no longer waits for this round' };
    const [customer] = await m.query(`SELECT name FROM customers WHERE id = $1`, [estimate.customerId]);
    const recipients = await this.estimates.recipients(m, ACCESS_POLICY[permissionOfStep(step)]);
    const sent: string[] = [];
    for (const recipient of recipients) {
      const outcome = await doOnce(this.dataSource, `estimate-link:${requestId}:${recipient.id}`, async (tx) => {
        // Checked again per link. A link of a round that ends while this one is sent stays unused: links answer
        // only for the estimate's current round (NAL-CTM-104 otherwise), so no lock is held across the send.
        const round = await this.estimates.currentRound(tx, estimateId);
        if (round?.currentRequestId !== requestId) return { skipped: 'answered meanwhile' };
        const expiresAt = new Date(this.clock.now().getTime() + this.config.ESTIMATE_LINK_HOURS * 3600_000);
        const token = await this.estimates.issueLink(tx, { estimateId, revision, step, requestId, recipientId: recipient.id, expiresAt });
        const texts = STEP_TEXTS[step];
        const mail = renderMailTemplate('estimate-approval', {
          recipientName: recipient.name,
          estimateNo: estimateNumberLabel(estimate.estimateNo, estimate.revision),
          customerName: customer?.name ?? '',
          total: estimate.total.toLocaleString('ja-JP'),
          stepJa: texts.ja,
          stepEn: texts.en,
          answersJa: texts.answersJa,
          answersEn: texts.answersEn,
          approvalUrl: approvalUrl(this.config.CONSOLE_URL, token),
          expiresAt: slashedJapanDateTime(expiresAt),
        });
        const { messageId } = await sendMail(this.transport, this.config.MAIL_FROM, recipient.email, mail, {
          messageId: ownMessageId(`estimate-link-${requestId}-${recipient.id}`, this.config.MAIL_FROM),
        });
        return { messageId };
      });
      if (outcome.done === 'now' && outcome.detail && 'messageId' in outcome.detail) sent.push(recipient.id);
    }
    this.log.info({ estimateId, revision, step, requestId, recipients: recipients.length, sent: sent.length }, 'estimate approval links');
    return { recipients: recipients.length, sent: sent.length };
  }
}

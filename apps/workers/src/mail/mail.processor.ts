import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createMailTransport, doOnce, EventJobData, Logger, renderMailTemplate, sendMail } from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/** The `mail` queue: mails that follow from events, each sent once per event (job_effects). */
@Injectable()
export class MailProcessor implements OnApplicationBootstrap {
  private readonly transport;

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.transport = createMailTransport(config.SMTP_URL);
  }

  onApplicationBootstrap(): void {
    this.runtime.start('mail', {
      'account.created': (job) => this.welcome(job),
    });
  }

  private async welcome(job: Job<EventJobData<'account.created'>>) {
    const { email, name, role } = job.data.payload;
    const outcome = await doOnce(this.dataSource, `welcome-mail:${job.data.eventId}`, () =>
      sendMail(this.transport, this.config.MAIL_FROM, email, renderMailTemplate('welcome', { name, email, role, consoleUrl: this.config.CONSOLE_URL })),
    );
    this.log.info({ to: email, eventId: job.data.eventId, sent: outcome.done }, 'welcome mail');
    return outcome;
  }
}

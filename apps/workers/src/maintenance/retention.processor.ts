import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createFileStorage, createRedis, FileStorage, jobOptions, Logger, purgeSpentRows, QueueRegistry, RetentionResult, sweepUnclaimedUploads } from '@oms/infra';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Clock, CLOCK, WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

export const RETENTION_JOB = 'retention.run';
// One id for every workers process: each upserts the same scheduler, so there is one daily run.
export const RETENTION_SCHEDULER = 'retention-daily';
/** 03:30 in Japan, when the back office is closed. */
export const RETENTION_CRON = '0 30 3 * * *';

/**
 * The `maintenance` queue: once a day, the spent rows go (published outbox events, old job_effects,
 * maker_reminders and idempotency keys; docs/decisions.md "Events"), in short batches, and so do the
 * uploads no area took over (docs/decisions.md "Uploads"). A run twice, or two at once
 * (several workers), deletes each row once and nothing else.
 */
@Injectable()
export class RetentionProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly queues: QueueRegistry;
  private readonly storage: FileStorage;

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.redis = createRedis(config.REDIS_URL);
    this.storage = createFileStorage(config);
    this.queues = new QueueRegistry(this.redis, config.QUEUE_PREFIX);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.runtime.start('maintenance', {}, { [RETENTION_JOB]: () => this.run() }, 1);
    await this.queues
      .get('maintenance')
      .upsertJobScheduler(RETENTION_SCHEDULER, { pattern: RETENTION_CRON, tz: 'Asia/Tokyo' }, { name: RETENTION_JOB, data: {}, opts: jobOptions(this.config) })
      .catch((error) => this.log.error({ err: (error as Error).message }, 'retention not scheduled'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    this.redis.disconnect();
  }

  async run(): Promise<RetentionResult & { unclaimedUploads: number }> {
    const deleted = await purgeSpentRows(
      this.dataSource,
      {
        outboxDays: this.config.OUTBOX_RETENTION_DAYS,
        jobEffectsDays: this.config.JOB_EFFECTS_RETENTION_DAYS,
        makerRemindersDays: this.config.MAKER_REMINDERS_RETENTION_DAYS,
      },
      this.clock.now(),
    );
    // Files PUT to a presigned URL that no area took over (their URL expired long before).
    const unclaimedUploads = await sweepUnclaimedUploads(this.storage, new Date(this.clock.now().getTime() - this.config.UPLOAD_RETENTION_HOURS * 3600_000));
    this.log.info({ deleted, unclaimedUploads }, 'retention');
    return { ...deleted, unclaimedUploads };
  }
}

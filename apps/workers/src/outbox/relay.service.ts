import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createRedis, jobOptions, Logger, OutboxRelay, QueueRegistry } from '@oms/infra';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { WORKER_LOGGER } from '../worker-runtime';

/** Runs the outbox relay in the workers process; several copies may run (rows are claimed with SKIP LOCKED). */
@Injectable()
export class RelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly queues: QueueRegistry;
  readonly relay: OutboxRelay;

  constructor(dataSource: DataSource, @Inject(APP_CONFIG) private readonly config: AppConfig, @Inject(WORKER_LOGGER) log: Logger) {
    this.redis = createRedis(config.REDIS_URL);
    this.queues = new QueueRegistry(this.redis, config.QUEUE_PREFIX, jobOptions(config));
    this.relay = new OutboxRelay(dataSource, this.queues, log);
  }

  onApplicationBootstrap(): void {
    this.relay.start(this.config.OUTBOX_RELAY_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.queues.close();
    this.redis.disconnect();
  }
}

import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createRedis, jobOptions, QueueRegistry } from '@oms/infra';
import type Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

/** One fail-fast Redis connection for the API (health, rate limits) and the queues it adds to. */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [APP_CONFIG], useFactory: (c: AppConfig) => createRedis(c.REDIS_URL) },
    { provide: QueueRegistry, inject: [REDIS, APP_CONFIG], useFactory: (r: Redis, c: AppConfig) => new QueueRegistry(r, c.QUEUE_PREFIX, jobOptions(c)) },
  ],
  exports: [REDIS, QueueRegistry],
})
export class QueuesModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queues: QueueRegistry,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    this.redis.disconnect();
  }
}

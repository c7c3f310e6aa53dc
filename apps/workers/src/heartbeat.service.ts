import { hostname } from 'node:os';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createRedis, Logger } from '@oms/infra';
import type Redis from 'ioredis';
import { WORKER_LOGGER } from './worker-runtime';

/** Logs a heartbeat and leaves its time in Redis, where the API's health check shows it. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private readonly redis: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, @Inject(WORKER_LOGGER) private readonly log: Logger) {
    this.redis = createRedis(config.REDIS_URL);
  }

  onApplicationBootstrap(): void {
    const beat = async () => {
      const at = new Date().toISOString();
      this.log.info({ host: hostname(), at }, 'heartbeat');
      const ttl = Math.ceil((this.config.WORKER_HEARTBEAT_MS * 3) / 1000);
      await this.redis.set(`${this.config.QUEUE_PREFIX}:workers:heartbeat`, at, 'EX', ttl).catch(() => undefined);
    };
    void beat();
    this.timer = setInterval(() => void beat(), this.config.WORKER_HEARTBEAT_MS);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.redis.disconnect();
  }
}

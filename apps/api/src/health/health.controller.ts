import { Controller, Get, Inject, Res } from '@nestjs/common';
import { APP_CONFIG, AppConfig, outboxBacklog } from '@oms/infra';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { REDIS } from '../common/queues.module';

const CHECK_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>): Promise<{ status: 'up' | 'down'; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/** PostgreSQL and Redis, each reported on its own; 503 when either is down. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  async health(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    const outbox = postgres.status === 'up' ? await outboxBacklog(this.dataSource).catch(() => null) : null;
    const heartbeat = redis.status === 'up' ? await this.redis.get(`${this.config.QUEUE_PREFIX}:workers:heartbeat`).catch(() => null) : null;
    const healthy = postgres.status === 'up' && redis.status === 'up';
    res.status(healthy ? 200 : 503);
    return one({
      status: healthy ? 'ok' : 'unavailable',
      postgres,
      redis,
      outbox,
      workers: { lastHeartbeat: heartbeat },
    });
  }
}

import { Controller, Get, Inject, Res } from '@nestjs/common';
import { APP_CONFIG, AppConfig, outboxBacklog, QUEUE_NAMES, QueueName, QueueRegistry } from '@oms/infra';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Allow, Public } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { REDIS } from '../common/queues.module';
import { AlsoAnswers } from '../contract/file-answer';

const CHECK_TIMEOUT_MS = 2000;
/** What an operator reads off a queue; `paused` counts the jobs waiting in a paused queue. */
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'paused'] as const;

type JobCounts = Record<(typeof JOB_STATES)[number], number>;

function withinBudget<T>(check: () => Promise<T>): Promise<T> {
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
  ]);
}

async function probe(check: () => Promise<unknown>): Promise<{ status: 'up' | 'down'; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await withinBudget(check);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/**
 * Up or down for anyone (a load balancer, a monitor): `{data: {status}}`, 200 or 503 when PostgreSQL
 * or Redis is down. What is behind it (latencies, errors, backlogs, queue counts) tells an attacker
 * too much: `/health/details` is for system administrators.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queues: QueueRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @AlsoAnswers(503, 'PostgreSQL or Redis is down.')
  @Public()
  async health(@Res({ passthrough: true }) res: FastifyReply) {
    const [postgres, redis] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    const healthy = postgres.status === 'up' && redis.status === 'up';
    res.status(healthy ? 200 : 503);
    return one({ status: healthy ? 'ok' : 'unavailable' });
  }

  /** PostgreSQL and Redis, each reported on its own; 503 when either is down. Backlogs (outbox, queues) are information only. */
  @Get('details')
  @AlsoAnswers(503, 'PostgreSQL or Redis is down; each dependency says which.')
  @Allow('operations.admin')
  async details(@Res({ passthrough: true }) res: FastifyReply) {
    // The queue counts run beside the probes, in the same budget: a slow Redis costs the check 2 s, not 4.
    const [postgres, redis, jobCounts] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
      withinBudget(() => this.jobCounts()).catch(() => null),
    ]);
    const outbox = postgres.status === 'up' ? await outboxBacklog(this.dataSource).catch(() => null) : null;
    const heartbeat = redis.status === 'up' ? await this.redis.get(`${this.config.QUEUE_PREFIX}:workers:heartbeat`).catch(() => null) : null;
    const healthy = postgres.status === 'up' && redis.status === 'up';
    res.status(healthy ? 200 : 503);
    return one({
      status: healthy ? 'ok' : 'unavailable',
      postgres,
      redis,
      outbox,
      queues: redis.status === 'up' ? jobCounts : null,
      workers: { lastHeartbeat: heartbeat },
    });
  }

  private async jobCounts(): Promise<Record<QueueName, JobCounts>> {
    const counts = await Promise.all(QUEUE_NAMES.map((name) => this.queues.get(name).getJobCounts(...JOB_STATES)));
    return Object.fromEntries(
      QUEUE_NAMES.map((name, i) => [name, Object.fromEntries(JOB_STATES.map((state) => [state, counts[i][state] ?? 0])) as JobCounts]),
    ) as Record<QueueName, JobCounts>;
  }
}

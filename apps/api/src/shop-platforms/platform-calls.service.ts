import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DomainError, ShopType } from '@oms/domain';
import { APP_CONFIG, AppConfig, createRedis, ImportPageJob, QueueRegistry, SHOP_CALL, SHOP_CALL_PRIORITY, SHOP_CALLS_QUEUE, TestConnectionJob, TestConnectionOutcome } from '@oms/infra';
import { QueueEvents } from 'bullmq';
import type Redis from 'ioredis';

/**
 * The API's calls to a platform go through the platform's queue like the workers' own (issue 17): its
 * shared limiter keeps the platform's rate however many processes call. A test waits for its job's answer.
 */
@Injectable()
export class PlatformCalls implements OnApplicationShutdown {
  private readonly events = new Map<ShopType, QueueEvents>();
  /** The events' own connections: closing a QueueEvents leaves a connection it was given open. */
  private readonly connections: Redis[] = [];

  constructor(
    private readonly queues: QueueRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async test(platform: ShopType, shopId: string): Promise<TestConnectionOutcome> {
    const queue = this.queues.get(SHOP_CALLS_QUEUE[platform]);
    // Nobody to take the call (the workers are down): say so now rather than leave a job waiting.
    if ((await queue.getWorkersCount()) === 0) throw new DomainError('NAL-SHOP-007');
    const events = await this.eventsOf(platform);
    const job = await queue.add(SHOP_CALL.testConnection, { shopId } satisfies TestConnectionJob, { attempts: 1, priority: SHOP_CALL_PRIORITY.test });
    try {
      // The platform's own timeout, and time to wait for the queue's turn.
      return (await job.waitUntilFinished(events, this.config.SHOP_PLATFORM_TIMEOUT_MS + 15_000)) as TestConnectionOutcome;
    } catch (error) {
      if (/timed out|Job wait .* timed out/i.test((error as Error).message)) throw new DomainError('NAL-SHOP-007');
      return { ok: false, kind: 'unavailable', message: (error as Error).message };
    }
  }

  /** Starts an import run now; a run already waiting for its turn is not asked twice. */
  async fetchNow(platform: ShopType, shopId: string): Promise<void> {
    await this.queues
      .get(SHOP_CALLS_QUEUE[platform])
      .add(SHOP_CALL.importPage, { shopId, trigger: 'fetch-now' } satisfies ImportPageJob, { deduplication: { id: `shop-fetch-now-${shopId}` }, priority: SHOP_CALL_PRIORITY.import });
  }

  private async eventsOf(platform: ShopType): Promise<QueueEvents> {
    let events = this.events.get(platform);
    if (!events) {
      const connection = createRedis(this.config.REDIS_URL!, true);
      this.connections.push(connection);
      events = new QueueEvents(SHOP_CALLS_QUEUE[platform], { connection, prefix: this.config.QUEUE_PREFIX });
      this.events.set(platform, events);
      await events.waitUntilReady();
    }
    return events;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.close()));
    for (const connection of this.connections) connection.disconnect();
  }
}

import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SHOP_TYPES } from '@oms/domain';
import {
  APP_CONFIG,
  AppConfig,
  createRedis,
  EventJobData,
  ImportPageJob,
  importSchedulerId,
  jobOptions,
  Logger,
  QueueRegistry,
  SendTrackingJob,
  sendTrackingJobId,
  SHOP_CALL,
  SHOP_CALL_PRIORITY,
  SHOP_CALLS_QUEUE,
  ShopConnectionRepository,
} from '@oms/infra';
import { Job } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/**
 * The `shop-platform-sync` queue (issue 17): what the rest of the system tells the shop platforms' queues.
 * A shipped maker part of an imported order becomes one tracking job on its platform's queue (once per
 * tracking code: a code the platform already confirmed is not sent again); a shop or connection saved
 * moves the shop's import schedule (one BullMQ job scheduler per connected shop, on its platform's queue;
 * all of them again at start).
 */
@Injectable()
export class ShopPlatformSyncProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly queues: QueueRegistry;
  private readonly connections: ShopConnectionRepository;

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.redis = createRedis(config.REDIS_URL);
    this.queues = new QueueRegistry(this.redis, config.QUEUE_PREFIX, jobOptions(config));
    this.connections = new ShopConnectionRepository(dataSource);
  }

  async onApplicationBootstrap(): Promise<void> {
    // One at a time: two saves of a shop in a row move its schedule in their order.
    this.runtime.start(
      'shop-platform-sync',
      {
        'order.shipped': (job) => this.shipped(job),
        'shop.saved': (job) => this.syncSchedule(job.data.payload.shopId),
        'shop_connection.saved': (job) => this.syncSchedule(job.data.payload.shopId),
      },
      {},
      1,
    );
    await this.syncAll().catch((error) => this.log.error({ err: (error as Error).message }, 'shop import schedules not synced'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    this.redis.disconnect();
  }

  async shipped(job: Job<EventJobData<'order.shipped'>>): Promise<{ queued: string } | { skipped: string }> {
    const { orderId, makerId, trackingCode } = job.data.payload;
    if (!trackingCode) return { skipped: 'no_tracking_code' };
    const [order] = await this.dataSource.query(
      `SELECT s.type AS platform FROM shop_imported_orders i JOIN orders o ON o.id = i.order_id JOIN shops s ON s.id = o.shop_id WHERE i.order_id = $1`,
      [orderId],
    );
    if (!order) return { skipped: 'not_imported' };
    // A new code for the part (a re-shipment, a correction) is sent again, and the order waits for it (flag 0);
    // the same code is queued again only while the platform has not confirmed it (a retry after a failure here).
    const send = await this.dataSource.transaction(async (m) => {
      const [row] = await m.query(
        `INSERT INTO shop_origin_sends AS s (order_id, maker_id, tracking_code) VALUES ($1, $2, $3)
         ON CONFLICT (order_id, maker_id) DO UPDATE SET
           confirmed_at = CASE WHEN s.tracking_code = EXCLUDED.tracking_code THEN s.confirmed_at END,
           attempts = CASE WHEN s.tracking_code = EXCLUDED.tracking_code THEN s.attempts ELSE 0 END,
           last_error = CASE WHEN s.tracking_code = EXCLUDED.tracking_code THEN s.last_error END,
           updated_at = CASE WHEN s.tracking_code = EXCLUDED.tracking_code THEN s.updated_at ELSE now() END,
           tracking_code = EXCLUDED.tracking_code
         RETURNING s.confirmed_at AS "confirmedAt", (extract(epoch FROM s.updated_at) * 1000000)::bigint::text AS generation`,
        [orderId, makerId, trackingCode],
      );
      if (!row.confirmedAt) {
        await m.query(`UPDATE orders SET sent_to_origin_flag = 0, version = version + 1, updated_at = now() WHERE id = $1 AND sent_to_origin_flag = 1`, [orderId]);
      }
      return row as { confirmedAt: Date | null; generation: string };
    });
    if (send.confirmedAt) return { skipped: 'sent_before' };
    const data: SendTrackingJob = { orderId, makerId };
    await this.queues
      .get(SHOP_CALLS_QUEUE[order.platform as keyof typeof SHOP_CALLS_QUEUE])
      .add(SHOP_CALL.sendTracking, data, { jobId: sendTrackingJobId(orderId, makerId, send.generation), priority: SHOP_CALL_PRIORITY.tracking });
    return { queued: trackingCode };
  }

  /** The shop's import schedule as its connection says: on its platform's queue every N minutes, or none. */
  async syncSchedule(shopId: string): Promise<{ everyMinutes: number | null }> {
    const connection = await this.connections.find(shopId);
    const wanted = connection?.importEnabled ? connection : null;
    for (const platform of SHOP_TYPES) {
      const queue = this.queues.get(SHOP_CALLS_QUEUE[platform]);
      if (wanted?.platform === platform) {
        const data: ImportPageJob = { shopId, trigger: 'schedule' };
        await queue.upsertJobScheduler(
          importSchedulerId(shopId),
          { every: wanted.importIntervalMinutes * 60_000 },
          { name: SHOP_CALL.importPage, data, opts: { ...jobOptions(this.config), priority: SHOP_CALL_PRIORITY.import } },
        );
      } else {
        await queue.removeJobScheduler(importSchedulerId(shopId));
      }
    }
    this.log.info({ shopId, everyMinutes: wanted?.importIntervalMinutes ?? null }, 'shop import schedule');
    return { everyMinutes: wanted?.importIntervalMinutes ?? null };
  }

  /** At start: every scheduled shop's import, and none left for a shop that is gone or stopped. */
  async syncAll(): Promise<void> {
    const scheduled = await this.connections.scheduled();
    const live = new Set(scheduled.map((s) => s.shopId));
    for (const platform of SHOP_TYPES) {
      for (const scheduler of await this.queues.get(SHOP_CALLS_QUEUE[platform]).getJobSchedulers()) {
        const shopId = /^shop-import-(\d+)$/.exec(scheduler.key)?.[1];
        if (shopId && !live.has(shopId)) await this.syncSchedule(shopId);
      }
    }
    for (const { shopId } of scheduled) await this.syncSchedule(shopId);
  }
}

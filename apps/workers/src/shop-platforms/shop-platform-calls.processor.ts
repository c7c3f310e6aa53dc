import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { japanToday, ORIGIN_SEND_FAILED, PlatformError, SHOP_TYPES, ShopPlatformAdapter, ShopType } from '@oms/domain';
import {
  APP_CONFIG,
  AppConfig,
  connectionCredentials,
  createRedis,
  failureStatus,
  CustomerRepository,
  ImportPageJob,
  importPageJobId,
  jobOptions,
  Logger,
  OrderRepository,
  platformEndpoint,
  PlatformRequestGate,
  QueueRegistry,
  recordOrderError,
  SecretBox,
  SendTrackingJob,
  SHOP_CALL,
  SHOP_CALL_PRIORITY,
  SHOP_CALLS_QUEUE,
  ShopConnectionRepository,
  ShopConnectionRow,
  shopPlatformAdapters,
  ShopOrderImporter,
  TestConnectionJob,
  TestConnectionOutcome,
} from '@oms/infra';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Clock, CLOCK, WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/** What one import page did. */
export interface ImportPageOutcome {
  orders: number;
  imported: number;
  updated: number;
  flagged: number;
  more: boolean;
}

const failureMessage = (e: PlatformError) => `${e.kind}: ${e.message}${e.httpStatus ? ` (HTTP ${e.httpStatus})` : ''}`;
const cursorKey = (cursor: unknown) => createHash('sha256').update(JSON.stringify(cursor)).digest('hex').slice(0, 16);

/**
 * The shop platforms' queues (issue 17), one per platform, each job one request to the platform. Their
 * limiter (the adapter's limits) is BullMQ's, kept in Redis: every worker process together starts at most
 * that many requests per interval, and a platform's "too many" answer pauses the whole queue for as long
 * as it asks. Jobs: a page of an import run (the next page queued at once until the run is done), the
 * tracking of one shipped maker part, a test of the connection (the API waits for its answer).
 */
@Injectable()
export class ShopPlatformCallsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly adapters: Record<ShopType, ShopPlatformAdapter>;
  private readonly connections: ShopConnectionRepository;
  private readonly importer: ShopOrderImporter;
  private readonly box: SecretBox;
  private readonly redis: Redis;
  private readonly queues: QueueRegistry;
  private readonly workers = new Map<ShopType, Worker>();
  private readonly gate: PlatformRequestGate;

  constructor(
    private readonly runtime: WorkerRuntime,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.adapters = shopPlatformAdapters(config);
    this.connections = new ShopConnectionRepository(dataSource);
    this.importer = new ShopOrderImporter(new OrderRepository(), new CustomerRepository(dataSource));
    this.box = SecretBox.fromConfig(config);
    this.redis = createRedis(config.REDIS_URL);
    this.queues = new QueueRegistry(this.redis, config.QUEUE_PREFIX, jobOptions(config));
    this.gate = new PlatformRequestGate(this.redis, config.QUEUE_PREFIX);
  }

  onApplicationBootstrap(): void {
    for (const platform of SHOP_TYPES) {
      const { requestsPerInterval, intervalMs } = this.adapters[platform].limits;
      const worker = this.runtime.start(
        SHOP_CALLS_QUEUE[platform],
        {},
        {
          [SHOP_CALL.importPage]: (job: Job<ImportPageJob>) => this.importPage(platform, job),
          [SHOP_CALL.sendTracking]: (job: Job<SendTrackingJob>) => this.sendTracking(platform, job),
          [SHOP_CALL.testConnection]: (job: Job<TestConnectionJob>) => this.testConnection(platform, job.data.shopId),
        },
        1,
        { max: requestsPerInterval, duration: intervalMs },
      );
      this.workers.set(platform, worker);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    this.redis.disconnect();
  }

  /** The shop's connection on this platform with its credentials opened, or why there is nothing to call. */
  private async ready(platform: ShopType, shopId: string): Promise<{ connection: ShopConnectionRow; credentials: import('@oms/domain').PlatformCredentials } | { skipped: string }> {
    const connection = await this.connections.find(shopId);
    if (!connection) return { skipped: 'no_shop' };
    if (connection.platform !== platform) return { skipped: 'other_platform' };
    const opened = connectionCredentials(connection, this.box);
    if (!opened.ok) {
      await this.connections.recordFailure(shopId, failureStatus(platform, 'auth'), `credentials missing: ${opened.missing.join(', ')}`);
      return { skipped: 'no_credentials' };
    }
    return { connection, credentials: opened.credentials };
  }

  /** One request to the platform, through the gate every process shares (PlatformRequestGate). */
  private call<T>(platform: ShopType, request: () => Promise<T>): Promise<T> {
    return this.gate.run(platform, this.adapters[platform].limits, this.config.SHOP_PLATFORM_TIMEOUT_MS, request);
  }

  /**
   * A failed call: the connection says so; a passing trouble (the platform down, too many requests) is
   * retried by BullMQ with backoff, anything else is not.
   */
  private async failed(platform: ShopType, shopId: string, error: PlatformError, what: string): Promise<never> {
    this.log.warn({ platform, shopId, kind: error.kind, status: error.httpStatus, err: error.message }, `${what}: the platform call failed`);
    if (error.kind === 'rate_limited') {
      // The whole queue waits as long as the platform asks (or a second): no other shop's call goes out meanwhile.
      await this.workers.get(platform)?.rateLimit(error.retryAfterMs ?? 1000);
      throw Worker.RateLimitError();
    }
    await this.connections.recordFailure(shopId, failureStatus(platform, error.kind), failureMessage(error));
    if (error.kind === 'unavailable' || error.kind === 'protocol') throw new Error(failureMessage(error));
    throw new UnrecoverableError(failureMessage(error));
  }

  async importPage(platform: ShopType, job: Job<ImportPageJob>): Promise<ImportPageOutcome | { skipped: string }> {
    const { shopId, trigger } = job.data;
    const ready = await this.ready(platform, shopId);
    if ('skipped' in ready) return ready;
    const { connection, credentials } = ready;
    if (trigger === 'schedule' && !connection.importEnabled) return { skipped: 'import_off' };
    const adapter = this.adapters[platform];
    const now = this.clock.now();
    // A cursor of another platform (the shop moved) is no position here: start afresh.
    const cursor = connection.cursorPlatform === platform ? connection.cursor : null;
    // A first run without a first day reads the day's orders so far (Japan's midnight): what came in while staff set the shop up.
    const from = cursor ?? adapter.initialCursor(new Date(`${connection.importFrom ?? japanToday(now)}T00:00:00+09:00`));
    const result = await this.call(platform, () => adapter.fetchChangedOrders(credentials, platformEndpoint(this.config, platform), from, now));
    if (!result.ok) return this.failed(platform, shopId, result.error, 'import');
    const page = result.value;

    const outcome: ImportPageOutcome = { orders: page.orders.length, imported: 0, updated: 0, flagged: 0, more: page.more };
    const moved = await this.dataSource
      .transaction(async (m) => {
      // One writer per shop at a time; a second run that read the same cursor writes its (same) orders and stops.
      await this.connections.find(shopId, { manager: m, lock: true });
      for (const order of page.orders) {
        const imported = await this.importer.importOrder(m, shopId, order);
        if (imported.outcome === 'imported') outcome.imported++;
        else if (imported.outcome === 'updated') outcome.updated++;
        else if (imported.outcome === 'flagged') outcome.flagged++;
      }
      return this.connections.advance(m, shopId, platform, connection.cursor, page.next, page.more, { imported: outcome.imported, updated: outcome.updated, errors: outcome.flagged }, now);
      })
      .catch(async (error: Error) => {
        // Nothing of the page is kept (the cursor stays): the job is retried, and staff see why meanwhile.
        await this.connections.recordFailure(shopId, 'failing', `import: ${error.message}`);
        throw error;
      });
    if (moved && page.more) {
      await this.queues.get(SHOP_CALLS_QUEUE[platform]).add(SHOP_CALL.importPage, { shopId, trigger: 'next-page' } satisfies ImportPageJob, {
        jobId: importPageJobId(shopId, cursorKey(page.next)),
        priority: SHOP_CALL_PRIORITY.import,
      });
    }
    this.log.info({ platform, shopId, trigger, moved, ...outcome }, 'shop import page');
    return outcome;
  }

  /**
   * The order's tracking as it stands, sent to the platform: every shipped part's code (the platform keeps one
   * slip number per delivery), marked shipped once the last part has gone. The platform's yes confirms the
   * codes it was sent, no other; the order's flag is 1 when every part is confirmed.
   */
  async sendTracking(platform: ShopType, job: Job<SendTrackingJob>): Promise<{ sent: 'now' | 'before'; codes?: string } | { skipped: string }> {
    const { orderId, makerId } = job.data;
    const [order] = await this.dataSource.query(
      `SELECT o.shop_id::text AS "shopId", i.ec_order_id AS "ecOrderId", i.document #>> '{deliveries,0,ecDeliveryId}' AS "ecDeliveryId"
         FROM orders o JOIN shop_imported_orders i ON i.order_id = o.id WHERE o.id = $1`,
      [orderId],
    );
    if (!order) return { skipped: 'not_imported' };
    const parts: { makerId: string; trackingCode: string | null; confirmedAt: Date | null; carrierName: string | null; trackingUrl: string | null }[] = await this.dataSource.query(
      `SELECT om.maker_id::text AS "makerId", s.tracking_code AS "trackingCode", s.confirmed_at AS "confirmedAt", dc.name AS "carrierName", dc.tracking_url AS "trackingUrl"
         FROM order_makers om
         LEFT JOIN shop_origin_sends s ON s.order_id = om.order_id AND s.maker_id = om.maker_id
         LEFT JOIN delivery_companies dc ON dc.id = om.delivery_company_id
        WHERE om.order_id = $1 ORDER BY om.maker_id`,
      [orderId],
    );
    const shipped = parts.filter((p) => p.trackingCode !== null);
    if (shipped.length === 0) return { skipped: 'no_send' };
    if (shipped.every((p) => p.confirmedAt)) return { sent: 'before' };
    const ready = await this.ready(platform, order.shopId);
    if ('skipped' in ready) return ready;
    const codes = shipped.map((p) => p.trackingCode!).join(',');
    const part = shipped.find((p) => p.makerId === makerId) ?? shipped[shipped.length - 1];
    await this.dataSource.query(`UPDATE shop_origin_sends SET attempts = attempts + 1 WHERE order_id = $1 AND confirmed_at IS NULL`, [orderId]);
    const result = await this.call(platform, () =>
      this.adapters[platform].sendTracking(ready.credentials, platformEndpoint(this.config, platform), {
        ecOrderId: order.ecOrderId,
        ecDeliveryId: order.ecDeliveryId,
        trackingNumber: codes,
        complete: shipped.length === parts.length,
        carrierName: part.carrierName,
        // A link follows one parcel: with several, the buyer has the numbers.
        trackingUrl: shipped.length === 1 && part.trackingUrl ? part.trackingUrl.replace('{code}', encodeURIComponent(part.trackingCode!)) : null,
      }),
    );
    if (!result.ok) {
      const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const passing = result.error.kind === 'unavailable' || result.error.kind === 'protocol';
      // Too many requests uses up no try (the queue waits): no order error for it.
      if (result.error.kind !== 'rate_limited' && (!passing || lastTry)) await this.giveUp(orderId, makerId, result.error);
      return this.failed(platform, order.shopId, result.error, 'tracking');
    }
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `UPDATE shop_origin_sends s SET confirmed_at = now(), last_error = NULL, updated_at = now()
           FROM unnest($2::bigint[], $3::text[]) AS sent(maker_id, tracking_code)
          WHERE s.order_id = $1 AND s.maker_id = sent.maker_id AND s.tracking_code = sent.tracking_code AND s.confirmed_at IS NULL`,
        [orderId, shipped.map((p) => p.makerId), shipped.map((p) => p.trackingCode)],
      );
      // Done (1) once the platform has every part's code. A change of the order like any other: its version moves,
      // so an edit opened before it cannot write the old flag back.
      await m.query(
        `UPDATE orders o SET sent_to_origin_flag = 1, version = version + 1, updated_at = now()
          WHERE o.id = $1 AND o.sent_to_origin_flag = 0 AND NOT EXISTS (
            SELECT 1 FROM order_makers om WHERE om.order_id = o.id
               AND NOT EXISTS (SELECT 1 FROM shop_origin_sends s WHERE s.order_id = o.id AND s.maker_id = om.maker_id AND s.confirmed_at IS NOT NULL))`,
        [orderId],
      );
    });
    this.log.info({ platform, orderId, makerId, codes }, 'tracking sent to the shop platform');
    return { sent: 'now', codes };
  }

  /** The tracking will not reach the platform: staff read why on the order. */
  private async giveUp(orderId: string, makerId: string, error: PlatformError): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`UPDATE shop_origin_sends SET last_error = left($3, 500), updated_at = now() WHERE order_id = $1 AND maker_id = $2`, [orderId, makerId, failureMessage(error)]);
      await recordOrderError(m, { orderId, makerId, code: ORIGIN_SEND_FAILED, message: `出荷情報 (送り状番号) をショップへ送れませんでした: ${failureMessage(error)}` });
    });
  }

  async testConnection(platform: ShopType, shopId: string): Promise<TestConnectionOutcome> {
    const ready = await this.ready(platform, shopId);
    if ('skipped' in ready) return { ok: false, kind: ready.skipped, message: ready.skipped === 'no_credentials' ? 'credentials missing' : ready.skipped };
    const result = await this.call(platform, () => this.adapters[platform].testConnection(ready.credentials, platformEndpoint(this.config, platform)));
    if (!result.ok) {
      if (result.error.kind !== 'rate_limited') await this.connections.recordFailure(shopId, failureStatus(platform, result.error.kind), failureMessage(result.error));
      return { ok: false, kind: result.error.kind, message: result.error.message };
    }
    await this.connections.recordSuccess(shopId);
    return { ok: true, shopName: result.value.shopName };
  }
}

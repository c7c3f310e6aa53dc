import type { DomainEvent } from '@oms/domain';
import { JobsOptions, Queue } from 'bullmq';
import Redis, { RedisOptions } from 'ioredis';

/**
 * The BullMQ queues. One processor file per queue in apps/workers, except `product-imports`, whose
 * consumer is the API (it checks rows with the API's own validation rules; docs/decisions.md).
 */
export const QUEUE_NAMES = ['mail', 'order-sheets', 'reminders', 'customer-mails', 'product-imports'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Which queues each outbox event type is published to. The relay refuses to start on an unrouted type. */
export const EVENT_ROUTES: Readonly<Record<string, readonly QueueName[]>> = {
  'account.created': ['mail'],
  'order.sent_to_maker': ['order-sheets'],
  'order.sheet_requested': ['order-sheets'],
  'order.shipped': ['customer-mails'],
  'shop.saved': ['reminders'],
};

export const PRODUCT_IMPORTS_QUEUE = 'product-imports' satisfies QueueName;

/** A product import's job: `validate` (the upload, into a preview) or `apply` (the preview, into the catalogue). */
export interface ProductImportJobData {
  importId: string;
}
export type ProductImportJobName = 'validate' | 'apply';

/** What a job carries: the outbox event, whose id is also the job id (a row published twice is one job). */
export interface EventJobData<TPayload extends object = object> {
  eventId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  payload: TPayload;
  occurredAt: string;
}

export function eventJobData(eventId: string, event: DomainEvent, occurredAt: Date): EventJobData {
  return {
    eventId,
    type: event.type,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    payload: event.payload,
    occurredAt: occurredAt.toISOString(),
  };
}

/** Delivery is at least once: keep finished jobs long enough that a re-published event id is still recognised. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 14 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** The job options with the configured retries (JOB_ATTEMPTS, JOB_BACKOFF_MS). */
export function jobOptions(retry: { JOB_ATTEMPTS: number; JOB_BACKOFF_MS: number }): JobsOptions {
  return { ...DEFAULT_JOB_OPTIONS, attempts: retry.JOB_ATTEMPTS, backoff: { type: 'exponential', delay: retry.JOB_BACKOFF_MS } };
}

export function redisOptions(forWorker: boolean): RedisOptions {
  // Workers block on Redis and must retry forever; producers and health checks fail fast instead of queueing.
  return forWorker
    ? { maxRetriesPerRequest: null }
    : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
}

export function createRedis(url: string, forWorker = false): Redis {
  return new Redis(url, { ...redisOptions(forWorker), lazyConnect: false });
}

/** The queues a producer (API, relay) adds to, sharing one connection. */
export class QueueRegistry {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly defaultJobOptions: JobsOptions = DEFAULT_JOB_OPTIONS,
  ) {}

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix, defaultJobOptions: this.defaultJobOptions });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}

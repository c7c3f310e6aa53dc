import { DOMAIN_EVENT_TYPES, type DomainEvent, type DomainEventType, type EventAggregate, type EventPayload } from '@oms/domain';
import { JobsOptions, Queue } from 'bullmq';
import Redis, { RedisOptions } from 'ioredis';

/**
 * The BullMQ queues. One processor file per queue in apps/workers, except `product-imports`, whose
 * consumer is the API (it checks rows with the API's own validation rules; docs/decisions.md), and
 * `maintenance` (scheduled housekeeping: the retention of spent rows).
 */
export const QUEUE_NAMES = ['mail', 'order-sheets', 'reminders', 'customer-mails', 'product-imports', 'maintenance', 'estimate-mails', 'deposit-matching', 'revenues', 'conversation-mails', 'customer-inquiry-mails', 'shop-platform-sync', 'shop-calls-makeshop', 'shop-calls-colorme'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Every event type of the catalogue with the queues it goes to: at least one (what nothing consumes is not written). */
export type EventRouteTable = { readonly [T in DomainEventType]: readonly [QueueName, ...QueueName[]] };

/**
 * Which queues each outbox event type is published to. Exhaustive over the domain's events: a type
 * missing here, or one the domain does not know, fails to compile (and the relay checks again at start).
 */
export const EVENT_ROUTES = {
  'account.created': ['mail'],
  // Also the shop's import schedule: a deleted shop, or one moved to another platform, stops or moves its imports.
  'shop.saved': ['reminders', 'shop-platform-sync'],
  'shop_connection.saved': ['shop-platform-sync'],
  // Also the conversations' mails: what staff wrote beside the order before it was the maker's goes out now.
  'order.sent_to_maker': ['order-sheets', 'conversation-mails'],
  'order.sheet_requested': ['order-sheets'],
  // Also the tracking sent back to the shop platform the order came from.
  'order.shipped': ['customer-mails', 'shop-platform-sync'],
  'order.revenue_changed': ['revenues'],
  'estimate.approval_requested': ['estimate-mails'],
  'deposit.uploaded': ['deposit-matching'],
  'conversation.message_posted': ['conversation-mails'],
  'customer_inquiry.received': ['customer-inquiry-mails'],
} as const satisfies EventRouteTable;

/** The event types published to a queue (its worker must handle each). */
export type EventTypesRoutedTo<Q extends QueueName> = {
  [T in DomainEventType]: Q extends (typeof EVENT_ROUTES)[T][number] ? T : never;
}[DomainEventType];

/** Event types of the catalogue without a queue (none, unless the table was bypassed): the relay refuses to start on one. */
export function unroutedEventTypes(routes: Partial<Record<string, readonly QueueName[]>> = EVENT_ROUTES): DomainEventType[] {
  return DOMAIN_EVENT_TYPES.filter((type) => !(routes[type]?.length));
}

export const PRODUCT_IMPORTS_QUEUE = 'product-imports' satisfies QueueName;

/** A product import's job: `validate` (the upload, into a preview) or `apply` (the preview, into the catalogue). */
export interface ProductImportJobData {
  importId: string;
}
export type ProductImportJobName = 'validate' | 'apply';

/** What a job carries: the outbox event, whose id is also the job id (a row published twice is one job). */
export type EventJobData<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    eventId: string;
    type: K;
    aggregateType: EventAggregate<K>;
    aggregateId: string;
    payload: EventPayload<K>;
    occurredAt: string;
  };
}[T];

export function eventJobData<T extends DomainEventType>(eventId: string, event: DomainEvent<T>, occurredAt: Date): EventJobData<T> {
  // The same correlation as domainEvent(): each member of the union maps to the member of the same type.
  return {
    eventId,
    type: event.type,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    payload: event.payload,
    occurredAt: occurredAt.toISOString(),
  } as EventJobData<T>;
}

/** How long a failed job stays in its queue, where staff may retry it by hand (Bull Board): job_effects must outlive it. */
export const FAILED_JOB_KEEP_DAYS = 30;

/** Delivery is at least once: keep finished jobs long enough that a re-published event id is still recognised. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 14 * 24 * 3600 },
  removeOnFail: { age: FAILED_JOB_KEEP_DAYS * 24 * 3600 },
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

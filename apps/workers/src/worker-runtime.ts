import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createRedis, EVENT_ROUTES, EventJobData, EventTypesRoutedTo, Logger, logContext, QueueName } from '@oms/infra';
import { Job, Worker } from 'bullmq';
import type Redis from 'ioredis';

export const WORKER_LOGGER = Symbol('WORKER_LOGGER');

/** The time the workers go by; tests hand in a clock they control (reminders, link expiry). */
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => new Date() };

/** One handler per event type routed to the queue (the compiler asks for each), given its own payload's type. */
export type EventHandlers<Q extends QueueName> = { [T in EventTypesRoutedTo<Q>]: (job: Job<EventJobData<T>>) => Promise<unknown> };

/** Handlers of jobs that are no events (a job scheduler's runs), by job name. */
export type ScheduledHandlers = Record<string, (job: Job) => Promise<unknown>>;

/**
 * Starts one BullMQ worker per queue with its handlers by job name. Like Immich, it refuses to
 * start when an event routed to the queue has no handler, so nothing is published into a void.
 */
@Injectable()
export class WorkerRuntime implements OnApplicationShutdown {
  private readonly workers: Worker[] = [];
  private readonly connection: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.connection = createRedis(config.REDIS_URL, true);
  }

  /**
   * `limiter`: at most `max` jobs of the queue start per `duration` ms, counted in Redis across every
   * worker process (the shop platforms' request rates: one job is one request).
   */
  start<Q extends QueueName>(queue: Q, events: EventHandlers<Q>, scheduled: ScheduledHandlers = {}, concurrency = 4, limiter?: { max: number; duration: number }): Worker {
    // Dispatched by job name, which the relay sets to the event's type: each handler gets the jobs of its own type.
    const handlers: Record<string, (job: Job) => Promise<unknown>> = { ...(events as Record<string, (job: Job) => Promise<unknown>>), ...scheduled };
    const routed = Object.entries(EVENT_ROUTES)
      .filter(([, queues]) => (queues as readonly QueueName[]).includes(queue))
      .map(([type]) => type);
    const missing = routed.filter((type) => !handlers[type]);
    if (missing.length) throw new Error(`Queue ${queue} has no handler for: ${missing.join(', ')}`);
    const worker = new Worker(
      queue,
      (job) =>
        logContext.run({ jobId: `${queue}:${job.id}` }, async () => {
          const handler = handlers[job.name];
          if (!handler) throw new Error(`no handler for job ${job.name} on queue ${queue}`);
          return handler(job);
        }),
      // A job whose worker died is taken over once its lock lapses (WORKER_LOCK_MS), and run again.
      { connection: this.connection, prefix: this.config.QUEUE_PREFIX, concurrency, limiter, lockDuration: this.config.WORKER_LOCK_MS, stalledInterval: this.config.WORKER_LOCK_MS },
    );
    worker.on('failed', (job, error) =>
      this.log.warn({ queue, jobId: job?.id, name: job?.name, attempt: job?.attemptsMade, err: error.message }, 'job failed'),
    );
    worker.on('completed', (job) => this.log.info({ queue, jobId: job.id, name: job.name }, 'job done'));
    worker.on('error', (error) => this.log.error({ queue, err: error.message }, 'worker error'));
    this.workers.push(worker);
    return worker;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    this.connection.disconnect();
  }
}

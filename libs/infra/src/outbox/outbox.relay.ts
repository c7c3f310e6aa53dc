import { DOMAIN_EVENT_TYPES, DomainEvent, isDomainEventType } from '@oms/domain';
import { DataSource } from 'typeorm';
import type { Logger } from '../logging/logger';
import { EVENT_ROUTES, eventJobData, QueueRegistry, unroutedEventTypes } from '../queues/queues';

interface OutboxRow {
  id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: object;
  created_at: Date;
}

/**
 * Publishes unpublished outbox rows to BullMQ, the event id as the job id.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several relays can run at once; a row whose
 * publication succeeded but whose mark was lost is published again, and BullMQ keeps it one job.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
    private readonly log: Logger,
    private readonly batchSize = 100,
  ) {
    const unrouted = unroutedEventTypes();
    if (unrouted.length) throw new Error(`Outbox event types without a queue: ${unrouted.join(', ')}`);
  }

  /** Publishes one batch; returns how many rows were published. */
  async relayOnce(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // Only the types this relay knows: a type written by a newer release waits for a relay that
      // routes it, instead of blocking the rows behind it.
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, type, aggregate_type, aggregate_id, payload, created_at FROM outbox_events
         WHERE published_at IS NULL AND type = ANY($2::text[]) ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize, DOMAIN_EVENT_TYPES],
      );
      const published: string[] = [];
      for (const row of rows) {
        if (!isDomainEventType(row.type)) continue; // the query took only these
        // The writer takes only events of the catalogue, so a row's type names its payload.
        const event = { type: row.type, aggregateType: row.aggregate_type, aggregateId: row.aggregate_id, payload: row.payload } as DomainEvent;
        try {
          const data = eventJobData(row.id, event, row.created_at);
          for (const queue of EVENT_ROUTES[row.type]) await this.queues.get(queue).add(row.type, data, { jobId: row.id });
          published.push(row.id);
        } catch (error) {
          // Redis refused: keep the row for the next round (the error is on the row and in the log) and stop.
          await manager.query(`UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
            row.id,
            String((error as Error).message).slice(0, 1000),
          ]);
          this.log.warn({ eventId: row.id, type: row.type, err: (error as Error).message }, 'outbox publish failed');
          break;
        }
      }
      if (published.length) {
        await manager.query(
          `UPDATE outbox_events SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::uuid[])`,
          [published],
        );
      }
      return published.length;
    });
  }

  /** Polls until stopped; a full batch is followed at once by the next one. */
  start(intervalMs: number): void {
    this.stopped = false;
    const tick = async () => {
      let count = 0;
      try {
        count = await (this.running = this.relayOnce());
      } catch (error) {
        this.log.error({ err: (error as Error).message }, 'outbox relay round failed');
      } finally {
        this.running = null;
      }
      if (!this.stopped) this.timer = setTimeout(tick, count === this.batchSize ? 0 : intervalMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}

/**
 * How far behind the relay is, for health: the unpublished events of the types this release routes
 * (every type it writes) and the age of the oldest; and apart, `unrouted`: unpublished events of
 * types it does not know (written by a newer release, they wait for a relay that routes them).
 */
export async function outboxBacklog(dataSource: DataSource): Promise<{ unpublished: number; oldestAgeSeconds: number | null; unrouted: number }> {
  const [row] = await dataSource.query(
    `SELECT count(*) FILTER (WHERE type = ANY($1::text[]))::int AS unpublished,
            extract(epoch FROM now() - min(created_at) FILTER (WHERE type = ANY($1::text[])))::float AS age,
            count(*) FILTER (WHERE NOT type = ANY($1::text[]))::int AS unrouted
       FROM outbox_events WHERE published_at IS NULL`,
    [DOMAIN_EVENT_TYPES],
  );
  return { unpublished: row.unpublished, oldestAgeSeconds: row.age === null ? null : Math.round(row.age), unrouted: row.unrouted };
}

import { DataSource } from 'typeorm';
import type { Logger } from '../logging/logger';
import { EVENT_ROUTES, eventJobData, QueueRegistry } from '../queues/queues';

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
    const unrouted = Object.entries(EVENT_ROUTES).filter(([, queues]) => queues.length === 0);
    if (unrouted.length) throw new Error(`Outbox event types without a queue: ${unrouted.map(([t]) => t).join(', ')}`);
  }

  /** Publishes one batch; returns how many rows were published. */
  async relayOnce(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // Only the types this relay knows: a type written by a newer release waits for a relay that
      // routes it, instead of blocking the rows behind it.
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, type, aggregate_type, aggregate_id, payload, created_at FROM outbox_events
         WHERE published_at IS NULL AND type = ANY($2::text[]) ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize, Object.keys(EVENT_ROUTES)],
      );
      const published: string[] = [];
      for (const row of rows) {
        const routes = EVENT_ROUTES[row.type];
        try {
          const data = eventJobData(
            row.id,
            { type: row.type, aggregateType: row.aggregate_type, aggregateId: row.aggregate_id, payload: row.payload },
            row.created_at,
          );
          for (const queue of routes) await this.queues.get(queue).add(row.type, data, { jobId: row.id });
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
 * How far behind the relay is, for health: the unpublished count and the age of the oldest, over
 * the event types something consumes (events no worker takes yet wait for theirs, and are no backlog).
 */
export async function outboxBacklog(dataSource: DataSource): Promise<{ unpublished: number; oldestAgeSeconds: number | null }> {
  const [row] = await dataSource.query(
    `SELECT count(*)::int AS unpublished, extract(epoch FROM now() - min(created_at))::float AS age
     FROM outbox_events WHERE published_at IS NULL AND type = ANY($1::text[])`,
    [Object.keys(EVENT_ROUTES)],
  );
  return { unpublished: row.unpublished, oldestAgeSeconds: row.age === null ? null : Math.round(row.age) };
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Typed events and their retention (docs/decisions.md "Events"):
 * - the daily retention job deletes published outbox events and job_effects by age: indexes on those
 *   ages (maker_reminders already has one by day);
 * - the event types that no worker consumed are no longer written. Their rows were never published
 *   (no relay routed them) and never will be: they go, or they would wait in the outbox for good.
 *   What they told is in the orders' status history.
 */
const RETIRED_EVENT_TYPES = [
  'order.created',
  'order.payment_confirmed',
  'order.maker_received',
  'order.maker_refused',
  'order.maker_ship_date_changed',
  'order.status_changed',
  'order.returned',
  'order.refunded',
  'order.cancelled',
  'order.revenue_changed',
];

export class EventRetention1763960000000 implements MigrationInterface {
  name = 'EventRetention1763960000000';
  // Outside a transaction, so the indexes are built CONCURRENTLY: the outbox takes every command's
  // writes, and a plain build would hold them all for its whole run. A run cut short leaves an
  // invalid index, which the next run drops and builds again.
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS outbox_events_published`);
    await q.query(`CREATE INDEX CONCURRENTLY outbox_events_published ON outbox_events (published_at) WHERE published_at IS NOT NULL`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS job_effects_done_at`);
    await q.query(`CREATE INDEX CONCURRENTLY job_effects_done_at ON job_effects (done_at)`);
    // In batches: each a short statement of its own, the rows nobody else touches.
    for (;;) {
      const deleted = await q.query(
        `DELETE FROM outbox_events WHERE id IN (SELECT id FROM outbox_events WHERE published_at IS NULL AND type = ANY($1::text[]) LIMIT 5000)`,
        [RETIRED_EVENT_TYPES],
      );
      if (!(Array.isArray(deleted) && typeof deleted[1] === 'number' && deleted[1] === 5000)) break;
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // The retired events are not brought back: nothing consumed them. TypeORM reverts inside a
    // transaction whatever `transaction` says, so these are plain drops.
    await q.query(`DROP INDEX IF EXISTS job_effects_done_at`);
    await q.query(`DROP INDEX IF EXISTS outbox_events_published`);
  }
}

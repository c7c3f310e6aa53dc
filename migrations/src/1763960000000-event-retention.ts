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

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX outbox_events_published ON outbox_events (published_at) WHERE published_at IS NOT NULL`);
    await q.query(`CREATE INDEX job_effects_done_at ON job_effects (done_at)`);
    await q.query(`DELETE FROM outbox_events WHERE published_at IS NULL AND type = ANY($1::text[])`, [RETIRED_EVENT_TYPES]);
  }

  async down(q: QueryRunner): Promise<void> {
    // The retired events are not brought back: nothing consumed them.
    await q.query(`DROP INDEX job_effects_done_at`);
    await q.query(`DROP INDEX outbox_events_published`);
  }
}

import { type DomainEvent, isDomainEventType } from '@oms/domain';
import { EntityManager } from 'typeorm';

/**
 * Appends events to the outbox inside the caller's transaction, so that the change and its
 * events are committed (or rolled back) together. The relay publishes them afterwards.
 * Only events of the domain's catalogue, each routed to a queue: a type nothing consumes does not
 * compile, and one forced past the compiler is refused here rather than left in the outbox.
 */
export async function appendToOutbox(manager: EntityManager, events: readonly DomainEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  if (!manager.queryRunner?.isTransactionActive) throw new Error('appendToOutbox must run inside a transaction');
  const unknown = events.filter((e) => !isDomainEventType(e.type)).map((e) => e.type);
  if (unknown.length) throw new Error(`not an event of the catalogue (nothing would consume it): ${unknown.join(', ')}`);
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[])
     RETURNING id`,
    [
      events.map((e) => e.type),
      events.map((e) => e.aggregateType),
      events.map((e) => e.aggregateId),
      events.map((e) => JSON.stringify(e.payload)),
    ],
  );
  return rows.map((r) => r.id);
}

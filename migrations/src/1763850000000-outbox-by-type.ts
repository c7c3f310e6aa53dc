import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay polls for unpublished events of the types it routes. Orders record events that no
 * worker consumes yet (they wait for theirs); indexing unpublished rows by type keeps each poll from
 * walking past them.
 */
export class OutboxByType1763850000000 implements MigrationInterface {
  name = 'OutboxByType1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX outbox_events_unpublished_by_type ON outbox_events (type, created_at) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_events_unpublished_by_type`);
  }
}

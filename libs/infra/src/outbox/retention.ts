import { addDays, IDEMPOTENCY_KEY_TTL_HOURS, japanToday } from '@oms/domain';
import { DataSource } from 'typeorm';

/** How long spent rows are kept, in days (OUTBOX_RETENTION_DAYS, JOB_EFFECTS_RETENTION_DAYS, MAKER_REMINDERS_RETENTION_DAYS). */
export interface RetentionPolicy {
  outboxDays: number;
  jobEffectsDays: number;
  makerRemindersDays: number;
}

export interface RetentionResult {
  outboxEvents: number;
  jobEffects: number;
  makerReminders: number;
  idempotencyKeys: number;
}

/** Rows per DELETE: each batch is one short transaction, so no table is locked for long. */
export const RETENTION_BATCH_SIZE = 5000;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes spent rows (docs/decisions.md "Events"):
 * - outbox events published more than `outboxDays` ago (an unpublished event is never deleted);
 * - job_effects recorded more than `jobEffectsDays` ago (long past any retry or re-publication of their job);
 * - maker_reminders of a Japan day more than `makerRemindersDays` before today (the row guards its own day only);
 * - idempotency keys past their 24 hours (the API already ignores them; docs/decisions.md "Idempotency-Key").
 * Batches lock their rows with SKIP LOCKED and commit one by one: two runs at once share the work,
 * a run again finds nothing, and an interrupted run leaves the rest for the next.
 */
export async function purgeSpentRows(dataSource: DataSource, policy: RetentionPolicy, now: Date, batchSize = RETENTION_BATCH_SIZE): Promise<RetentionResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const outboxEvents = await deleteInBatches(
    dataSource,
    `DELETE FROM outbox_events WHERE id IN (
       SELECT id FROM outbox_events WHERE published_at IS NOT NULL AND published_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    before(policy.outboxDays),
    batchSize,
  );
  const jobEffects = await deleteInBatches(
    dataSource,
    `DELETE FROM job_effects WHERE effect_key IN (
       SELECT effect_key FROM job_effects WHERE done_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    before(policy.jobEffectsDays),
    batchSize,
  );
  const makerReminders = await deleteInBatches(
    dataSource,
    `DELETE FROM maker_reminders r
      USING (SELECT order_id, maker_id, kind, day FROM maker_reminders WHERE day < $1::date LIMIT $2 FOR UPDATE SKIP LOCKED) old
      WHERE (r.order_id, r.maker_id, r.kind, r.day) = (old.order_id, old.maker_id, old.kind, old.day)`,
    addDays(japanToday(now), -policy.makerRemindersDays),
    batchSize,
  );
  const idempotencyKeys = await deleteInBatches(
    dataSource,
    `DELETE FROM idempotency_keys k
      USING (SELECT caller, route, idempotency_key FROM idempotency_keys WHERE created_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED) old
      WHERE (k.caller, k.route, k.idempotency_key) = (old.caller, old.route, old.idempotency_key)`,
    new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3600 * 1000),
    batchSize,
  );
  return { outboxEvents, jobEffects, makerReminders, idempotencyKeys };
}

async function deleteInBatches(dataSource: DataSource, sql: string, cutoff: Date | string, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    // Outside a transaction each statement commits on its own. TypeORM answers a DELETE as [rows, count].
    const [, deleted]: [unknown[], number] = await dataSource.query(sql, [cutoff, batchSize]);
    total += deleted;
    // A short batch: nothing older is left, or another run holds the rest and deletes it.
    if (deleted < batchSize) return total;
  }
}

import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs an external effect (sending a mail…) once per key when the same job runs twice at the same
 * time or again after it succeeded: an advisory lock serialises runs of one key, and the record is
 * written in the transaction that holds the lock, with whatever the effect records through the
 * manager it is given (a sheet marked sent). A crash after the effect but before the commit leaves
 * no record, so the retry repeats the effect: at least once, de-duplicated.
 */
export async function doOnce<T extends object>(
  dataSource: DataSource,
  effectKey: string,
  effect: (manager: EntityManager) => Promise<T>,
): Promise<{ done: 'now' | 'before'; detail: T | null }> {
  return dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [effectKey]);
    const [seen] = await manager.query(`SELECT detail FROM job_effects WHERE effect_key = $1`, [effectKey]);
    if (seen) return { done: 'before' as const, detail: seen.detail as T | null };
    const detail = await effect(manager);
    await manager.query(`INSERT INTO job_effects (effect_key, detail) VALUES ($1, $2)`, [effectKey, JSON.stringify(detail)]);
    return { done: 'now' as const, detail };
  });
}

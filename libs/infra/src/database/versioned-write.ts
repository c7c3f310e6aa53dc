import { ObjectLiteral, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * The explicit compare-and-set every versioned write uses (DESIGN.md §5): `UPDATE … SET …,
 * version = version + 1 WHERE id = $1 AND version = $2`. TypeORM's save() does not check the
 * version (typeorm #2848). False when someone else changed (or, with `live`, deleted) the row first.
 */
export async function updateIfVersion<E extends ObjectLiteral>(
  repo: Repository<E>,
  id: string,
  expectedVersion: number,
  values: QueryDeepPartialEntity<E>,
  options: { live?: boolean } = {},
): Promise<boolean> {
  const result = await repo
    .createQueryBuilder()
    .update()
    .set({ ...values, updatedAt: () => 'now()', version: () => 'version + 1' } as unknown as QueryDeepPartialEntity<E>)
    .where(`id = :id AND version = :version${options.live ? ' AND deleted_at IS NULL' : ''}`, { id, version: expectedVersion })
    .execute();
  return result.affected === 1;
}

/** Marks a live row deleted (its history stays; unique values among live rows are free again). */
export async function softDeleteRow<E extends ObjectLiteral>(repo: Repository<E>, id: string): Promise<boolean> {
  const result = await repo
    .createQueryBuilder()
    .update()
    .set({ deletedAt: () => 'now()', updatedAt: () => 'now()', version: () => 'version + 1' } as unknown as QueryDeepPartialEntity<E>)
    .where('id = :id AND deleted_at IS NULL', { id })
    .execute();
  return result.affected === 1;
}

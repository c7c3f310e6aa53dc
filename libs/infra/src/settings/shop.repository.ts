import type { ShopType } from '@oms/domain';
import { softDeleteRow, updateIfVersion } from '../database/versioned-write';
import { DataSource, EntityManager } from 'typeorm';
import { ShopEntity } from '../database/entities/shop.entity';
import { containsPattern } from '../database/sql';

export const SHOPS_CODE_UNIQUE = 'shops_code_unique';
/** The migration left the owner's foreign key unnamed: this is PostgreSQL's name for it. */
export const SHOPS_OWNER_FK = 'shops_owner_user_id_fkey';

export type ShopWrite = Omit<ShopEntity, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'version'>;

export interface ShopListFilter {
  keyword?: string;
  types?: ShopType[];
}

/** Live shops only: a deleted shop is kept for the orders that name it, but is gone for everyone else. */
export class ShopRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(ShopEntity);
  }

  findById(id: string, options: { manager?: EntityManager; lock?: boolean } = {}): Promise<ShopEntity | null> {
    const qb = this.repo(options.manager).createQueryBuilder('s').where('s.id = :id AND s.deleted_at IS NULL', { id });
    if (options.lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  async list(filter: ShopListFilter, page: number, perPage: number): Promise<{ rows: ShopEntity[]; total: number }> {
    const qb = this.repo().createQueryBuilder('s').where('s.deleted_at IS NULL');
    if (filter.keyword) qb.andWhere('(s.code ILIKE :kw OR s.name ILIKE :kw)', { kw: containsPattern(filter.keyword) });
    if (filter.types?.length) qb.andWhere('s.type IN (:...types)', { types: filter.types });
    qb.orderBy('s.code', 'ASC').addOrderBy('s.id', 'ASC');
    const [rows, total] = await qb.skip((page - 1) * perPage).take(perPage).getManyAndCount();
    return { rows, total };
  }

  /** Whether a live (not deleted) user has this id: an owner must be one. */
  async liveUserExists(manager: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
    return rows.length > 0;
  }

  async insert(manager: EntityManager, shop: ShopWrite): Promise<ShopEntity> {
    const saved = await this.repo(manager).save(this.repo(manager).create(shop));
    return (await this.findById(saved.id, { manager }))!;
  }

  /** Compare-and-set on the version: false when someone else changed (or deleted) the shop first. */
  async update(manager: EntityManager, id: string, expectedVersion: number, shop: Partial<ShopWrite>): Promise<boolean> {
    return updateIfVersion(this.repo(manager), id, expectedVersion, shop, { live: true });
  }

  /** Soft delete: the code is free again at once. */
  async softDelete(manager: EntityManager, id: string): Promise<boolean> {
    return softDeleteRow(this.repo(manager), id);
  }
}

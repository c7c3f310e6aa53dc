import type { MakerStatus, OrderMethod } from '@oms/domain';
import { updateIfVersion } from '../database/versioned-write';
import { DataSource, EntityManager } from 'typeorm';
import { MakerEntity } from '../database/entities/maker.entity';
import { containsPattern } from '../database/sql';

export interface MakerListFilter {
  keyword?: string;
  statuses?: MakerStatus[];
  orderMethods?: OrderMethod[];
  /** A maker user sees only their own maker. */
  onlyMakerId?: string | null;
}

export const MAKER_SORT_COLUMNS = { id: 'id', code: 'code', name: 'name', updatedAt: 'updated_at' } as const;
export type MakerSort = keyof typeof MAKER_SORT_COLUMNS;

export type MakerWrite = Pick<MakerEntity, 'code' | 'name' | 'productCodes' | 'phone' | 'fax' | 'email' | 'address' | 'orderMethod' | 'status' | 'memo'>;

export const MAKERS_CODE_UNIQUE = 'makers_code_unique';

export class MakerRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(MakerEntity);
  }

  findById(id: string, options: { onlyMakerId?: string | null; manager?: EntityManager; lock?: boolean } = {}): Promise<MakerEntity | null> {
    const qb = this.repo(options.manager).createQueryBuilder('m').where('m.id = :id', { id });
    if (options.onlyMakerId !== undefined) qb.andWhere('m.id = :own', { own: options.onlyMakerId ?? '0' });
    if (options.lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  async list(filter: MakerListFilter, sort: MakerSort, desc: boolean, page: number, perPage: number): Promise<{ rows: MakerEntity[]; total: number }> {
    const qb = this.repo().createQueryBuilder('m');
    if (filter.onlyMakerId !== undefined) qb.andWhere('m.id = :own', { own: filter.onlyMakerId ?? '0' });
    if (filter.keyword) qb.andWhere('(m.code ILIKE :kw OR m.name ILIKE :kw)', { kw: containsPattern(filter.keyword) });
    if (filter.statuses?.length) qb.andWhere('m.status IN (:...statuses)', { statuses: filter.statuses });
    if (filter.orderMethods?.length) qb.andWhere('m.order_method IN (:...methods)', { methods: filter.orderMethods });
    const direction = desc ? 'DESC' : 'ASC';
    qb.orderBy(`m.${MAKER_SORT_COLUMNS[sort]}`, direction).addOrderBy('m.id', direction);
    const [rows, total] = await qb.skip((page - 1) * perPage).take(perPage).getManyAndCount();
    return { rows, total };
  }

  /** id and name of every maker, for selects; enabled ones first. */
  options(onlyMakerId?: string | null): Promise<{ id: string; name: string; code: string; status: MakerStatus }[]> {
    const qb = this.repo().createQueryBuilder('m').select(['m.id', 'm.name', 'm.code', 'm.status']);
    if (onlyMakerId !== undefined) qb.where('m.id = :own', { own: onlyMakerId ?? '0' });
    return qb.orderBy("m.status = 'enabled'", 'DESC').addOrderBy('m.name', 'ASC').getMany();
  }

  async insert(manager: EntityManager, maker: MakerWrite): Promise<MakerEntity> {
    const saved = await this.repo(manager).save(this.repo(manager).create(maker));
    return (await this.findById(saved.id, { manager }))!;
  }

  /** Compare-and-set on the version: false when someone else changed the maker first. */
  async update(manager: EntityManager, id: string, expectedVersion: number, maker: MakerWrite): Promise<boolean> {
    return updateIfVersion(this.repo(manager), id, expectedVersion, maker);
  }
}

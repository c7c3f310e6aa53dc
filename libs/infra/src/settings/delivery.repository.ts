import { DataSource, EntityManager } from 'typeorm';
import { softDeleteRow, updateIfVersion } from '../database/versioned-write';
import { DeliveryCompanyEntity, DeliveryMethodEntity } from '../database/entities/delivery.entity';
import { containsPattern } from '../database/sql';

type DeliveryEntity = DeliveryMethodEntity | DeliveryCompanyEntity;
type Writable<E> = Omit<E, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'version'>;

export type DeliveryMethodWrite = Writable<DeliveryMethodEntity>;
export type DeliveryCompanyWrite = Writable<DeliveryCompanyEntity>;

export const DELIVERY_METHODS_NAME_UNIQUE = 'delivery_methods_name_unique';
export const DELIVERY_COMPANIES_NAME_UNIQUE = 'delivery_companies_name_unique';

/** Delivery methods or delivery companies (one shape): live rows only, soft delete, compare-and-set on `version`. */
export class DeliveryRepository<E extends DeliveryEntity> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: new () => E,
  ) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository<E>(this.entity);
  }

  findById(id: string, manager?: EntityManager): Promise<E | null> {
    return this.repo(manager).createQueryBuilder('d').where('d.id = :id AND d.deleted_at IS NULL', { id }).getOne();
  }

  async list(keyword: string | undefined, page: number, perPage: number): Promise<{ rows: E[]; total: number }> {
    const qb = this.repo().createQueryBuilder('d').where('d.deleted_at IS NULL');
    if (keyword) qb.andWhere('d.name ILIKE :kw', { kw: containsPattern(keyword) });
    qb.orderBy('d.id', 'ASC');
    const [rows, total] = await qb.skip((page - 1) * perPage).take(perPage).getManyAndCount();
    return { rows, total };
  }

  async insert(manager: EntityManager, write: Writable<E>): Promise<E> {
    const repo = this.repo(manager);
    const saved = await repo.save(repo.create(write as unknown as E));
    return (await this.findById(saved.id, manager))!;
  }

  async update(manager: EntityManager, id: string, expectedVersion: number, write: Partial<Writable<E>>): Promise<boolean> {
    return updateIfVersion(this.repo(manager), id, expectedVersion, write as never, { live: true });
  }

  async softDelete(manager: EntityManager, id: string): Promise<boolean> {
    return softDeleteRow(this.repo(manager), id);
  }
}

export class DeliveryMethodRepository extends DeliveryRepository<DeliveryMethodEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, DeliveryMethodEntity);
  }
}

export class DeliveryCompanyRepository extends DeliveryRepository<DeliveryCompanyEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, DeliveryCompanyEntity);
  }
}

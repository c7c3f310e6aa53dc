import { DataSource, EntityManager } from 'typeorm';
import { updateIfVersion } from '../database/versioned-write';
import { PaymentMethodEntity, SettingsOptionEntity } from '../database/entities/settings-option.entity';
import { TimeShipmentEntity } from '../database/entities/time-shipment.entity';

export type SettingsOptionWrite = Omit<SettingsOptionEntity, 'id' | 'updatedAt' | 'version'>;
export type TimeShipmentWrite = Pick<TimeShipmentEntity, 'month' | 'startDate' | 'finishDate'>;

export const TIME_SHIPMENTS_MONTH_UNIQUE = 'time_shipments_month_unique';

/** The order setting (one row, id 1, made by the migration) and the read-only payment methods. */
export class SettingsOptionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get(manager?: EntityManager): Promise<SettingsOptionEntity> {
    const found = await (manager ?? this.dataSource.manager).getRepository(SettingsOptionEntity).findOneBy({ id: 1 });
    if (!found) throw new Error('settings_options has no row 1: run the migrations');
    return found;
  }

  async update(manager: EntityManager, expectedVersion: number, write: Partial<SettingsOptionWrite>): Promise<boolean> {
    const result = await manager
      .getRepository(SettingsOptionEntity)
      .createQueryBuilder()
      .update()
      .set({ ...write, updatedAt: () => 'now()', version: () => 'version + 1' })
      .where('id = 1 AND version = :version', { version: expectedVersion })
      .execute();
    return result.affected === 1;
  }

  paymentMethods(id?: number): Promise<PaymentMethodEntity[]> {
    const qb = this.dataSource.manager.getRepository(PaymentMethodEntity).createQueryBuilder('p');
    if (id !== undefined) qb.where('p.id = :id', { id });
    return qb.orderBy('p.sort_order', 'ASC').addOrderBy('p.id', 'ASC').getMany();
  }
}

/** The monthly timeline: one entry per month, newest month first. */
export class TimeShipmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(TimeShipmentEntity);
  }

  findById(id: string, manager?: EntityManager): Promise<TimeShipmentEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  async list(year: number | undefined, page: number, perPage: number): Promise<{ rows: TimeShipmentEntity[]; total: number }> {
    const qb = this.repo().createQueryBuilder('t');
    if (year !== undefined) qb.where('t.month LIKE :year', { year: `${year}-%` });
    qb.orderBy('t.month', 'DESC');
    const [rows, total] = await qb.skip((page - 1) * perPage).take(perPage).getManyAndCount();
    return { rows, total };
  }

  async insert(manager: EntityManager, write: TimeShipmentWrite): Promise<TimeShipmentEntity> {
    const saved = await this.repo(manager).save(this.repo(manager).create(write));
    return (await this.findById(saved.id, manager))!;
  }

  async update(manager: EntityManager, id: string, expectedVersion: number, write: TimeShipmentWrite): Promise<boolean> {
    return updateIfVersion(this.repo(manager), id, expectedVersion, write);
  }

  async delete(manager: EntityManager, id: string): Promise<boolean> {
    const result = await this.repo(manager).delete({ id });
    return result.affected === 1;
  }
}

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SoftDeletedEntity } from '../entity-bases';

@Entity('delivery_methods')
export class DeliveryMethodEntity extends SoftDeletedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;
}

@Entity('delivery_companies')
export class DeliveryCompanyEntity extends SoftDeletedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Where a parcel can be followed; may hold a placeholder for the tracking code. */
  @Column({ name: 'tracking_url', type: 'varchar', length: 255, nullable: true })
  trackingUrl!: string | null;
}

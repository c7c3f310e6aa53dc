import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('delivery_methods')
export class DeliveryMethodEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @Column({ type: 'integer', default: 1 })
  version!: number;
}

@Entity('delivery_companies')
export class DeliveryCompanyEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Where a parcel can be followed; may hold a placeholder for the tracking code. */
  @Column({ name: 'tracking_url', type: 'varchar', length: 255, nullable: true })
  trackingUrl!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @Column({ type: 'integer', default: 1 })
  version!: number;
}

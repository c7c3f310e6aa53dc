import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MakerStatus, OrderMethod } from '@oms/domain';
import { AuditedEntity } from '../entity-bases';

@Entity('makers')
export class MakerEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'varchar', length: 30 })
  code!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'product_codes', type: 'varchar', length: 1000, nullable: true })
  productCodes!: string | null;

  @Column({ type: 'varchar', length: 15, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 15, nullable: true })
  fax!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  address!: string | null;

  @Column({ name: 'order_method', type: 'text' })
  orderMethod!: OrderMethod;

  @Column({ type: 'text', default: 'enabled' })
  status!: MakerStatus;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  memo!: string | null;
}

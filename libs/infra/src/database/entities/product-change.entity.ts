import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TrackedProductField } from '@oms/domain';

/** One change of a product's availability or estimated ship date: who, when, from what to what. */
@Entity('product_changes')
export class ProductChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'product_id', type: 'bigint' })
  productId!: string;

  @Column({ type: 'text' })
  field!: TrackedProductField;

  @Column({ name: 'from_value', type: 'text', nullable: true })
  fromValue!: string | null;

  @Column({ name: 'to_value', type: 'text', nullable: true })
  toValue!: string | null;

  @Column({ name: 'changed_by', type: 'bigint', nullable: true })
  changedBy!: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;
}

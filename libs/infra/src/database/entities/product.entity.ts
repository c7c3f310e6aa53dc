import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PostingSupportStatus, ProductState, ShippingType } from '@oms/domain';
import { AuditedEntity } from '../entity-bases';

@Entity('products')
export class ProductEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ name: 'product_code', type: 'varchar', length: 50 })
  productCode!: string;

  @Column({ name: 'own_product_code', type: 'varchar', length: 50, nullable: true })
  ownProductCode!: string | null;

  @Column({ name: 'ec_product_code', type: 'varchar', length: 70, nullable: true })
  ecProductCode!: string | null;

  @Column({ name: 'maker_product_code', type: 'varchar', length: 50, nullable: true })
  makerProductCode!: string | null;

  @Column({ name: 'shop_id', type: 'bigint' })
  shopId!: string;

  @Column({ name: 'shop_product_id', type: 'varchar', length: 12, nullable: true })
  shopProductId!: string | null;

  @Column({ name: 'maker_id', type: 'bigint' })
  makerId!: string;

  @Column({ name: 'product_name', type: 'varchar', length: 100 })
  productName!: string;

  @Column({ name: 'category_name', type: 'varchar', length: 100, nullable: true })
  categoryName!: string | null;

  @Column({ type: 'integer' })
  price!: number;

  @Column({ name: 'tax_percentage', type: 'integer' })
  taxPercentage!: number;

  @Column({ type: 'integer' })
  tax!: number;

  @Column({ name: 'price_with_tax', type: 'integer' })
  priceWithTax!: number;

  @Column({ name: 'wholesale_price', type: 'integer', nullable: true })
  wholesalePrice!: number | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  option1!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  option2!: string | null;

  @Column({ name: 'shipping_type', type: 'text' })
  shippingType!: ShippingType;

  @Column({ name: 'available_shipment', type: 'boolean', default: true })
  availableShipment!: boolean;

  @Column({ name: 'estimate_ship_date', type: 'varchar', length: 50, nullable: true })
  estimateShipDate!: string | null;

  @Column({ name: 'delivery_category', type: 'varchar', length: 3, nullable: true })
  deliveryCategory!: string | null;

  @Column({ name: 'is_display', type: 'boolean', default: true })
  isDisplay!: boolean;

  @Column({ name: 'posting_support_status', type: 'text', default: 'supported' })
  postingSupportStatus!: PostingSupportStatus;

  @Column({ type: 'text', default: 'available' })
  state!: ProductState;

  @Column({ name: 'last_changed_at', type: 'timestamptz', nullable: true })
  lastChangedAt!: Date | null;
}

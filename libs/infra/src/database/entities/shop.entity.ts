import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ShopType } from '@oms/domain';
import { SoftDeletedEntity } from '../entity-bases';

/** A shop; its EC password and auth codes are stored sealed (SecretBox tokens), never in clear. */
@Entity('shops')
export class ShopEntity extends SoftDeletedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 30 })
  code!: string;

  @Column({ type: 'text' })
  type!: ShopType;

  @Column({ name: 'ec_shop_id', type: 'varchar', length: 50, nullable: true })
  ecShopId!: string | null;

  @Column({ name: 'ec_password_sealed', type: 'text', nullable: true })
  ecPasswordSealed!: string | null;

  @Column({ name: 'admin_url', type: 'varchar', length: 255, nullable: true })
  adminUrl!: string | null;

  @Column({ name: 'product_auth_code_sealed', type: 'text', nullable: true })
  productAuthCodeSealed!: string | null;

  @Column({ name: 'order_auth_code_sealed', type: 'text', nullable: true })
  orderAuthCodeSealed!: string | null;

  @Column({ name: 'member_auth_code_sealed', type: 'text', nullable: true })
  memberAuthCodeSealed!: string | null;

  @Column({ name: 'owner_user_id', type: 'bigint', nullable: true })
  ownerUserId!: string | null;

  @Column({ name: 'np_limit_amount', type: 'integer', nullable: true })
  npLimitAmount!: number | null;

  @Column({ name: 'edi_stop_amount', type: 'integer', nullable: true })
  ediStopAmount!: number | null;

  @Column({ name: 'order_reminder_days', type: 'integer', nullable: true })
  orderReminderDays!: number | null;

  @Column({ name: 'order_reminder_hour', type: 'integer', nullable: true })
  orderReminderHour!: number | null;

  @Column({ name: 'ship_reminder_days', type: 'integer', nullable: true })
  shipReminderDays!: number | null;

  @Column({ name: 'ship_reminder_hour', type: 'integer', nullable: true })
  shipReminderHour!: number | null;

  // The shop's contact for makers: printed on order sheets, and the Reply-To of mails to makers.
  @Column({ name: 'contact_company', type: 'varchar', length: 100, nullable: true })
  contactCompany!: string | null;

  @Column({ name: 'contact_person', type: 'varchar', length: 100, nullable: true })
  contactPerson!: string | null;

  @Column({ name: 'contact_phone', type: 'varchar', length: 15, nullable: true })
  contactPhone!: string | null;

  @Column({ name: 'contact_fax', type: 'varchar', length: 15, nullable: true })
  contactFax!: string | null;

  @Column({ name: 'contact_email', type: 'varchar', length: 100, nullable: true })
  contactEmail!: string | null;
}

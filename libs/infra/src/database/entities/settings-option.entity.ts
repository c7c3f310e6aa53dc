import { Column, Entity, PrimaryColumn } from 'typeorm';
import { VersionedEntity } from '../entity-bases';

/** The one order-setting record (id 1): the operator's details for print documents. */
@Entity('settings_options')
export class SettingsOptionEntity extends VersionedEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ name: 'company_name', type: 'varchar', length: 100, nullable: true })
  companyName!: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  zip!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 15, nullable: true })
  phone!: string | null;

  @Column({ name: 'invoice_registration_number', type: 'varchar', length: 14, nullable: true })
  invoiceRegistrationNumber!: string | null;

  @Column({ name: 'default_tax_percent', type: 'integer', default: 10 })
  defaultTaxPercent!: number;

  @Column({ name: 'bank_account', type: 'varchar', length: 200, nullable: true })
  bankAccount!: string | null;

  /** The stored image of the company seal printed on stamped estimates (a default is made at seed time). */
  /** The shortfalls a payer's bank transfer fee explains (deposits). */
  @Column({ name: 'transfer_fees', type: 'int', array: true })
  transferFees!: number[];

  @Column({ name: 'seal_image_key', type: 'varchar', length: 1024, nullable: true })
  sealImageKey!: string | null;

  /** The year-end closing (`MM-DD` to `MM-DD`): days that are not business days (customer inquiries). */
  @Column({ name: 'year_end_closed_from', type: 'char', length: 5, nullable: true })
  yearEndClosedFrom!: string | null;

  @Column({ name: 'year_end_closed_to', type: 'char', length: 5, nullable: true })
  yearEndClosedTo!: string | null;
}

/** Payment methods: reference data seeded by the migration, read-only. */
@Entity('payment_methods')
export class PaymentMethodEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'text' })
  code!: string;

  @Column({ name: 'name_ja', type: 'varchar', length: 30 })
  nameJa!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 30 })
  nameEn!: string;

  @Column({ name: 'is_postpaid', type: 'boolean' })
  isPostpaid!: boolean;

  @Column({ name: 'business_only', type: 'boolean' })
  businessOnly!: boolean;

  @Column({ name: 'fee_with_tax', type: 'integer', nullable: true })
  feeWithTax!: number | null;

  @Column({ name: 'limit_amount', type: 'integer', nullable: true })
  limitAmount!: number | null;

  @Column({ name: 'sort_order', type: 'smallint' })
  sortOrder!: number;
}

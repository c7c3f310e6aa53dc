import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../entity-bases';

@Entity('customers')
export class CustomerEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  /** The smallest id of the customer's same-person group (customers sharing an e-mail or phone, transitively). */
  @Column({ name: 'same_person_id', type: 'bigint' })
  samePersonId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'name_kana', type: 'varchar', length: 100, nullable: true })
  nameKana!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  zip!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 15, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 15, nullable: true })
  fax!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  email!: string | null;

  @Column({ name: 'email_normalized', type: 'varchar', length: 100, nullable: true })
  emailNormalized!: string | null;

  @Column({ name: 'phone_normalized', type: 'varchar', length: 15, nullable: true })
  phoneNormalized!: string | null;

  @Column({ name: 'core_system_customer_id', type: 'varchar', length: 50, nullable: true })
  coreSystemCustomerId!: string | null;

  @Column({ name: 'ec_site_id', type: 'varchar', length: 50, nullable: true })
  ecSiteId!: string | null;

  @Column({ name: 'shop_id', type: 'bigint', nullable: true })
  shopId!: string | null;

  /**
   * Set only by migration 1763930000000 on a customer that already shared its shop and e-mail with an
   * older customer (that customer's id); such rows are outside the unique index. Cleared when an edit
   * changes the e-mail or the shop (after the check every such edit gets).
   */
  @Column({ name: 'email_duplicate_of', type: 'bigint', nullable: true })
  emailDuplicateOf!: string | null;

  @Column({ name: 'company_name', type: 'varchar', length: 100, nullable: true })
  companyName!: string | null;

  @Column({ name: 'cs_memo', type: 'varchar', length: 1000, nullable: true })
  csMemo!: string | null;

  @Column({ name: 'general_memo', type: 'varchar', length: 1000, nullable: true })
  generalMemo!: string | null;
}

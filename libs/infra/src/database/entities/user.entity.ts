import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { UserStatus, Role } from '@oms/domain';
import { SoftDeletedEntity } from '../entity-bases';

@Entity('users')
export class UserEntity extends SoftDeletedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'text' })
  role!: Role;

  @Column({ name: 'company_name', type: 'varchar', length: 100, nullable: true })
  companyName!: string | null;

  @Column({ type: 'text', default: 'valid' })
  status!: UserStatus;

  @Column({ name: 'allow_social_login', type: 'boolean', default: true })
  allowSocialLogin!: boolean;

  @Column({ name: 'maker_id', type: 'bigint', nullable: true })
  makerId!: string | null;

  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, nullable: true })
  avatarUrl!: string | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  /** The sign-in before the last one: what the dashboard shows as 前回のログイン (the last is the one just made). */
  @Column({ name: 'previous_login_at', type: 'timestamptz', nullable: true })
  previousLoginAt!: Date | null;

  /** Written into every token; bumped by the database when the account is disabled, deleted or moved to another maker. */
  @Column({ name: 'security_stamp', type: 'integer', default: 0, insert: false, update: false })
  securityStamp!: number;
}

import type { UserStatus, Role } from '@oms/domain';
import { softDeleteRow, updateIfVersion } from '../database/versioned-write';
import { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from '../database/entities/user.entity';
import { containsPattern } from '../database/sql';

export interface UserListFilter {
  name?: string;
  email?: string;
  roles?: Role[];
  statuses?: UserStatus[];
}

export const USER_SORT_COLUMNS = { id: 'id', name: 'name', email: 'email', lastLogin: 'last_login_at', updatedAt: 'updated_at' } as const;
export type UserSort = keyof typeof USER_SORT_COLUMNS;

export interface UserWrite {
  email: string;
  name: string;
  role: Role;
  companyName: string | null;
  status: UserStatus;
  allowSocialLogin: boolean;
  makerId: string | null;
  avatarUrl: string | null;
}

export const USERS_EMAIL_UNIQUE = 'users_email_live_unique';

/** Live (not deleted) user accounts. */
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  /** With `lock`, the row stays locked (FOR UPDATE) until the caller's transaction ends. */
  findById(id: string, manager?: EntityManager, options: { lock?: boolean } = {}): Promise<UserEntity | null> {
    const qb = this.repo(manager).createQueryBuilder('u').where('u.id = :id AND u.deleted_at IS NULL', { id });
    if (options.lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.repo()
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email) AND u.deleted_at IS NULL', { email })
      .getOne();
  }

  /** Id and name of every valid staff account (no maker), by name: who can be put in charge of something. */
  staff(): Promise<{ id: string; name: string }[]> {
    return this.dataSource.query(`SELECT id::text AS id, name FROM users WHERE deleted_at IS NULL AND status = 'valid' AND role <> 'maker' ORDER BY name, id`);
  }

  async list(filter: UserListFilter, sort: UserSort, desc: boolean, page: number, perPage: number): Promise<{ rows: UserEntity[]; total: number }> {
    const qb = this.repo().createQueryBuilder('u').where('u.deleted_at IS NULL');
    if (filter.name) qb.andWhere('u.name ILIKE :name', { name: containsPattern(filter.name) });
    if (filter.email) qb.andWhere('u.email ILIKE :email', { email: containsPattern(filter.email) });
    if (filter.roles?.length) qb.andWhere('u.role IN (:...roles)', { roles: filter.roles });
    if (filter.statuses?.length) qb.andWhere('u.status IN (:...statuses)', { statuses: filter.statuses });
    const direction = desc ? 'DESC' : 'ASC';
    qb.orderBy(`u.${USER_SORT_COLUMNS[sort]}`, direction, desc ? 'NULLS LAST' : 'NULLS FIRST').addOrderBy('u.id', direction);
    const [rows, total] = await qb.skip((page - 1) * perPage).take(perPage).getManyAndCount();
    return { rows, total };
  }

  async insert(manager: EntityManager, user: UserWrite): Promise<UserEntity> {
    const saved = await this.repo(manager).save(this.repo(manager).create(user));
    return (await this.findById(saved.id, manager))!;
  }

  /** Compare-and-set on the version: false when someone else changed (or deleted) the account first. */
  async update(manager: EntityManager, id: string, expectedVersion: number, user: UserWrite): Promise<boolean> {
    return updateIfVersion(this.repo(manager), id, expectedVersion, user, { live: true });
  }

  async softDelete(manager: EntityManager, id: string): Promise<boolean> {
    return softDeleteRow(this.repo(manager), id);
  }

  /** A new sign-in: the last one becomes the previous one. */
  async recordLogin(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE users SET previous_login_at = last_login_at, last_login_at = now() WHERE id = $1`, [id]);
  }
}

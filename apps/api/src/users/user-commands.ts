import { CommandHandler, ICommandHandler, Command } from '@nestjs/cqrs';
import {
  UserStatus,
  accountCreated,
  Actor,
  assertMayManage,
  assertSelfChangeAllowed,
  DomainError,
  FieldValidationError,
  makerLinkIssues,
  normaliseEmail,
  NotFoundError,
} from '@oms/domain';
import { appendToOutbox, UserEntity, UserRepository, USERS_EMAIL_UNIQUE, UserWrite } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { AccountAccess } from '../auth/account-access';
import { constrainedWrite } from '../common/unique';
import { UpdateUserBody, UserBody } from './user.dto';
import { userView, UserView } from './user.view';

export class CreateUser extends Command<UserView> {
  constructor(readonly actor: Actor, readonly body: UserBody) {
    super();
  }
}

export class UpdateUser extends Command<UserView> {
  constructor(readonly actor: Actor, readonly id: string, readonly body: UpdateUserBody) {
    super();
  }
}

export class DeleteUser extends Command<void> {
  constructor(readonly actor: Actor, readonly id: string) {
    super();
  }
}

/** What to store: a field the body leaves out keeps its current value (null clears it). */
function toWrite(body: UserBody, current?: UserEntity): UserWrite {
  const keep = <T>(given: T | undefined, now: T | undefined, fallback: T): T => (given !== undefined ? given : now !== undefined ? now : fallback);
  return {
    email: normaliseEmail(body.email),
    name: body.name,
    role: body.role,
    companyName: keep(body.companyName, current?.companyName, null),
    status: keep(body.status, current?.status, 'valid' as UserStatus),
    allowSocialLogin: keep(body.allowSocialLogin, current?.allowSocialLogin, true),
    makerId: body.makerId !== undefined ? (body.makerId === null ? null : String(body.makerId)) : body.role === 'maker' ? (current?.makerId ?? null) : null,
    avatarUrl: keep(body.avatar, current?.avatarUrl, null),
  };
}

function checkMakerLink(write: UserWrite): void {
  const issues = makerLinkIssues(write.role, write.makerId);
  if (issues.length) throw new FieldValidationError(issues);
}

const uniqueEmail = <T>(work: () => Promise<T>) =>
  constrainedWrite({ unique: { [USERS_EMAIL_UNIQUE]: 'email' }, references: { users_maker_fk: 'maker_id' } }, work);

@CommandHandler(CreateUser)
export class CreateUserHandler implements ICommandHandler<CreateUser> {
  constructor(private readonly dataSource: DataSource, private readonly users: UserRepository) {}

  async execute({ actor, body }: CreateUser): Promise<UserView> {
    const write = toWrite(body);
    assertMayManage(actor, null, write.role);
    checkMakerLink(write);
    return uniqueEmail(() =>
      this.dataSource.transaction(async (m: EntityManager) => {
        const user = await this.users.insert(m, write);
        await appendToOutbox(m, [accountCreated({ id: String(user.id), email: user.email, name: user.name, role: user.role })]);
        return userView(user);
      }),
    );
  }
}

@CommandHandler(UpdateUser)
export class UpdateUserHandler implements ICommandHandler<UpdateUser> {
  constructor(private readonly dataSource: DataSource, private readonly users: UserRepository, private readonly accounts: AccountAccess) {}

  async execute({ actor, id, body }: UpdateUser): Promise<UserView> {
    const view = await uniqueEmail(() =>
      this.dataSource.transaction(async (m) => {
        const current = await this.users.findById(id, m, { lock: true });
        if (!current) throw new NotFoundError('user');
        const write = toWrite(body, current);
        assertMayManage(actor, current.role, write.role);
        assertSelfChangeAllowed(actor, { ...current, id: String(current.id) }, { role: write.role, status: write.status });
        checkMakerLink(write);
        if (!(await this.users.update(m, id, body.version, write))) throw new DomainError('NAL-USER-006');
        return userView((await this.users.findById(id, m))!);
      }),
    );
    // Other API copies hear of it from PostgreSQL; this one must not answer the next request from its cache.
    this.accounts.forget(id);
    return view;
  }
}

@CommandHandler(DeleteUser)
export class DeleteUserHandler implements ICommandHandler<DeleteUser> {
  constructor(private readonly dataSource: DataSource, private readonly users: UserRepository, private readonly accounts: AccountAccess) {}

  async execute({ actor, id }: DeleteUser): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      // Locked: the role checked is the role deleted, even if someone changes it at the same moment.
      const current = await this.users.findById(id, m, { lock: true });
      if (!current) throw new NotFoundError('user');
      assertMayManage(actor, current.role, null);
      assertSelfChangeAllowed(actor, { ...current, id: String(current.id) }, { delete: true });
      await this.users.softDelete(m, id);
      // A deleted account's sessions end with it.
      await m.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
    });
    this.accounts.forget(id);
  }
}

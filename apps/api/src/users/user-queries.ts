import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '@oms/domain';
import { UserRepository } from '@oms/infra';
import { page, Page } from '../common/http/envelope';
import { UserListQuery } from './user.dto';
import { userView, UserView } from './user.view';

export class ListUsers extends Query<Page<UserView>> {
  constructor(readonly query: UserListQuery) {
    super();
  }
}

/** What a person-in-charge select lists. */
export function staffMemberView(u: { id: string; name: string }) {
  return { id: Number(u.id), name: u.name };
}
export type StaffMemberView = ReturnType<typeof staffMemberView>;

export class ListStaff extends Query<{ data: StaffMemberView[] }> {}

/** GET /users/staff: every valid staff account's id and name, for any staff role (no e-mail, role or status). */
@QueryHandler(ListStaff)
export class ListStaffHandler implements IQueryHandler<ListStaff> {
  constructor(private readonly users: UserRepository) {}

  async execute() {
    return { data: (await this.users.staff()).map(staffMemberView) };
  }
}

export class GetUser extends Query<UserView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(ListUsers)
export class ListUsersHandler implements IQueryHandler<ListUsers> {
  constructor(private readonly users: UserRepository) {}

  async execute({ query: q }: ListUsers): Promise<Page<UserView>> {
    const { rows, total } = await this.users.list(
      { name: q.name, email: q.email, roles: q.role, statuses: q.status },
      q.sort,
      q.order === 'desc',
      q.page,
      q.perPage,
    );
    return page(rows.map(userView), total, q.page, q.perPage);
  }
}

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly users: UserRepository) {}

  async execute({ id }: GetUser): Promise<UserView> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundError('user');
    return userView(user);
  }
}

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

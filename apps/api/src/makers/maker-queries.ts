import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '@oms/domain';
import { MakerRepository } from '@oms/infra';
import type { SignedInUser } from '../auth/access.decorators';
import { page, Page } from '../common/http/envelope';
import { MakerListQuery } from './maker.dto';
import { makerView, MakerView } from './maker.view';

/** A maker user sees only their own maker; staff see all (undefined = no restriction). */
export function makerScope(user: SignedInUser): string | null | undefined {
  return user.role === 'maker' ? user.makerId : undefined;
}

export class ListMakers extends Query<Page<MakerView>> {
  constructor(readonly user: SignedInUser, readonly query: MakerListQuery) {
    super();
  }
}

export class GetMaker extends Query<MakerView> {
  constructor(readonly user: SignedInUser, readonly id: string) {
    super();
  }
}

export class MakerOptions extends Query<{ id: number; name: string; code: string; status: string }[]> {
  constructor(readonly user: SignedInUser) {
    super();
  }
}

@QueryHandler(ListMakers)
export class ListMakersHandler implements IQueryHandler<ListMakers> {
  constructor(private readonly makers: MakerRepository) {}

  async execute({ user, query: q }: ListMakers): Promise<Page<MakerView>> {
    const { rows, total } = await this.makers.list(
      { keyword: q.keyword, statuses: q.status, orderMethods: q.orderMethod, onlyMakerId: makerScope(user) },
      q.sort,
      q.order === 'desc',
      q.page,
      q.perPage,
    );
    return page(rows.map((m) => makerView(m, user.role === 'maker')), total, q.page, q.perPage);
  }
}

@QueryHandler(GetMaker)
export class GetMakerHandler implements IQueryHandler<GetMaker> {
  constructor(private readonly makers: MakerRepository) {}

  async execute({ user, id }: GetMaker): Promise<MakerView> {
    const maker = await this.makers.findById(id, { onlyMakerId: makerScope(user) });
    if (!maker) throw new NotFoundError('maker');
    return makerView(maker, user.role === 'maker');
  }
}

@QueryHandler(MakerOptions)
export class MakerOptionsHandler implements IQueryHandler<MakerOptions> {
  constructor(private readonly makers: MakerRepository) {}

  async execute({ user }: MakerOptions) {
    return (await this.makers.options(makerScope(user))).map((m) => ({ id: Number(m.id), name: m.name, code: m.code, status: m.status }));
  }
}

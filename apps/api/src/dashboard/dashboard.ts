import { Controller, Get, Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { japanToday } from '@oms/domain';
import { CurrentUser, SignedIn, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { DashboardCountProvider, DashboardLink, visibleTo } from './dashboard-counts';

export const DASHBOARD_COUNTS = Symbol('DASHBOARD_COUNTS');

export interface DashboardView {
  /** The Japan date the counts are for. */
  today: string;
  counts: { key: string; count: number; link: DashboardLink }[];
}

export class GetDashboard extends Query<DashboardView> {
  constructor(readonly viewer: SignedInUser) {
    super();
  }
}

@QueryHandler(GetDashboard)
export class GetDashboardHandler implements IQueryHandler<GetDashboard> {
  constructor(@Inject(DASHBOARD_COUNTS) private readonly providers: DashboardCountProvider[]) {}

  async execute({ viewer }: GetDashboard): Promise<DashboardView> {
    const today = japanToday();
    const shown = this.providers.filter((p) => visibleTo(viewer, p));
    const counts = await Promise.all(shown.map((p) => p.count(viewer, today)));
    return { today, counts: shown.map((p, i) => ({ key: p.key, count: counts[i], link: p.link })) };
  }
}

/** The day's work in numbers, each for the roles that may read it, in one call. */
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @SignedIn()
  async get(@CurrentUser() user: SignedInUser) {
    return one(await this.queries.execute(new GetDashboard(user)));
  }
}

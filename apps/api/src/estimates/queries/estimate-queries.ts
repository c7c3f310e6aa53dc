import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError, Role } from '@oms/domain';
import { EstimateRepository, SettingsOptionRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { Page, page } from '../../common/http/envelope';
import { PageQuery } from '../../common/http/page.query';
import { paymentMethodView, PaymentMethodView } from '../../settings/option-handlers';
import { EstimateDetailView, estimateView, EstimateHistoryItemView, revisionViews, stepViews } from '../estimate.view';

export class GetEstimate extends Query<EstimateDetailView> {
  constructor(readonly id: string, readonly role: Role) {
    super();
  }
}

/** The payment methods an estimate may name (SPEC.md §7 GET /customers/estimates/payments). */
export class EstimatePayments extends Query<PaymentMethodView[]> {}

/** GET /customers/{customerId}/estimates/history: the customer's estimates, newest first, each with its revisions. */
export class CustomerEstimateHistory extends Query<Page<EstimateHistoryItemView>> {
  constructor(readonly customerId: string, readonly query: PageQuery, readonly role: Role) {
    super();
  }
}

@QueryHandler(GetEstimate)
export class GetEstimateHandler implements IQueryHandler<GetEstimate> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  async execute({ id, role }: GetEstimate): Promise<EstimateDetailView> {
    const m = this.dataSource.manager;
    const record = await this.estimates.find(m, id);
    if (!record) throw new NotFoundError('estimate');
    const [frozen, steps] = await Promise.all([this.estimates.revisions(m, [id]), this.estimates.history(m, id)]);
    return { ...estimateView(record, role), revisions: revisionViews(record, frozen.get(id) ?? []), steps: stepViews(steps) };
  }
}

@QueryHandler(EstimatePayments)
export class EstimatePaymentsHandler implements IQueryHandler<EstimatePayments> {
  constructor(private readonly settings: SettingsOptionRepository) {}

  async execute(): Promise<PaymentMethodView[]> {
    return (await this.settings.paymentMethods()).map(paymentMethodView);
  }
}

@QueryHandler(CustomerEstimateHistory)
export class CustomerEstimateHistoryHandler implements IQueryHandler<CustomerEstimateHistory> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  async execute({ customerId, query, role }: CustomerEstimateHistory): Promise<Page<EstimateHistoryItemView>> {
    const m = this.dataSource.manager;
    const [customer] = await m.query(`SELECT 1 FROM customers WHERE id = $1`, [customerId]);
    if (!customer) throw new NotFoundError('customer');
    const [rows, total] = await Promise.all([
      this.estimates.listByCustomer(m, customerId, query.perPage, (query.page - 1) * query.perPage),
      this.estimates.countByCustomer(m, customerId),
    ]);
    const frozen = await this.estimates.revisions(m, rows.map((r) => r.id));
    const items = rows.map((r) => ({ ...estimateView(r, role), revisions: revisionViews(r, frozen.get(r.id) ?? []) }));
    return page(items, total, query.page, query.perPage);
  }
}

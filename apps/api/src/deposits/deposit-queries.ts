import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '@oms/domain';
import { DEPOSIT_HISTORY_ORDER, DEPOSIT_RECORDS_ORDER, DepositRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { keysetPage, KeysetPagination, Page } from '../common/http/envelope';
import { KeysetPageQuery, pagePosition } from '../common/http/page.query';
import { DepositRecordsQuery } from './deposit.dto';
import { depositPaymentView, DepositPaymentView, depositRecordView, DepositRecordView, depositView, DepositView } from './deposit.view';

export class ListDeposits extends Query<Page<DepositView, KeysetPagination>> {
  constructor(readonly query: KeysetPageQuery) {
    super();
  }
}

export class GetDeposit extends Query<DepositView> {
  constructor(readonly id: string) {
    super();
  }
}

export class ListDepositRecords extends Query<Page<DepositRecordView, KeysetPagination>> {
  constructor(readonly depositId: string, readonly query: DepositRecordsQuery) {
    super();
  }
}

export class OrderDeposits extends Query<DepositPaymentView[]> {
  constructor(readonly orderId: string) {
    super();
  }
}

/** GET /deposits/history: every upload, newest first, with its records counted by state and status. */
@QueryHandler(ListDeposits)
export class ListDepositsHandler implements IQueryHandler<ListDeposits> {
  constructor(private readonly deposits: DepositRepository) {}

  async execute({ query }: ListDeposits) {
    const found = await this.deposits.history(pagePosition(query, DEPOSIT_HISTORY_ORDER), query.perPage);
    return keysetPage(found.rows.map(depositView), found, query.perPage);
  }
}

/** GET /deposits/{id}: one upload, with its matching's progress (the console polls it while `state` is matching). */
@QueryHandler(GetDeposit)
export class GetDepositHandler implements IQueryHandler<GetDeposit> {
  constructor(private readonly deposits: DepositRepository) {}

  async execute({ id }: GetDeposit) {
    const deposit = await this.deposits.find(id);
    if (!deposit) throw new NotFoundError('deposit');
    return depositView(deposit);
  }
}

/** GET /deposits/{id}/records: an upload's records in file order, with their payments, and the candidates of those waiting for staff. */
@QueryHandler(ListDepositRecords)
export class ListDepositRecordsHandler implements IQueryHandler<ListDepositRecords> {
  constructor(private readonly deposits: DepositRepository) {}

  async execute({ depositId, query }: ListDepositRecords) {
    if (!(await this.deposits.find(depositId))) throw new NotFoundError('deposit');
    const found = await this.deposits.records(depositId, { state: query.state, status: query.status }, pagePosition(query, DEPOSIT_RECORDS_ORDER), query.perPage);
    const waiting = found.rows.filter((r) => r.state === 'review').map((r) => r.id);
    const candidates = await this.deposits.candidatesFor(waiting);
    return keysetPage(
      found.rows.map((r) => depositRecordView(r, candidates.filter((c) => c.recordId === r.id))),
      found,
      query.perPage,
    );
  }
}

/** GET /deposits/orders/{orderId}: an order's deposit and payment history (SPEC.md §2), live and taken back, oldest first. */
@QueryHandler(OrderDeposits)
export class OrderDepositsHandler implements IQueryHandler<OrderDeposits> {
  constructor(private readonly dataSource: DataSource, private readonly deposits: DepositRepository) {}

  async execute({ orderId }: OrderDeposits) {
    const [order] = await this.dataSource.query(`SELECT id FROM orders WHERE id = $1`, [orderId]);
    if (!order) throw new NotFoundError('order');
    return (await this.deposits.payments(orderId)).map(depositPaymentView);
  }
}

import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { japanToday, NotFoundError, parseDate } from '@oms/domain';
import { OrderHistoryRecord, OrderListFilters, orderListKeyset, OrderReader, OrderRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../../auth/access.decorators';
import { keysetPage, KeysetPagination, Page } from '../../common/http/envelope';
import { pagePosition } from '../../common/http/page.query';
import { makerScope } from '../../makers/maker-queries';
import { OrderListQuery } from './order-read.dto';
import { AnyOrderView, OrderViews } from './order-views';

/** The list's paging: its cursors, and whether the total is the planner's estimate (beyond 10,000 matches; docs/orders-api.md "Reads"). */
export interface OrderPagination extends KeysetPagination {
  totalIsEstimate: boolean;
}

export type OrderPage = Page<AnyOrderView, OrderPagination>;

export class ListOrders extends Query<OrderPage> {
  constructor(readonly viewer: SignedInUser, readonly query: OrderListQuery) {
    super();
  }
}

export class GetOrder extends Query<AnyOrderView> {
  constructor(readonly viewer: SignedInUser, readonly id: string) {
    super();
  }
}

export class OrderStatusHistory extends Query<OrderHistoryRecord[]> {
  constructor(readonly viewer: SignedInUser, readonly orderId: string) {
    super();
  }
}

/** DELETE /errors: an order error read and dealt with by the staff. */
export class DeleteOrderError extends Command<void> {
  constructor(readonly orderId: string, readonly errorId: string) {
    super();
  }
}

const str = (id: number | undefined) => (id === undefined ? undefined : String(id));
/** A `Y-m-d` or `Y/m/d` filter as `YYYY-MM-DD`. */
const date = (text: string | undefined) => (text ? parseDate(text)! : undefined);

@QueryHandler(ListOrders)
export class ListOrdersHandler implements IQueryHandler<ListOrders> {
  constructor(private readonly reader: OrderReader, private readonly views: OrderViews) {}

  async execute({ viewer, query: q }: ListOrders): Promise<OrderPage> {
    const filters: OrderListFilters = {
      status: q.status,
      orderDateFrom: date(q.orderDateFrom),
      orderDateTo: date(q.orderDateTo),
      makerReceiveDateFrom: date(q.makerReceiveDateFrom),
      makerReceiveDateTo: date(q.makerReceiveDateTo),
      shipDateFrom: date(q.shipDateFrom),
      shipDateTo: date(q.shipDateTo),
      shopId: str(q.shopId),
      makerId: str(q.makerId),
      customerId: str(q.customerId),
      productId: str(q.productId),
      paymentMethodId: q.paymentMethodId,
      deliveryInfo: q.deliveryInfo,
      preferredPeriod: q.preferredPeriod,
      hasErrors: q.hasErrors,
      keyword: q.keyword,
      todo: q.todo,
      today: japanToday(),
      onlyMakerId: makerScope(viewer),
    };
    const position = pagePosition(q, orderListKeyset(filters, q.sort));
    const { ids, ...found } = await this.reader.list(filters, { position, perPage: q.perPage, sort: q.sort });
    const answer = keysetPage(await this.views.rows(ids, viewer), found, q.perPage);
    return { ...answer, pagination: { ...answer.pagination, totalIsEstimate: !found.exact } };
  }
}

@QueryHandler(GetOrder)
export class GetOrderHandler implements IQueryHandler<GetOrder> {
  constructor(private readonly views: OrderViews) {}

  execute({ viewer, id }: GetOrder): Promise<AnyOrderView> {
    return this.views.get(id, viewer);
  }
}

@QueryHandler(OrderStatusHistory)
export class OrderStatusHistoryHandler implements IQueryHandler<OrderStatusHistory> {
  constructor(private readonly reader: OrderReader, private readonly views: OrderViews) {}

  async execute({ viewer, orderId }: OrderStatusHistory): Promise<OrderHistoryRecord[]> {
    // The order must be one the viewer may see (a maker: one with a line it may see).
    await this.views.get(orderId, viewer);
    return this.reader.history(orderId, makerScope(viewer));
  }
}

@CommandHandler(DeleteOrderError)
export class DeleteOrderErrorHandler implements ICommandHandler<DeleteOrderError> {
  constructor(private readonly dataSource: DataSource, private readonly reader: OrderReader, private readonly orders: OrderRepository) {}

  execute({ orderId, errorId }: DeleteOrderError): Promise<void> {
    return this.dataSource.transaction(async (m) => {
      if (!(await this.reader.deleteError(m, orderId, errorId))) throw new NotFoundError('order error');
      // The list's error count (and the has-errors filter) follow at once.
      await this.orders.refreshDerived(m, orderId);
    });
  }
}

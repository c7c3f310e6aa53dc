import { LINE_STATUSES, ORDER_TODOS, OrderTodo, PREFERRED_PERIOD_MAX, PREFERRED_PERIOD_MIN, PreferredPeriod } from '@oms/domain';
import { ORDER_EXPORT_DATE_KINDS, ORDER_SORTS, OrderSort } from '@oms/infra';
import { KeysetPageQuery } from '../../common/http/page.query';
import { Id, Int, OneOf, OneOfNumbers, Optional, Required, Text } from '../../common/validation/rules';
import { DateText } from '../../common/validation/rules';
import { NotAfterToday, NotBefore } from '../../common/validation/date-rules';

const Flag = () => OneOfNumbers([0, 1]);

/** GET /orders: docs/orders-api.md "Reads"; date ranges as SPEC.md §5 has them (from not after today, to not before from). */
export class OrderListQuery extends KeysetPageQuery {
  @Optional()
  @OneOf(LINE_STATUSES)
  @Int()
  status?: number;

  @Optional()
  @DateText()
  @NotAfterToday()
  orderDateFrom?: DateText;

  @Optional()
  @DateText()
  @NotBefore('orderDateFrom', 'order_date_from')
  orderDateTo?: DateText;

  @Optional()
  @DateText()
  @NotAfterToday()
  makerReceiveDateFrom?: DateText;

  @Optional()
  @DateText()
  @NotBefore('makerReceiveDateFrom', 'maker_receive_date_from')
  makerReceiveDateTo?: DateText;

  @Optional()
  @DateText()
  @NotAfterToday()
  shipDateFrom?: DateText;

  @Optional()
  @DateText()
  @NotBefore('shipDateFrom', 'ship_date_from')
  shipDateTo?: DateText;

  @Optional()
  @Id()
  shopId?: number;

  @Optional()
  @Id()
  makerId?: number;

  @Optional()
  @Id()
  customerId?: number;

  /** Orders with a line of this product (the product page's link). */
  @Optional()
  @Id()
  productId?: number;

  @Optional()
  @Int(0, 5)
  paymentMethodId?: number;

  @Optional()
  @Flag()
  @Int()
  deliveryInfo?: 0 | 1;

  @Optional()
  @Flag()
  @Int()
  hasErrors?: 0 | 1;

  /** A preferred delivery period's code: 0 none, 1–4 the transport time slots. */
  @Optional()
  @Int(PREFERRED_PERIOD_MIN, PREFERRED_PERIOD_MAX)
  preferredPeriod?: PreferredPeriod;

  @Optional()
  @Text(100)
  keyword?: string;

  /** Orders with a maker part that waits on staff today (the dashboard's links). */
  @Optional()
  @OneOf(ORDER_TODOS)
  todo?: OrderTodo;

  @Optional()
  @OneOf(ORDER_SORTS)
  sort: OrderSort = '-order_date';
}

export const ORDER_EXPORT_ENCODINGS = ['utf8', 'sjis'] as const;

/** POST /orders/export. */
export class ExportOrdersBody {
  @Required()
  @OneOf(Object.values(ORDER_EXPORT_DATE_KINDS))
  @Int()
  dateKind!: 1 | 2 | 3;

  @Required()
  @DateText()
  @NotAfterToday()
  from!: DateText;

  @Required()
  @DateText()
  @NotBefore('from', 'from')
  to!: DateText;

  @Optional()
  @OneOf(ORDER_EXPORT_ENCODINGS)
  encoding: (typeof ORDER_EXPORT_ENCODINGS)[number] = 'utf8';
}

/** DELETE /errors?order_id=&id= */
export class DeleteOrderErrorQuery {
  @Required()
  @Id()
  orderId!: number;

  @Required()
  @Id()
  id!: number;
}

import type { AnswerOf, BodyOf, Wire } from '../../../api/wire';

/** The order as the API answers it (docs/orders-api.md "The order"), camel-cased. Ids are strings on the wire. */
export type Order = Wire<'OrderView'>;
export type OrderLine = Wire<'OrderLineRecord'>;
/** A maker's part of the order: its confirmation and delivery info (its order and estimated ship dates on the single order only). */
export type OrderMaker = Order['makers'][number];
export type OrderError = Wire<'OrderErrorRecord'>;
/** The payment method; its customer only on the detail (not on list rows). */
export type OrderPaymentMethod = Order['paymentMethod'];
export type TaxByRate = Wire<'TaxByRate'>;

/**
 * A line as a maker user reads it (docs/orders-api.md "A maker's view"): what it ships, at the
 * wholesale price; no retail price or tax.
 */
export type MakerOrderLine = Wire<'MakerOrderLineRecord'>;

/**
 * The order as a maker user reads it: its lines ordered from it, the delivery, the maker memo and
 * its own part. Nothing of the buyer, payment or the shop's money is in it (not blanked: absent).
 */
export type MakerOrder = Wire<'MakerOrderView'>;

/** What GET /orders and /orders/{id} answer: the staff's order, or a maker user's view of it. */
export type AnyOrder = Order | MakerOrder;
export type AnyOrderLine = OrderLine | MakerOrderLine;

export const isMakerOrder = (order: AnyOrder): order is MakerOrder => 'view' in order && order.view === 'maker';
export const isMakerLine = (line: AnyOrderLine): line is MakerOrderLine => !('priceWithTax' in line);

/** One entry of the order's history: a line's status change, or (`mail` set) a mail to the buyer about some products. */
export type StatusHistoryEntry = Wire<'OrderHistoryRecord'>;

/** One order's answer of a batch command. */
export type BatchOrderResult = Wire<'BatchResult'>;

/** What `PUT /orders/paid` answers instead of the order. */
export type PaidResult = AnswerOf<'/orders/paid', 'put'>;

/** A line of the create/edit form, as sent. */
export type OrderLineInput = Wire<'OrderLineBody'>;

/** The body of create and edit (docs/orders-api.md "Create and edit"); edit adds the version read. */
export type OrderInput = BodyOf<'/orders', 'post'> & Partial<Pick<BodyOf<'/orders/{id}', 'put'>, 'version'>>;

export const ORDERS_PATH = '/orders';

/** `20261122-0000012-1`: the number staff read out, with its branch. */
export const orderNumber = (o: Pick<Order, 'orderNo' | 'branchNo'>) => `${o.orderNo}-${o.branchNo}`;

import type { LineStatus } from './line-status';
import type { PreferredPeriod } from './preferred-period';

/** The order as the API answers it (docs/orders-api.md "The order"), camel-cased. Ids are strings on the wire. */
export interface OrderLine {
  id: string;
  makerId: string;
  makerName: string;
  productId: string | null;
  productCode: string | null;
  productName: string;
  amount: number;
  wholesalePrice: number | null;
  priceWithTax: number;
  taxPercentage: number;
  tax: number;
  makerShippingFee: number;
  option1: string | null;
  option2: string | null;
  status: LineStatus;
}

/** A maker's part of the order: its confirmation and delivery info. */
export interface OrderMaker {
  makerId: string;
  makerName: string;
  orderMethod: 'fax' | 'email';
  confirmStatus: 1 | 2 | 3 | null;
  refusalReason: string | null;
  conversationStatus: number;
  makerOrderDate: string | null;
  makerReceiveDate: string | null;
  estimatedShipDate: string | null;
  shipDate: string | null;
  deliveryCompanyId: string | null;
  trackingCode: string | null;
}

export interface OrderError {
  id: string;
  makerId: string | null;
  code: string;
  message: string;
  createdAt: string;
}

export interface OrderPaymentMethod {
  id: number;
  code: string;
  nameJa: string;
  nameEn: string;
  isPostpaid: boolean;
  businessOnly: boolean;
  feeWithTax: number | null;
  limitAmount: number | null;
  /** Only on the detail (not on list rows). */
  customer?: { id: string; name: string; companyName: string | null } | null;
}

export interface TaxByRate {
  rate: number;
  amountWithTax: number;
  tax: number;
}

export interface Order {
  id: string;
  orderNo: string;
  branchNo: number;
  origin: string;
  ecOrderId: string | null;
  shopId: string;
  shopName: string;
  customerId: string | null;
  paymentMethodId: number;
  paymentMethod: OrderPaymentMethod | null;
  deliveryMethodId: string | null;
  orderDate: string;
  revenueMonth: string | null;
  preferredDate: string | null;
  /** A transport time slot's code, 0 none (./preferred-period). */
  preferredPeriod: PreferredPeriod;
  buyerName: string;
  buyerKana: string | null;
  buyerTel: string | null;
  buyerZip: string | null;
  buyerAddress: string | null;
  buyerEmail: string | null;
  deliveryName: string;
  deliveryKana: string | null;
  deliveryTel: string | null;
  deliveryZip: string | null;
  deliveryAddress: string | null;
  memo: string | null;
  supplierMemo: string | null;
  ediNote: string | null;
  sendMailFlag: 0 | 1;
  sentToOriginFlag: 0 | 1;
  fileType: 'pdf' | 'csv';
  settlementFee: number;
  otherFee: number;
  shippingFee: number;
  fee: number;
  refundFee: number;
  productsTotal: number;
  taxTotal: number;
  total: number;
  taxByRate: TaxByRate[];
  status: LineStatus;
  hasDeliveryInfo: boolean;
  errorCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  lines: OrderLine[];
  makers: OrderMaker[];
  errors?: OrderError[];
}

/**
 * A line as a maker user reads it (docs/orders-api.md "A maker's view"): what it ships, at the
 * wholesale price; no retail price or tax.
 */
export type MakerOrderLine = Pick<
  OrderLine,
  'id' | 'makerId' | 'makerName' | 'productId' | 'productCode' | 'productName' | 'option1' | 'option2' | 'amount' | 'wholesalePrice' | 'status'
>;

/**
 * The order as a maker user reads it: its lines ordered from it, the delivery, the maker memo and
 * its own part. Nothing of the buyer, payment or the shop's money is in it (not blanked: absent).
 */
export interface MakerOrder
  extends Pick<
    Order,
    | 'id'
    | 'orderNo'
    | 'branchNo'
    | 'orderDate'
    | 'shopName'
    | 'preferredDate'
    | 'preferredPeriod'
    | 'deliveryName'
    | 'deliveryTel'
    | 'deliveryZip'
    | 'deliveryAddress'
    | 'supplierMemo'
    | 'ediNote'
    | 'status'
    | 'hasDeliveryInfo'
    | 'version'
    | 'updatedAt'
    | 'makers'
  > {
  view: 'maker';
  /** What the shop owes the maker for the live lines; null while a line has no wholesale price. */
  wholesaleTotal: number | null;
  lines: MakerOrderLine[];
}

/** What GET /orders and /orders/{id} answer: the staff's order, or a maker user's view of it. */
export type AnyOrder = Order | MakerOrder;
export type AnyOrderLine = OrderLine | MakerOrderLine;

export const isMakerOrder = (order: AnyOrder): order is MakerOrder => 'view' in order && order.view === 'maker';
export const isMakerLine = (line: AnyOrderLine): line is MakerOrderLine => !('priceWithTax' in line);

/** One entry of the order's history: a line's status change, or (`mail` set) a mail to the buyer about some products. */
export interface StatusHistoryEntry {
  id: string;
  orderLineId: string | null;
  productName: string;
  fromStatus: LineStatus | null;
  toStatus: LineStatus | null;
  command: string;
  /** A refusal's reason, a changed ship date. */
  note: string | null;
  changedBy: string | null;
  changedByName: string | null;
  changedAt: string;
  mail?: { status: 'sent' | 'skipped' | 'failed'; recipient: string | null; skipReason: string | null } | null;
}

/** One order's answer of a batch command. */
export interface BatchOrderResult {
  orderId: string;
  ok: boolean;
  version?: number;
  errorCode?: string;
}

/** What `PUT /orders/paid` answers instead of the order. */
export interface PaidResult {
  isShowPopup: boolean;
  orderUpdatedAt: string;
  version: number;
}

/** A line of the create/edit form, as sent. */
export interface OrderLineInput {
  id?: string;
  productId?: string | null;
  productName?: string | null;
  makerId?: string | null;
  amount: number;
  priceWithTax?: number | null;
  taxPercentage?: number | null;
  wholesalePrice?: number | null;
  makerShippingFee?: number | null;
  option1?: string | null;
  option2?: string | null;
}

/** The body of create and edit (docs/orders-api.md "Create and edit"). */
export interface OrderInput {
  shopId: string;
  customerId?: string | null;
  paymentMethodId: number;
  deliveryMethodId?: string | null;
  orderDate: string;
  ecOrderId?: string | null;
  buyerName: string;
  buyerKana?: string | null;
  buyerTel?: string | null;
  buyerZip?: string | null;
  buyerAddress?: string | null;
  buyerEmail?: string | null;
  deliveryName: string;
  deliveryKana?: string | null;
  deliveryTel?: string | null;
  deliveryZip?: string | null;
  deliveryAddress?: string | null;
  preferredDate?: string | null;
  preferredPeriod?: PreferredPeriod;
  memo?: string | null;
  supplierMemo?: string | null;
  ediNote?: string | null;
  settlementFee?: number | null;
  otherFee?: number | null;
  shippingFee?: number | null;
  sendMailFlag: 0 | 1;
  sentToOriginFlag: 0 | 1;
  /** The order sheet sent to makers. */
  fileType?: 'pdf' | 'csv';
  lines: OrderLineInput[];
  branchOfOrderId?: string;
  confirmedProductChangesAt: string;
  version?: number;
}

export const ORDERS_PATH = '/orders';

/** `20261122-0000012-1`: the number staff read out, with its branch. */
export const orderNumber = (o: Pick<Order, 'orderNo' | 'branchNo'>) => `${o.orderNo}-${o.branchNo}`;

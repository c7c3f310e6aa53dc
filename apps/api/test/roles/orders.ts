/** Routes of the orders area and who may pass the guard (see roles.e2e-spec.ts for the letters). */
const READ = 'yyyyyyy';
const PAYMENT = 'yyyy-y-';
const PROCESS = 'yyyy---';
const MAKER = 'yyyy--y';
/** Print documents: every staff role that reads orders, never a maker. */
const PRINT = 'yyyyyy-';

/** Each line command, one order (`/orders/:orderId/…`) and many (`/orders/batch/…`), with its permission. */
const COMMANDS: Record<string, string> = {
  order_process: PROCESS,
  maker_received_process: MAKER,
  maker_ship_process: MAKER,
  data_patch: PROCESS,
  change_status: PROCESS,
  return_process: PROCESS,
  refund_process: PAYMENT,
  cancel: PROCESS,
  change_revenue: PAYMENT,
};

export const ORDERS_ROUTES: Record<string, string> = {
  'GET /orders': READ,
  'POST /orders': PROCESS,
  'POST /orders/export': READ,
  'GET /orders/:id': READ,
  'PUT /orders/:id': PROCESS,
  'GET /orders/:orderId/history_status': READ,
  'PUT /orders/paid': PAYMENT,
  'PUT /orders/batch/paid': PAYMENT,
  ...Object.fromEntries(Object.entries(COMMANDS).flatMap(([name, rule]) => [[`PUT /orders/:orderId/${name}`, rule], [`PUT /orders/batch/${name}`, rule]])),
  'DELETE /errors': PROCESS,
  'GET /orders/:orderId/order-sheets': READ,
  'POST /orders/:orderId/order-sheets': PROCESS,
  'GET /orders/:orderId/download-order-maker': MAKER,
  'GET /orders/:orderId/download-bill': PRINT,
  'GET /orders/:orderId/documents/:kind': PRINT,
  'POST /orders/documents': PRINT,
  'GET /orders/documents/download': PRINT,
  'GET /maker-confirmations/:token': 'public',
  'POST /maker-confirmations/:token': 'public',
  'PUT /maker-confirmations/:token/estimated-ship-date': 'public',
  'GET /maker-confirmations/:token/sheet': 'public',
};

/**
 * What a maker user never reads of an order (DESIGN.md §8): the shop's prices and money, payment,
 * the buyer and the customer, the staff's memo, flags and errors, the revenue month. Every order
 * read route is walked with a maker user in orders-maker-view.e2e-spec.ts: none of these keys may
 * appear anywhere in its answers (and each appears in the staff's, so the check bites).
 */
export const HIDDEN_FROM_MAKER_ORDER_FIELDS = [
  'price_with_tax',
  'tax',
  'tax_percentage',
  'tax_total',
  'tax_by_rate',
  'products_total',
  'total',
  'settlement_fee',
  'shipping_fee',
  'other_fee',
  'fee',
  'refund_fee',
  'maker_shipping_fee',
  'payment_method',
  'payment_method_id',
  'customer',
  'customer_id',
  'buyer_name',
  'buyer_kana',
  'buyer_tel',
  'buyer_zip',
  'buyer_address',
  'buyer_email',
  'delivery_kana',
  'memo',
  'send_mail_flag',
  'sent_to_origin_flag',
  'errors',
  'error_count',
  'revenue_month',
  'ec_order_id',
  'origin',
] as const;

/** Routes of the orders area and who may pass the guard (see roles.e2e-spec.ts for the letters). */
const READ = 'yyyyyyy';
const PAYMENT = 'yyyy-y-';
const PROCESS = 'yyyy---';
const MAKER = 'yyyy--y';

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
  'GET /maker-confirmations/:token': 'public',
  'POST /maker-confirmations/:token': 'public',
  'GET /maker-confirmations/:token/sheet': 'public',
};

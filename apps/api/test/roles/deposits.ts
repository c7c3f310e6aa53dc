/** Routes of the deposits area and who may pass the guard (see roles.e2e-spec.ts for the letters; DESIGN.md §8's deposits row). */
export const DEPOSITS_ROUTES: Record<string, string> = {
  'POST /deposits/payment': 'yy---y-',
  'GET /deposits/history': 'yyyy-y-',
  'GET /deposits/:id': 'yyyy-y-',
  'GET /deposits/:id/records': 'yyyy-y-',
  'GET /deposits/orders/:orderId': 'yyyy-y-',
  'PUT /deposits/:orderId/update': 'yy---y-',
  'PUT /deposits/records/:id/revert': 'yy---y-',
  'PUT /deposits/:id/revert': 'yy---y-',
  // Downloads (the media token).
  'GET /deposits/:id/download': 'yyyy-y-',
  'GET /deposits/:id/download-result': 'yyyy-y-',
  'GET /deposits/report': 'yyyy-y-',
  'GET /deposits/advance-payments': 'yyyy-y-',
};

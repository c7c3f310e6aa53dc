/** Routes of the customers area and who may pass the guard (see roles.e2e-spec.ts for the letters). */
export const CUSTOMERS_ROUTES: Record<string, string> = {
  'GET /customers': 'yyyyyy-',
  'GET /customers/list': 'yyyyyy-',
  'POST /customers/export': 'yyyyyy-',
  'GET /customers/:customerId/same-email-and-phone': 'yyyyyy-',
  'PUT /customers/:customerId/same-email-and-phone': 'yyyyy--',
  'GET /customers/:customerId/estimates/history': 'yyyyyy-',
  'GET /customers/:id': 'yyyyyy-',
  'POST /customers': 'yyyyy--',
  'PUT /customers/:id': 'yyyyy--',
  // Signed file URLs (the customer export is the first to hand them out): the signature is the authorisation.
  'GET /medias/download': 'public',
};

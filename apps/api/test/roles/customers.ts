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
  // Customer inquiries (issue 16): DESIGN.md §8's "customers, customer inquiries" row; the two forms and their options are public.
  'GET /customer-inquiries/form-options': 'public',
  'POST /customer-inquiries/inquiry-form': 'public',
  'POST /customer-inquiries/return-form': 'public',
  'GET /customer-inquiries': 'yyyyyy-',
  'POST /customer-inquiries': 'yyyyy--',
  'GET /customer-inquiries/:id': 'yyyyyy-',
  'PUT /customer-inquiries/:id': 'yyyyy--',
};

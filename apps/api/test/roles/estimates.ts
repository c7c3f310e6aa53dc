/** Routes of the estimates area and who may pass the guard (see roles.e2e-spec.ts for the letters; DESIGN.md §8). */
export const ESTIMATES_ROUTES: Record<string, string> = {
  'GET /customers/estimates/payments': 'yyyyyy-',
  'POST /customers/estimates': 'yyyyy--',
  'GET /customers/estimates/:id': 'yyyyyy-',
  'PUT /customers/estimates/:id': 'yyyyy--',
  'PUT /customers/estimates/:id/request-approve': 'yyyyy--',
  // Approve or reject: approvers; stamp and return are checked per action by the workflow (estimates.stamp). A mailed link's
  // `link_token` instead of a bearer token passes the guard and is checked by the handler (estimates.e2e-spec.ts).
  'PUT /customers/estimates/approve': 'yyy----',
  // The approval link's page: the token is the authorisation.
  'GET /customers/estimates/check': 'public',
  // Downloads (the media token; the PDF also through an approval link).
  'GET /customers/estimates/download': 'yyyyyy-',
  'GET /customers/estimates/download-template': 'yyyyyy-',
  'GET /customers/estimates/download-file': 'yyyyyy-',
  'PUT /customers/estimates/:estimateId/upload': 'yyyyy--',
  'DELETE /customers/estimates/:estimateId/file': 'yyyyy--',
};

/** Routes of the products area and who may pass the guard (see roles.e2e-spec.ts for the letters). */
export const PRODUCTS_ROUTES: Record<string, string> = {
  'GET /products': 'yyyyyyy',
  'POST /products': 'yyyy---',
  'GET /products/changes': 'yyyyyyy',
  // A download (@Download): the guard reads the one-minute media token in `?token=`, not the bearer token.
  'GET /products/export': 'yyyyyyy',
  'POST /products/import': 'yyyy---',
  'GET /products/:id': 'yyyyyyy',
  'PUT /products/:id': 'yyyy---',
};

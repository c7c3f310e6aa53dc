/** Routes of the products area and who may pass the guard (see roles.e2e-spec.ts for the letters). */
export const PRODUCTS_ROUTES: Record<string, string> = {
  'GET /products': 'yyyyyyy',
  'POST /products': 'yyyy---',
  'GET /products/changes': 'yyyyyyy',
  // A download (@Download): the guard reads the one-minute media token in `?token=`, not the bearer token.
  'GET /products/export': 'yyyyyyy',
  // Imports in steps (docs/product-csv.md): upload, read the preview, apply or discard; staff who may write the catalogue.
  'POST /products/imports': 'yyyy---',
  'GET /products/imports/:id': 'yyyy---',
  'POST /products/imports/:id/apply': 'yyyy---',
  'POST /products/imports/:id/discard': 'yyyy---',
  // A download of an import's rejected rows (@Download, the media token).
  'GET /products/imports/:id/rejected-rows': 'yyyy---',
  'GET /products/:id': 'yyyyyyy',
  'PUT /products/:id': 'yyyy---',
  'DELETE /products/:id': 'yyyy---',
};

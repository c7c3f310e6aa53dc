/** Routes of the settings area and who may pass the guard (see roles.e2e-spec.ts for the letters). */
const R = 'yyyyyy-';
const RW = 'yy-----';

export const SETTINGS_ROUTES: Record<string, string> = {
  'GET /shops': R,
  'GET /shops/:id': R,
  'POST /shops': RW,
  'PUT /shops/:id': RW,
  'DELETE /shops/:id': RW,
  'GET /delivery_methods': R,
  'POST /delivery_methods': RW,
  'PUT /delivery_methods/:id': RW,
  'DELETE /delivery_methods/:id': RW,
  'GET /delivery_companies': 'signed-in',
  'POST /delivery_companies': RW,
  'PUT /delivery_companies/:id': RW,
  'DELETE /delivery_companies/:id': RW,
  'GET /payments/search': R,
  'GET /settings/option': R,
  // The seal image (@Download, the media token): a redirect to its signed URL.
  'GET /settings/option/seal': R,
  'PUT /settings/option': RW,
  'GET /settings/time_shipments': R,
  'POST /settings/time_shipments': RW,
  'PUT /settings/time_shipments/:id': RW,
  'DELETE /settings/time_shipments/:id': RW,
  'GET /settings/mail_templates': R,
  'PUT /settings/mail_templates/:key': RW,
  // A preview renders a draft with a sample order and saves nothing.
  'POST /settings/mail_templates/:key/preview': R,
  // A shop's platform connection (issue 17); the OAuth callback is public (its one-time state names the shop).
  'GET /shops/:id/connection': R,
  'PUT /shops/:id/connection': RW,
  'POST /shops/:id/connection/test': RW,
  'POST /shops/:id/connection/fetch-now': RW,
  'POST /shops/:id/connection/authorization': RW,
  'GET /shops/:id/connection/payment-mappings': R,
  'PUT /shops/:id/connection/payment-mappings': RW,
  'GET /shop-connections/oauth/callback': 'public',
};

import { BODY_LIMITS, bodyKindOf, bodyLimitOf } from './body-limits';

describe('body limits by route kind', () => {
  it.each([
    ['POST', '/api/v1/auth/login-with-token', 'public'],
    ['POST', '/maker-confirmations/{token}', 'public'],
    ['PUT', '/api/v1/maker-confirmations/abc/estimated-ship-date?x=1', 'public'],
    ['POST', '/api/v1/orders', 'list'],
    ['PUT', '/orders/{id}', 'list'],
    ['PUT', '/api/v1/orders/12/cancel', 'list'],
    ['PUT', '/api/v1/orders/:id/cancel', 'list'],
    ['PUT', '/api/v1/orders/batch/paid', 'list'],
    ['POST', '/customers/export', 'list'],
    ['POST', '/api/v1/orders/export', 'form'],
    ['POST', '/orders/{orderId}/order-sheets', 'form'],
    ['PUT', '/api/v1/makers/3', 'form'],
    ['DELETE', '/api/v1/shops/3', 'form'],
    ['post', '/api/v1/customers', 'form'],
  ])('%s %s is a %s body', (method, path, kind) => {
    expect(bodyKindOf(method, path)).toBe(kind);
    expect(bodyLimitOf(method, path)).toBe(BODY_LIMITS[kind as keyof typeof BODY_LIMITS]);
  });
});

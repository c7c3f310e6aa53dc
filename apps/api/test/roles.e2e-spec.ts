import { ROLES, Role } from '@oms/domain';
import { RouteAccessCatalogue } from '../src/auth/route-access';
import { TokensService } from '../src/auth/tokens.service';
import { CONVERSATIONS_ROUTES } from './roles/conversations';
import { CUSTOMERS_ROUTES } from './roles/customers';
import { DEPOSITS_ROUTES } from './roles/deposits';
import { ESTIMATES_ROUTES } from './roles/estimates';
import { ORDERS_ROUTES } from './roles/orders';
import { PRODUCTS_ROUTES } from './roles/products';
import { REVENUES_ROUTES } from './roles/revenues';
import { SETTINGS_ROUTES } from './roles/settings';
import { TestApp } from './support/test-app';
import { startTestEnvironment, TestEnvironment } from './support/test-env';

/**
 * Every route of the API, walked with every role (DESIGN.md §8). One letter per role in the order
 * system_admin, approver, estimate_approver, operator, call_center, accountant, maker:
 * `y` may pass the guard, `-` gets 403. `public` needs no token; `signed-in` any role.
 * A route missing here fails the test: add it with its row of the matrix.
 */
const EXPECTED: Record<string, string> = {
  'GET /auth/:provider/login-url': 'public',
  'GET /auth/:provider/callback': 'public',
  'POST /auth/login-with-token': 'public',
  'POST /auth/refresh': 'public',
  'POST /auth/logout': 'public',
  'GET /health': 'public',
  // The OpenAPI contract: it says what the console's bundle already says.
  'GET /openapi.json': 'public',
  'GET /health/details': 'y------',
  'GET /me': 'signed-in',
  // Each count only for the roles that may read it (dashboard.e2e-spec.ts).
  'GET /dashboard': 'signed-in',
  'GET /medias/token': 'signed-in',
  // Presigned uploads are for staff; the PUT itself is authorised by its URL's signature (as downloads).
  'GET /medias/presigned_url': 'yyyyyy-',
  'PUT /medias/upload': 'public',
  // The queue dashboard's entry (a media token for its cookie); the dashboard behind it is middleware, tested in admin-queues.e2e-spec.ts.
  'GET /admin/queues': 'y------',
  'GET /users': 'yy-----',
  'POST /users': 'yy-----',
  'GET /users/staff': 'yyyyyy-',
  'GET /users/:id': 'yy-----',
  'PUT /users/:id': 'yy-----',
  'DELETE /users/:id': 'yy-----',
  'GET /makers': 'yyyyyyy',
  'GET /makers/list': 'yyyyyyy',
  'GET /makers/:id': 'yyyyyyy',
  'POST /makers': 'yyyy---',
  'PUT /makers/:id': 'yyyy---',
  ...SETTINGS_ROUTES,
  ...PRODUCTS_ROUTES,
  ...CUSTOMERS_ROUTES,
  ...ESTIMATES_ROUTES,
  ...ORDERS_ROUTES,
  ...DEPOSITS_ROUTES,
  ...REVENUES_ROUTES,
  ...CONVERSATIONS_ROUTES,
};

describe('role matrix over every route', () => {
  let env: TestEnvironment;
  let api: TestApp;
  const tokens = {} as Record<Role, string>;
  const mediaTokens = {} as Record<Role, string>;

  beforeAll(async () => {
    env = await startTestEnvironment({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
    api = await TestApp.start(env.config);
    for (const role of ROLES) {
      const user = await api.signedIn(role);
      tokens[role] = user.auth;
      mediaTokens[role] = api.app.get(TokensService).signMedia({ id: user.id, role, makerId: user.makerId, stamp: 0 }).token;
    }
  });

  afterAll(async () => {
    await api?.close();
    await env?.stop();
  });

  const routes = () => api.app.get(RouteAccessCatalogue).routes();

  it('lists exactly the routes the application has', () => {
    expect(routes().map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('declares an access rule on every route', () => {
    expect(routes().filter((r) => !r.access)).toEqual([]);
  });

  /** Downloads (`@Download`) take the one-minute media token in `?token=` instead of the bearer token. */
  const isDownload = (route: string) => routes().find((r) => `${r.method} ${r.path}` === route)?.access?.kind === 'download';

  function call(route: string, role?: Role) {
    const [method, path] = route.split(' ');
    // Ids that do not exist: an allowed role reaches the handler and gets 404/422, never a write.
    let url = `/api/v1${path.replace(':provider', 'google').replace(/:\w+/g, '987654321')}`;
    if (role && isDownload(route)) url += `?token=${mediaTokens[role]}`;
    const req = (api.http as unknown as Record<string, (u: string) => import('supertest').Test>)[method.toLowerCase()](url);
    if (role && !isDownload(route)) req.set('Authorization', tokens[role]);
    return method === 'GET' || method === 'DELETE' ? req : req.send({});
  }

  const cases = Object.entries(EXPECTED).flatMap(([route, pattern]) => ROLES.map((role, i) => ({ route, pattern, role, i })));

  it.each(cases)('$route as $role', async ({ route, pattern, role, i }) => {
    const res = await call(route, role);
    const allowed = pattern === 'public' || pattern === 'signed-in' || pattern[i] === 'y';
    if (allowed) {
      // Past the guard: whatever the handler answers (a refresh without its cookie is its own 401), never the guard's refusal.
      expect(res.status).not.toBe(403);
      expect(['NAL-401', 'NAL-403', 'NAL-LO-07']).not.toContain(res.body?.error?.error_code);
    } else {
      expect(res.status).toBe(403);
      expect(res.body.error.error_code).toBe('NAL-403');
    }
  });

  it.each(Object.entries(EXPECTED).filter(([, p]) => p !== 'public'))('%s without a token answers 401', async (route) => {
    const res = await call(route);
    expect(res.status).toBe(401);
    expect(res.body.error.error_code).toBe(isDownload(route) ? 'NAL-LO-07' : 'NAL-401');
  });
});

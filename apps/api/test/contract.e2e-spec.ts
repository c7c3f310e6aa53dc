import { isAllowed, ROLES } from '@oms/domain';
import { readFileSync } from 'node:fs';
import { RouteAccessCatalogue } from '../src/auth/route-access';
import { CONTRACT_FILE } from '../src/contract/contract.controller';
import { TestApp } from './support/test-app';
import { startTestEnvironment, TestEnvironment } from './support/test-env';

/**
 * The OpenAPI contract as served (DESIGN.md §4). That the committed file is what the code produces
 * is `npm run contract:check` (in `npm run typecheck`, so in CI); the generator's rules are
 * apps/api/src/contract/contract.spec.ts.
 */
// Two applications start here; on a loaded machine that takes longer than jest's 5 s.
jest.setTimeout(60_000);

describe('the OpenAPI contract', () => {
  let env: TestEnvironment;
  let api: TestApp;
  const committed = () => readFileSync(CONTRACT_FILE, 'utf8');

  beforeAll(async () => {
    env = await startTestEnvironment();
    api = await TestApp.start({ ...env.config, NODE_ENV: 'development' });
  });

  afterAll(async () => {
    await api?.close();
    await env?.stop();
  });

  it('is served at /api/v1/openapi.json without sign-in, as committed (keys not snake-cased)', async () => {
    const res = await api.http.get('/api/v1/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).toBe(committed());
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/orders/{id}'].get.operationId).toBe('OrdersReadController.get');
  });

  it('describes every route of the application, with its access rule and the roles it lets through', () => {
    const document = JSON.parse(committed());
    const routes = api.app.get(RouteAccessCatalogue).routes();
    const operations = Object.values(document.paths as Record<string, Record<string, unknown>>).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(routes.length);
    for (const route of routes) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${route.path}`, access: operation?.['x-access'] }).toEqual({ route: `${route.method} ${route.path}`, access: route.access });
      const access = route.access!;
      if (access.kind === 'permission' || access.kind === 'download') {
        expect(operation['x-roles']).toEqual(ROLES.filter((role) => isAllowed(role, access.permission)));
      }
    }
  });

  it('describes an answer by the view the handler returns, and every error by the one envelope', () => {
    const document = JSON.parse(committed());
    const get = document.paths['/orders/{id}'].get;
    expect(get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { data: { $ref: '#/components/schemas/AnyOrderView' } },
      required: ['data'],
    });
    expect(document.components.schemas.OrderView.properties.order_no).toEqual({ type: 'string' });
    expect(get.responses['404']).toEqual({ $ref: '#/components/responses/Error' });
    expect(document.components.schemas.ErrorEnvelope.properties.error.required).toEqual(['error_code', 'message', 'errors', 'request_id']);
  });

  it('lists the statuses a route really answers beyond its shape: an order named in the body not found, a health check down', async () => {
    const document = JSON.parse(committed());
    const operator = await api.signedIn('operator');
    const missing = await api.http.put('/api/v1/orders/paid').set('Authorization', operator.auth).send({ order_id: 999_999_999, version: 1, line_ids: [1] });
    expect(missing.status).toBe(404);
    expect(Object.keys(document.paths['/orders/paid'].put.responses)).toContain(String(missing.status));
    expect(Object.keys(document.paths['/errors'].delete.responses)).toContain('404');
    // Health answers its own body with 503, not the error envelope.
    const health = document.paths['/health'].get.responses;
    expect(health['503'].content).toEqual(health['200'].content);
  });

  it('shows a reference page in development, served from this server only', async () => {
    const page = await api.http.get('/api/v1/reference').expect(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'; script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.text).toContain('<script src="/api/v1/reference/swagger-ui-bundle.js">');
    expect(page.text).not.toMatch(/https?:\/\//);
    await api.http.get('/api/v1/reference/swagger-ui-bundle.js').expect(200).expect('content-type', /javascript/);
    await api.http.get('/api/v1/reference/swagger-ui.css').expect(200).expect('content-type', /css/);
    const init = await api.http.get('/api/v1/reference/init.js').expect(200);
    expect(init.text).toContain("url: \"/api/v1/openapi.json\"");
    expect(init.text).toContain('validatorUrl: null');
  });

  it('has no reference page outside development', async () => {
    const tested = await TestApp.start(env.config);
    try {
      expect(env.config.NODE_ENV).toBe('test');
      await tested.http.get('/api/v1/reference').expect(404);
      await tested.http.get('/api/v1/openapi.json').expect(200);
    } finally {
      await tested.close();
    }
  });
});

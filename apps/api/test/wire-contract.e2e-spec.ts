import { Body, Controller, Get, INestApplication, Post } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError } from '@oms/domain';
import { createLogger } from '@oms/infra';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { configureApp, httpAdapter, readyApp } from '../src/app.factory';
import { CurrentUser, Download, Public, SignedInUser } from '../src/auth/access.decorators';
import { Int, Nested, Required, Text } from '../src/common/validation/rules';
import { expectErrorEnvelope, TestApp } from './support/test-app';
import { startTestEnvironment, TestEnvironment } from './support/test-env';

class LineBody {
  @Required()
  @Text(10)
  name!: string;

  @Required()
  @Int(1, 99)
  shipAmount!: number;
}

class ListBody {
  @Required()
  @Text(20)
  title!: string;

  @Required()
  @Nested(() => LineBody)
  list!: LineBody[];
}

/** Routes that exist only in this test, to show the contract's nested paths and the 500 answer. */
@Controller('contract-probe')
class ContractProbeController {
  @Post('nested')
  @Public()
  nested(@Body() body: ListBody) {
    return { data: { title: body.title, lineCount: body.list.length, firstLine: body.list[0] } };
  }

  @Get('crash')
  @Public()
  crash(): never {
    throw new Error('secret internal detail');
  }

  @Get('download')
  @Download('accounts.read')
  download(@CurrentUser() user: SignedInUser) {
    return { data: { downloadedBy: user.id } };
  }

  @Get('refuse')
  @Public()
  refuse(): never {
    throw new DomainError('NAL-USER-003');
  }
}

describe('wire contract (DESIGN.md §4)', () => {
  let env: TestEnvironment;
  let api: TestApp;
  let probe: INestApplication;
  const logLines: string[] = [];

  beforeAll(async () => {
    env = await startTestEnvironment({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });
    api = await TestApp.start(env.config);
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.forRoot(env.config)],
      controllers: [ContractProbeController],
    }).compile();
    const fastify = moduleRef.createNestApplication<NestFastifyApplication>(httpAdapter(env.config), { bodyParser: false });
    await configureApp(fastify, env.config, createLogger('error', 'probe', { write: (line: string) => void logLines.push(line) }));
    probe = fastify;
    await readyApp(probe);
  });

  afterAll(async () => {
    await probe?.close();
    await api?.close();
    await env?.stop();
  });

  it('converts snake_case in and out', async () => {
    const res = await request(probe.getHttpServer())
      .post('/api/v1/contract-probe/nested')
      .send({ title: 'ok', list: [{ name: 'a', ship_amount: 3 }] })
      .expect(201);
    expect(res.body).toEqual({ data: { title: 'ok', line_count: 1, first_line: { name: 'a', ship_amount: 3 } } });
  });

  it('answers 422 with every failing field, nested paths dotted and indexed', async () => {
    const res = await request(probe.getHttpServer())
      .post('/api/v1/contract-probe/nested')
      .send({ title: 'x'.repeat(21), list: [{ name: 'fine', ship_amount: 1 }, { name: 'far too long', ship_amount: 0 }, { ship_amount: 'many' }] })
      .expect(422);
    expectErrorEnvelope(res.body, 'NAL-422');
    expect(res.body.error.errors).toEqual([
      { field: 'title', error_code: 'max_length', params: { max: 20 } },
      { field: 'list.1.name', error_code: 'max_length', params: { max: 10 } },
      { field: 'list.1.ship_amount', error_code: 'min', params: { min: 1 } },
      { field: 'list.2.name', error_code: 'required' },
      { field: 'list.2.ship_amount', error_code: 'integer' },
    ]);
  });

  it('lets the console\'s origin send every method the API takes, and read the headers it needs', async () => {
    const origin = env.config.CONSOLE_URL;
    const res = await api.http.options('/api/v1/orders/1/cancel').set('Origin', origin).set('Access-Control-Request-Method', 'PUT').expect(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['PUT', 'PATCH', 'DELETE']));
    const get = await api.http.get('/api/v1/health').set('Origin', origin).expect(200);
    expect(String(get.headers['access-control-expose-headers'])).toContain('Idempotent-Replayed');
  });

  it('refuses a JSON body that is not UTF-8, whatever it says', async () => {
    const sjis = Buffer.from([0x7b, 0x22, 0x74, 0x6f, 0x6b, 0x65, 0x6e, 0x22, 0x3a, 0x22, 0x93, 0xfa, 0x96, 0x7b, 0x22, 0x7d]); // {"token":"日本"} in Shift_JIS
    const res = await api.http.post('/api/v1/auth/login-with-token').set('Content-Type', 'application/json').serialize(() => sjis as unknown as string).send({});
    expect(res.status).toBe(400);
    expectErrorEnvelope(res.body, 'NAL-400');
  });

  it('answers 400 for malformed JSON and for a business refusal', async () => {
    const res = await api.http.post('/api/v1/auth/login-with-token').set('Content-Type', 'application/json').send('{"token": ');
    expect(res.status).toBe(400);
    expectErrorEnvelope(res.body, 'NAL-400');
    const charset = await api.http.post('/api/v1/auth/login-with-token').set('Content-Type', 'application/json; charset=latin1').send('{"token":"x"}');
    expect(charset.status).toBe(400);
    expectErrorEnvelope(charset.body, 'NAL-400');
    const refusal = await api.http.post('/api/v1/auth/login-with-token').send({ token: 'never-issued' });
    expect(refusal.status).toBe(400);
    expectErrorEnvelope(refusal.body, 'NAL-LO-05');
  });

  it('answers 401 without a token and 403 for a role the matrix refuses', async () => {
    expectErrorEnvelope((await api.http.get('/api/v1/users').expect(401)).body, 'NAL-401');
    const operator = await api.signedIn('operator');
    expectErrorEnvelope((await api.http.get('/api/v1/users').set('Authorization', operator.auth).expect(403)).body, 'NAL-403');
    // A business rule may also answer 403 with its own code.
    expectErrorEnvelope((await request(probe.getHttpServer()).get('/api/v1/contract-probe/refuse').expect(403)).body, 'NAL-USER-003');
  });

  it('answers 404 for an unknown route and an unknown record', async () => {
    expectErrorEnvelope((await api.http.get('/api/v1/no-such-thing').expect(404)).body, 'NAL-404');
    const admin = await api.signedIn('system_admin');
    expectErrorEnvelope((await api.http.get('/api/v1/users/987654').set('Authorization', admin.auth).expect(404)).body, 'NAL-404');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await api.http.post('/api/v1/auth/login-with-token').send({ token: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expectErrorEnvelope(res.body, 'NAL-413');
  });

  it('answers 429 past the sign-in rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.http.get('/api/v1/auth/google/login-url')).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    const limited = await api.http.get('/api/v1/auth/google/login-url');
    expect(limited.status).toBe(429);
    expectErrorEnvelope(limited.body, 'NAL-429');
    // Refresh is not counted: a busy office must not be signed out by the limit.
    expectErrorEnvelope((await api.http.post('/api/v1/auth/refresh').expect(401)).body, 'NAL-LO-06');
  });

  it('answers 500 as NAL-500 without details, with the request id of the response header', async () => {
    const res = await request(probe.getHttpServer()).get('/api/v1/contract-probe/crash').expect(500);
    expectErrorEnvelope(res.body, 'NAL-500');
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
    expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
    // The details are in the server log: one JSON object a line, carrying the same request id.
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.requestId === res.headers['x-request-id']);
    expect(logged).toMatchObject({ level: 'error', msg: 'request failed', err: { message: 'secret internal detail' } });
  });

  it('opens a download with a one-minute media token in ?token=, checked against the role matrix', async () => {
    const admin = await api.signedIn('system_admin');
    const operator = await api.signedIn('operator');
    const mediaToken = async (auth: string) => (await api.http.get('/api/v1/medias/token').set('Authorization', auth).expect(200)).body.data.token;
    const http = request(probe.getHttpServer());
    const ok = await http.get(`/api/v1/contract-probe/download?token=${await mediaToken(admin.auth)}`).expect(200);
    expect(ok.body.data.downloaded_by).toBe(admin.id);
    expectErrorEnvelope((await http.get(`/api/v1/contract-probe/download?token=${await mediaToken(operator.auth)}`).expect(403)).body, 'NAL-403');
    // An access token is not a media token, and neither is nothing.
    expectErrorEnvelope((await http.get(`/api/v1/contract-probe/download?token=${admin.auth.slice(7)}`).expect(401)).body, 'NAL-LO-07');
    expectErrorEnvelope((await http.get('/api/v1/contract-probe/download').expect(401)).body, 'NAL-LO-07');
    // One that ran out a second ago.
    const expired = api.app
      .get(JwtService)
      .sign({ role: 'system_admin', mkr: null, exp: Math.floor(Date.now() / 1000) - 1 }, { audience: 'oms-media', subject: admin.id });
    expectErrorEnvelope((await http.get(`/api/v1/contract-probe/download?token=${expired}`).expect(401)).body, 'NAL-LO-07');
  });

  it('puts a request id on every response, keeping a sane one the caller sent', async () => {
    const ok = await api.http.get('/api/v1/health');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await api.http.get('/api/v1/health').set('X-Request-Id', 'trace-12345678');
    expect(given.headers['x-request-id']).toBe('trace-12345678');
    const hostile = await api.http.get('/api/v1/health').set('X-Request-Id', 'a b\tc');
    expect(hostile.headers['x-request-id']).not.toBe('a b\tc');
  });

  it('pages lists with the documented pagination object and refuses other page sizes', async () => {
    const admin = await api.signedIn('system_admin');
    const res = await api.http.get('/api/v1/users?per_page=20&page=1').set('Authorization', admin.auth).expect(200);
    expect(res.body.pagination).toEqual({ from: 1, to: res.body.data.length, total: expect.any(Number), current_page: 1, per_page: 20, last_page: expect.any(Number) });
    const empty = await api.http.get('/api/v1/users?page=99').set('Authorization', admin.auth).expect(200);
    expect(empty.body.pagination).toMatchObject({ from: null, to: null, current_page: 99, per_page: 50 });
    const bad = await api.http.get('/api/v1/users?per_page=30').set('Authorization', admin.auth).expect(422);
    expect(bad.body.error.errors).toEqual([{ field: 'per_page', error_code: 'in', params: { values: '20,50,100,200' } }]);
  });
});

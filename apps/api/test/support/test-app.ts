import { INestApplication } from '@nestjs/common';
import type { Role } from '@oms/domain';
import { AppConfig, createLogger, UserRepository } from '@oms/infra';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp, readyApp } from '../../src/app.factory';
import { TokensService } from '../../src/auth/tokens.service';
import { signInThroughOidc } from './oidc-browserless-login';
import { startTestEnvironment, TestEnvironment } from './test-env';

/** The whole API application on real services, driven through supertest. */
export class TestApp {
  private constructor(
    readonly app: INestApplication,
    readonly config: AppConfig,
  ) {}

  static async start(config: AppConfig): Promise<TestApp> {
    const app = await createApp(config, createLogger(config.LOG_LEVEL, 'api-test'));
    await readyApp(app);
    return new TestApp(app, config);
  }

  get http() {
    return request(this.app.getHttpServer());
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  /** A registered user straight in the database (the thing under test is elsewhere). */
  async user(role: Role, over: Partial<{ email: string; name: string; status: string; allowSocialLogin: boolean; makerId: string }> = {}) {
    const email = over.email ?? `${role}.${Math.random().toString(36).slice(2, 10)}@example.com`;
    const makerId = role === 'maker' ? (over.makerId ?? (await this.maker()).id) : null;
    const [row] = await this.dataSource.query(
      `INSERT INTO users (email, name, role, status, allow_social_login, maker_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [email, over.name ?? `Test ${role}`, role, over.status ?? 'valid', over.allowSocialLogin ?? true, makerId],
    );
    const account = (await this.app.get(UserRepository).findById(String(row.id)))!;
    return { id: String(row.id), email, role, version: account.version, makerId };
  }

  /** A maker straight in the database. */
  async maker(over: Partial<{ code: string; name: string; orderMethod: 'fax' | 'email' }> = {}) {
    const code = over.code ?? `M-${Math.random().toString(36).slice(2, 10)}`;
    const [row] = await this.dataSource.query(
      `INSERT INTO makers (code, name, order_method, email, fax) VALUES ($1, $2, $3, 'orders@maker.example.com', '03-0000-0000') RETURNING id, version`,
      [code, over.name ?? `Maker ${code}`, over.orderMethod ?? 'email'],
    );
    return { id: String(row.id), code, version: row.version as number };
  }

  /** A bearer token for a user, minted as the CLI does (`stamp`: the account's security stamp, 0 until it is disabled, deleted or moved). */
  bearer(user: { id: string; role: Role; stamp?: number }, makerId: string | null = null): string {
    return `Bearer ${this.app.get(TokensService).signAccess({ id: user.id, role: user.role, makerId, stamp: user.stamp ?? 0 }).accessToken}`;
  }

  /** A user of the role with a bearer token; a maker user belongs to `makerId` (else a new maker). */
  async signedIn(role: Role, makerId?: string) {
    const user = await this.user(role, makerId ? { makerId } : {});
    return { ...user, auth: this.bearer(user, user.makerId) };
  }

  async close(): Promise<void> {
    await this.app.close();
  }
}

/** The envelope of DESIGN.md §4, for assertions (with the `params` a business refusal names, when it names any). */
export function expectErrorEnvelope(body: unknown, code: string): void {
  const params = (body as { error?: { params?: unknown } } | null)?.error?.params;
  expect(body).toEqual({
    error: {
      error_code: code,
      message: expect.any(String),
      errors: expect.any(Array),
      ...(params === undefined ? {} : { params: expect.any(Object) }),
      request_id: expect.any(String),
    },
  });
}

/**
 * Registers the usual beforeAll/afterAll of an API test file: its own environment (database,
 * Redis prefix, OIDC server) and the app on it. Read `ctx.env` and `ctx.api` inside tests.
 */
export function useTestApi(overrides: Record<string, string> = {}): { env: TestEnvironment; api: TestApp } {
  const ctx = {} as { env: TestEnvironment; api: TestApp };
  beforeAll(async () => {
    ctx.env = await startTestEnvironment(overrides);
    ctx.api = await TestApp.start(ctx.env.config);
  });
  afterAll(async () => {
    await ctx.api?.close();
    await ctx.env?.stop();
  });
  return ctx;
}

/** Signs in at the API through the real strategy and the local OIDC server, as a browser would. */
export async function signInThroughProvider(api: TestApp, provider: 'google' | 'microsoft', email: string) {
  const agent = request.agent(api.app.getHttpServer());
  const { body } = await agent.get(`/api/v1/auth/${provider}/login-url`).expect(200);
  const back = await signInThroughOidc(body.data.url, email);
  const callback = await agent.get(`/api/v1/auth/${provider}/callback${back.search}`);
  return { agent, url: body.data.url as string, back, callback };
}

/** Downloads a signed URL's file through the API, as bytes. */
export async function download(api: TestApp, url: string): Promise<{ bytes: Buffer; headers: Record<string, string> }> {
  const u = new URL(url);
  const res = await request(api.app.getHttpServer())
    .get(`${u.pathname}${u.search}`)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return { bytes: res.body as Buffer, headers: res.headers as Record<string, string> };
}

/** A request whose answer is read as bytes (a CSV in Shift_JIS, a PDF): `(await bytesOf(http.get(url)).expect(200)).body` is a Buffer. */
export function bytesOf(test: request.Test): request.Test {
  return test.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { Role } from '@oms/domain';
import { chromium, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createApp, TokensService } from '../../api/test/support/api-app';
import { startProcess, stopProcess } from '../../api/test/support/child-process';
import { freePort } from '../../api/test/support/redis-process';
import { startTestEnvironment, TestEnvironment } from '../../api/test/support/test-env';
import { createLogger, loadConfig } from '@oms/infra';
import { DataSource } from 'typeorm';

const ROOT = resolve(__dirname, '../../..');
export const SCREENSHOTS = join(ROOT, 'test-output', 'browser');

/**
 * Waits until the locator matches exactly `count` elements: a list may re-render (SWR revalidating)
 * right after its first rows appear, so a count read at once can catch it in between.
 */
export async function expectCount(locator: Locator, count: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = await locator.count();
  while (seen !== count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    seen = await locator.count();
  }
  expect(seen).toBe(count);
}

/** A body as the API answers it (snake_case), which a test reads as it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the wire's shapes directly
type WireBody = any;

/** The signed-in user's own API call, made from the page with the token it stored (as the console makes it). */
export async function apiCall(page: Page, method: string, path: string, body?: object): Promise<{ status: number; body: WireBody }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('oms.accessToken')}` },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** An API call from the page that must succeed: its `data`. */
export async function apiData(page: Page, method: string, path: string, body?: object): Promise<WireBody> {
  const res = await apiCall(page, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body?.data;
}

/** Debian's Chromium (installed by .ci/run); `npx playwright install` cannot work here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ConsoleStackOptions {
  /**
   * Configuration for the API (and the workers) over the test environment's: the shop platforms'
   * addresses (MAKESHOP_API_BASE_URL…), an SMTP server. The stack's own addresses stay its own.
   */
  config?: Record<string, string>;
  /** Runs the workers too (in process, on the same configuration): what a page starts in a queue happens. */
  workers?: boolean;
}

/**
 * The whole console stack on real parts: the test's own database and OIDC server, the API
 * listening on a free port, the console served by Vite (forwarding /api to it), and Chromium;
 * with `workers`, the workers on the same database and queues.
 */
export class ConsoleStack {
  private constructor(
    readonly env: TestEnvironment,
    readonly api: INestApplication,
    private readonly vite: ChildProcess,
    readonly consoleUrl: string,
    readonly browser: Browser,
    readonly workers: INestApplicationContext | null,
  ) {}

  static async start(options: ConsoleStackOptions = {}): Promise<ConsoleStack> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const [apiPort, consolePort] = [await freePort(), await freePort()];
    const consoleUrl = `http://127.0.0.1:${consolePort}`;
    const env = await startTestEnvironment({ ...options.config, CONSOLE_URL: consoleUrl, PORT: String(apiPort), AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    let api: INestApplication | undefined;
    let vite: ChildProcess | undefined;
    let workers: INestApplicationContext | null = null;
    try {
      api = await createApp(env.config, createLogger(env.config.LOG_LEVEL, 'api-browser-test'));
      await api.listen(apiPort, '127.0.0.1');
      if (options.workers) {
        // Loaded only by the tests that run them.
        const { createWorkers } = await import('../../workers/test/support/workers-app');
        workers = await createWorkers(loadConfig('workers', env.env));
      }
      vite = await startProcess(
        process.execPath,
        [join(ROOT, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', String(consolePort), '--strictPort'],
        /Local:/,
        { cwd: join(ROOT, 'apps/console'), env: { ...process.env, OMS_API_URL: `http://127.0.0.1:${apiPort}` } },
      );
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
      });
      return new ConsoleStack(env, api, vite, consoleUrl, browser, workers);
    } catch (error) {
      // A stack that fails to start leaves nothing running behind it (a live child keeps jest from exiting).
      await stopProcess(vite ?? null);
      await workers?.close();
      await api?.close();
      await env.stop();
      throw error;
    }
  }

  get dataSource(): DataSource {
    return this.api.get(DataSource);
  }

  async user(role: Role, email: string, name = `Browser ${role}`): Promise<{ id: string; email: string; role: Role; makerId: string | null }> {
    let makerId: string | null = null;
    if (role === 'maker') {
      const [maker] = await this.dataSource.query(
        `INSERT INTO makers (code, name, order_method, email) VALUES ($1, $2, 'email', 'orders@maker.example.com') RETURNING id`,
        [`B-${email}`.slice(0, 30), `Maker of ${name}`],
      );
      makerId = String(maker.id);
    }
    const [row] = await this.dataSource.query(`INSERT INTO users (email, name, role, maker_id) VALUES ($1, $2, $3, $4) RETURNING id`, [email, name, role, makerId]);
    return { id: String(row.id), email, role, makerId };
  }

  /** A browser context already signed in (the stored session the callback page would leave). */
  async signedInContext(user: { id: string; role: Role; makerId: string | null }): Promise<BrowserContext> {
    // The account's current security stamp: a test that moved the account to another maker bumped it.
    const [{ stamp }] = await this.dataSource.query(`SELECT security_stamp AS stamp FROM users WHERE id = $1`, [user.id]);
    const { accessToken, expiresIn } = this.api.get(TokensService).signAccess({ id: user.id, role: user.role, makerId: user.makerId, stamp });
    const context = await this.browser.newContext({ locale: 'ja-JP' });
    await context.addInitScript(
      ([token, expiry]) => {
        if (!localStorage.getItem('oms.accessToken')) localStorage.setItem('oms.accessToken', token);
        document.cookie = `oms_token_expiry=${expiry}; path=/`;
      },
      [accessToken, String(Date.now() + expiresIn * 1000)] as const,
    );
    return context;
  }

  async screenshot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await stopProcess(this.vite);
    await this.workers?.close();
    await this.api?.close();
    await this.env?.stop();
  }
}

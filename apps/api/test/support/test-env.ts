import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '@oms/infra';
import { loadConfig } from '@oms/infra';
import { createTestDatabase, TEST_REDIS_URL, uniqueName } from '../../../../libs/infra/test/support/test-database';
import { startOidcServerProcess, OidcServerProcess } from './oidc-server-process';

export const TEST_CONSOLE_URL = 'http://127.0.0.1:5173';

export const OIDC_CLIENTS = {
  google: { client_id: 'google-test', client_secret: randomBytes(12).toString('hex') },
  microsoft: { client_id: 'microsoft-test', client_secret: randomBytes(12).toString('hex') },
};

/**
 * The real parts one test file needs: its own database (cloned from the migrated template), its
 * own Redis key prefix, its own file-storage folder and data-encryption key, and a local OIDC
 * server standing in for Google and Microsoft.
 */
export interface TestEnvironment {
  config: AppConfig;
  env: Record<string, string>;
  oidc: OidcServerProcess;
  databaseUrl: string;
  dropDatabase(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestEnvironment(overrides: Record<string, string> = {}): Promise<TestEnvironment> {
  const db = await createTestDatabase();
  const consoleUrl = overrides.CONSOLE_URL ?? TEST_CONSOLE_URL;
  const oidc = await startOidcServerProcess([
    { ...OIDC_CLIENTS.google, redirect_uris: [`${consoleUrl}/auth/google/callback`] },
    { ...OIDC_CLIENTS.microsoft, redirect_uris: [`${consoleUrl}/auth/microsoft/callback`] },
  ]);
  // A folder of this file's own (removed by stop()), unless the caller brings one.
  const filesDir = overrides.FILE_STORAGE_DIR ? null : mkdtempSync(join(tmpdir(), 'oms-test-files-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: uniqueName('t'),
    CONSOLE_URL: consoleUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    GOOGLE_CLIENT_ID: OIDC_CLIENTS.google.client_id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENTS.google.client_secret,
    GOOGLE_AUTH_URL: `${oidc.issuer}/auth`,
    GOOGLE_TOKEN_URL: `${oidc.issuer}/token`,
    GOOGLE_USERINFO_URL: `${oidc.issuer}/userinfo`,
    MICROSOFT_CLIENT_ID: OIDC_CLIENTS.microsoft.client_id,
    MICROSOFT_CLIENT_SECRET: OIDC_CLIENTS.microsoft.client_secret,
    MICROSOFT_ISSUER: oidc.issuer,
    MICROSOFT_AUTH_URL: `${oidc.issuer}/auth`,
    MICROSOFT_TOKEN_URL: `${oidc.issuer}/token`,
    MICROSOFT_USERINFO_URL: `${oidc.issuer}/userinfo`,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    OUTBOX_RELAY_INTERVAL_MS: '100',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...(filesDir ? { FILE_STORAGE_DIR: filesDir } : {}),
    ...overrides,
  };
  return {
    config: loadConfig('api', env),
    env,
    oidc,
    databaseUrl: db.url,
    dropDatabase: db.drop,
    async stop() {
      await oidc.stop();
      await db.drop();
      if (filesDir) await rm(filesDir, { recursive: true, force: true });
    },
  };
}

import { ConfigError, loadConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/oms',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  JWT_SECRET: 'x'.repeat(32),
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 'gs',
  MICROSOFT_CLIENT_ID: 'm',
  MICROSOFT_CLIENT_SECRET: 'ms',
  MICROSOFT_TENANT_ID: '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  return 'no error';
}

describe('configuration', () => {
  it('loads a complete environment with defaults', () => {
    const c = loadConfig('api', base);
    expect(c.PORT).toBe(3000);
    expect(c.MICROSOFT_AUTH_URL).toBe('https://login.microsoftonline.com/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/oauth2/v2.0/authorize');
    expect(c.MICROSOFT_ISSUER).toBe('https://login.microsoftonline.com/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/v2.0');
    expect(c.COOKIE_SECURE).toBe(false);
    expect(c.TRUST_PROXY).toBe('loopback');
  });

  it('needs a Microsoft tenant GUID unless the endpoints are given', () => {
    const { MICROSOFT_TENANT_ID: _, ...env } = base;
    expect(messageOf(() => loadConfig('api', env))).toMatch(/^Configuration error: MICROSOFT_TENANT_ID is required/);
    expect(messageOf(() => loadConfig('api', { ...base, MICROSOFT_TENANT_ID: 'organizations' }))).toMatch(/MICROSOFT_TENANT_ID must be the directory/);
    const local = { ...env, MICROSOFT_ISSUER: 'http://127.0.0.1:4400', MICROSOFT_AUTH_URL: 'http://127.0.0.1:4400/auth', MICROSOFT_TOKEN_URL: 'http://127.0.0.1:4400/token' };
    expect(() => loadConfig('api', local)).not.toThrow();
  });

  it('makes cookies secure behind HTTPS, and reads trust-proxy hop counts and booleans', () => {
    expect(loadConfig('api', { ...base, CONSOLE_URL: 'https://oms.example.jp' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig('api', { ...base, CONSOLE_URL: 'https://oms.example.jp', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig('api', { ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig('api', { ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig('api', { ...base, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });

  it('names a missing variable in one line', () => {
    const { DATABASE_URL: _, ...env } = base;
    expect(messageOf(() => loadConfig('api', env))).toBe('Configuration error: DATABASE_URL is required but not set');
  });

  it('names a malformed variable', () => {
    expect(messageOf(() => loadConfig('api', { ...base, PORT: 'eighty' }))).toMatch(/^Configuration error: PORT /);
    expect(messageOf(() => loadConfig('api', { ...base, REDIS_URL: 'http://x' }))).toMatch(/^Configuration error: REDIS_URL must start with redis/);
    expect(messageOf(() => loadConfig('api', { ...base, JWT_SECRET: 'short' }))).toBe('Configuration error: JWT_SECRET must be at least 32 characters');
  });

  it('asks each process only for what it needs', () => {
    const { GOOGLE_CLIENT_ID: _, JWT_SECRET: __, ...workersEnv } = base;
    expect(() => loadConfig('workers', workersEnv)).not.toThrow();
    expect(messageOf(() => loadConfig('api', workersEnv))).toBe('Configuration error: JWT_SECRET is required but not set');
    expect(() => loadConfig('cli', { DATABASE_URL: base.DATABASE_URL })).not.toThrow();
    expect(messageOf(() => loadConfig('workers', { DATABASE_URL: base.DATABASE_URL, REDIS_URL: base.REDIS_URL }))).toBe(
      'Configuration error: SMTP_URL is required but not set',
    );
  });

  it('requires a 32-byte data-encryption key for the api and the workers (order sheet links), and reads the old keys as a list', () => {
    const { DATA_ENCRYPTION_KEY: _, ...env } = base;
    expect(messageOf(() => loadConfig('api', env))).toBe('Configuration error: DATA_ENCRYPTION_KEY is required but not set');
    expect(() => loadConfig('cli', env)).not.toThrow();
    expect(messageOf(() => loadConfig('workers', env))).toBe('Configuration error: DATA_ENCRYPTION_KEY is required but not set');
    expect(messageOf(() => loadConfig('api', { ...base, DATA_ENCRYPTION_KEY: Buffer.alloc(16, 1).toString('base64') }))).toBe(
      'Configuration error: DATA_ENCRYPTION_KEY must be the base64 of 32 random bytes (openssl rand -base64 32)',
    );
    expect(messageOf(() => loadConfig('cli', { ...env, DATA_ENCRYPTION_KEY: 'not base64!' }))).toMatch(/^Configuration error: DATA_ENCRYPTION_KEY must be/);
    expect(loadConfig('api', base).DATA_ENCRYPTION_KEYS_OLD).toEqual([]);
    const old = [Buffer.alloc(32, 1).toString('base64'), Buffer.alloc(32, 2).toString('base64url')];
    expect(loadConfig('api', { ...base, DATA_ENCRYPTION_KEYS_OLD: ` ${old[0]}, ${old[1]} ` }).DATA_ENCRYPTION_KEYS_OLD).toEqual(old);
    expect(messageOf(() => loadConfig('api', { ...base, DATA_ENCRYPTION_KEYS_OLD: `${old[0]},short` }))).toMatch(
      /^Configuration error: DATA_ENCRYPTION_KEYS_OLD must be comma-separated keys/,
    );
  });

  it('defaults the file storage directory and the public API address', () => {
    const c = loadConfig('api', base);
    expect(c.FILE_STORAGE_DIR).toBe('.data/files');
    expect(c.PUBLIC_API_URL).toBe('http://localhost:3000');
    // Signed download URLs follow the port the API listens on when no public address is set.
    expect(loadConfig('api', { ...base, PORT: '8080' }).PUBLIC_API_URL).toBe('http://localhost:8080');
    expect(loadConfig('api', { ...base, PUBLIC_API_URL: 'https://oms.example.jp/' }).PUBLIC_API_URL).toBe('https://oms.example.jp');
    expect(messageOf(() => loadConfig('api', { ...base, PUBLIC_API_URL: 'ftp://oms.example.jp' }))).toMatch(/^Configuration error: PUBLIC_API_URL must start with http/);
  });

  it('keeps job effects longer than a failed job can be retried and than the outbox keeps its events', () => {
    const c = loadConfig('workers', base);
    expect([c.OUTBOX_RETENTION_DAYS, c.JOB_EFFECTS_RETENTION_DAYS, c.MAKER_REMINDERS_RETENTION_DAYS]).toEqual([30, 90, 90]);
    expect(messageOf(() => loadConfig('workers', { ...base, JOB_EFFECTS_RETENTION_DAYS: '30' }))).toBe(
      'Configuration error: JOB_EFFECTS_RETENTION_DAYS must be more than 30 (the days a failed job can still be retried)',
    );
    expect(messageOf(() => loadConfig('workers', { ...base, OUTBOX_RETENTION_DAYS: '120' }))).toMatch(/^Configuration error: JOB_EFFECTS_RETENTION_DAYS must be at least OUTBOX_RETENTION_DAYS/);
    expect(loadConfig('workers', { ...base, OUTBOX_RETENTION_DAYS: '120', JOB_EFFECTS_RETENTION_DAYS: '120' }).OUTBOX_RETENTION_DAYS).toBe(120);
    expect(messageOf(() => loadConfig('workers', { ...base, MAKER_REMINDERS_RETENTION_DAYS: '0' }))).toMatch(/^Configuration error: MAKER_REMINDERS_RETENTION_DAYS /);
  });

  it('treats an empty variable as unset', () => {
    expect(messageOf(() => loadConfig('workers', { ...base, SMTP_URL: '' }))).toBe('Configuration error: SMTP_URL is required but not set');
    expect(messageOf(() => loadConfig('workers', { ...base, FAX_GATEWAY_ADDRESS: 'fax@gateway.example' }))).toBe(
      'Configuration error: FAX_GATEWAY_ADDRESS must be an address with {fax} before the @, like {fax}@fax-gateway.example',
    );
    expect(loadConfig('workers', base)).toEqual(expect.objectContaining({ FAX_GATEWAY_ADDRESS: '{fax}@fax-gateway.oms.local', MAKER_CONFIRM_LINK_DAYS: 14, JOB_ATTEMPTS: 8, CHAT_DIGEST_DELAY_SECONDS: 60 }));
    expect(messageOf(() => loadConfig('workers', { ...base, CHAT_DIGEST_DELAY_SECONDS: '0' }))).toMatch(/^Configuration error: CHAT_DIGEST_DELAY_SECONDS /);
  });
});

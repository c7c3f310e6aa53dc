import { z } from 'zod';
import { DEFAULT_APPROVAL_LINK_HOURS, DEFAULT_CONFIRM_LINK_DAYS, isFaxGatewayPattern } from '@oms/domain';
import { FAILED_JOB_KEEP_DAYS } from '../queues/queues';
import { decodeEncryptionKey } from '../secrets/encryption-key';

/**
 * Every environment variable the processes read, validated once at start.
 * A missing or malformed variable stops the process with one line naming it (README lists them all).
 */
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), { message: `must start with ${protocols.join(' or ')}:` });

const port = z.coerce.number().int().min(0).max(65535);
const seconds = z.coerce.number().int().positive();
const KEY_HINT = 'the base64 of 32 random bytes (openssl rand -base64 32)';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: port.default(3000),
  DATABASE_URL: url(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  QUEUE_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i).default('oms'),
  CONSOLE_URL: url(['http', 'https']).default('http://localhost:5173'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: seconds.default(900),
  REFRESH_TOKEN_TTL: seconds.default(60 * 60 * 24 * 30),
  SIGN_IN_TOKEN_TTL: seconds.default(60 * 15),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // The public forms (customer inquiries): requests per hour from one client address, and per e-mail address given.
  PUBLIC_FORM_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  PUBLIC_FORM_LIMIT_PER_CONTACT: z.coerce.number().int().positive().default(5),
  // Shop platforms (issue 17, docs/shop-platforms.md): where each answers. The defaults are the real
  // platforms; `npm start` and the tests point them at the local stand-ins.
  MAKESHOP_API_BASE_URL: url(['http', 'https']).transform((v) => v.replace(/\/+$/, '')).default('https://www.makeshop.jp'),
  COLORME_API_BASE_URL: url(['http', 'https']).transform((v) => v.replace(/\/+$/, '')).default('https://api.shop-pro.jp'),
  COLORME_AUTH_BASE_URL: url(['http', 'https']).transform((v) => v.replace(/\/+$/, '')).default('https://api.shop-pro.jp'),
  // The OAuth application registered with Color Me (its developer centre); without it shops on that platform cannot be authorized.
  COLORME_CLIENT_ID: z.string().min(1).optional(),
  COLORME_CLIENT_SECRET: z.string().min(1).optional(),
  // One request to a platform gives up after this long (and is retried as "unavailable").
  SHOP_PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  // MakeShop's order API searches by order date only: every run reads this many days back again to see changes.
  MAKESHOP_LOOKBACK_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  // Express "trust proxy": which hops may set X-Forwarded-For (the client address rate limits count by).
  TRUST_PROXY: z
    .string()
    .min(1)
    .default('loopback')
    .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: url(['http', 'https']).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: url(['http', 'https']).default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: url(['http', 'https']).default('https://openidconnect.googleapis.com/v1/userinfo'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  // One tenant (a directory GUID): passport-openidconnect checks the id token's issuer exactly, and a
  // multi-tenant issuer (common/organizations) never matches the tenant id Entra puts in `iss`.
  MICROSOFT_TENANT_ID: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be the directory (tenant) GUID').optional(),
  MICROSOFT_ISSUER: url(['http', 'https']).optional(),
  MICROSOFT_AUTH_URL: url(['http', 'https']).optional(),
  MICROSOFT_TOKEN_URL: url(['http', 'https']).optional(),
  MICROSOFT_USERINFO_URL: url(['http', 'https']).default('https://graph.microsoft.com/oidc/userinfo'),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('OMS <no-reply@oms.local>'),
  // Order sheets for fax makers go by e-mail to this address; {fax} becomes the fax number's digits.
  FAX_GATEWAY_ADDRESS: z
    .string()
    .default('{fax}@fax-gateway.oms.local')
    .refine(isFaxGatewayPattern, { message: 'must be an address with {fax} before the @, like {fax}@fax-gateway.example' }),
  // How long a maker's confirmation link works.
  MAKER_CONFIRM_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_CONFIRM_LINK_DAYS),
  // How long an estimate's approval link works (hours).
  ESTIMATE_LINK_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(DEFAULT_APPROVAL_LINK_HOURS),
  // A new chat message mails the other side after this many seconds, one mail for every message of the burst.
  CHAT_DIGEST_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Who orders, printed on order sheets and in mail to makers.
  SENDER_COMPANY: z.string().min(1).default('OMS 受発注センター'),
  SENDER_PHONE: z.string().min(1).optional(),
  SENDER_EMAIL: z.string().email().optional(),
  // Staff digests of reminders go to the shop owner's e-mail, else here; so do customer inquiries' staff notices whose shop has no contact e-mail or owner.
  STAFF_DIGEST_TO: z.string().email().optional(),
  // Retries of a job that failed (a mail server down…): how many tries in all, and the first wait (doubling).
  JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  JOB_BACKOFF_MS: z.coerce.number().int().min(10).default(5000),
  // How long a worker holds a job before another may take it over (a worker that died is noticed after this).
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30000),
  OUTBOX_RELAY_INTERVAL_MS: z.coerce.number().int().min(50).default(500),
  // The daily retention job (docs/decisions.md "Events"): published outbox events older than this go
  // (an unpublished one never does).
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // job_effects make a job run again send nothing again: kept past the time a failed job stays in its
  // queue (where it can be retried by hand) and past the outbox's (an event still there can be published again).
  JOB_EFFECTS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(FAILED_JOB_KEEP_DAYS + 1, `must be more than ${FAILED_JOB_KEEP_DAYS} (the days a failed job can still be retried)`)
    .max(3650)
    .default(90),
  // maker_reminders guard "once per order, maker, kind and day" on the day itself; older rows are only a record.
  MAKER_REMINDERS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Uploads PUT to a presigned URL but never taken over by an area are deleted after this many hours.
  UPLOAD_RETENTION_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24),
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(1000).default(30000),
  // AES-256-GCM key sealing the secrets kept in the database (shops' EC passwords, API auth codes).
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => decodeEncryptionKey(v) !== null, { message: `must be ${KEY_HINT}` })
    .optional(),
  // Earlier keys, comma-separated: still open what they sealed after a rotation.
  DATA_ENCRYPTION_KEYS_OLD: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((k) => k.trim()).filter((k) => k !== ''))
    .refine((keys) => keys.every((k) => decodeEncryptionKey(k) !== null), { message: `must be comma-separated keys, each ${KEY_HINT}` }),
  // Root of the local-disk file storage (relative to the working directory).
  FILE_STORAGE_DIR: z.string().min(1).default('.data/files'),
  // Where browsers reach the API; signed file URLs start with it.
  // (default: http://localhost:PORT, so it follows the port the API listens on).
  PUBLIC_API_URL: url(['http', 'https'])
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  // S3-compatible file storage (DESIGN.md §10): with S3_BUCKET set, files go to that bucket (browsers PUT
  // and GET through presigned URLs); without it, to the local disk under FILE_STORAGE_DIR.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // An S3-compatible server (MinIO); AWS when absent.
  S3_ENDPOINT: url(['http', 'https']).optional(),
  // The same server as browsers reach it, when that differs from S3_ENDPOINT (presigned URLs sign the host).
  S3_PUBLIC_ENDPOINT: url(['http', 'https']).optional(),
  // Without a key pair the SDK's default chain is used (an instance or task role).
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Path-style URLs (endpoint/bucket/key), as MinIO wants.
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // How long an API process trusts its cached copy of an account's role and status when no change
  // notice arrives (PostgreSQL LISTEN/NOTIFY makes it immediate; this bounds it if notices are lost).
  ACCOUNT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // A request whose Idempotency-Key is held by a request still running waits this long for its
  // answer, then answers 409 NAL-IDEM-003 (docs/decisions.md "Idempotency-Key").
  IDEMPOTENCY_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  // Two tabs refreshing with one cookie: for this long a just-rotated refresh token yields the same
  // successor instead of being taken for a stolen one (reuse after it still revokes the family).
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
});

/** What each process needs beyond DATABASE_URL. The types promise them all: a process only reads what it requires. */
const REQUIRED_BY: Record<ProcessKind, readonly (keyof z.infer<typeof schema>)[]> = {
  api: ['REDIS_URL', 'JWT_SECRET', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET', 'DATA_ENCRYPTION_KEY'],
  workers: ['REDIS_URL', 'SMTP_URL', 'DATA_ENCRYPTION_KEY'],
  cli: [],
};

export type ProcessKind = 'api' | 'workers' | 'cli';

type Parsed = z.infer<typeof schema>;

export type AppConfig = Omit<
  Parsed,
  'PUBLIC_API_URL' | 'COOKIE_SECURE' | 'REDIS_URL' | 'SMTP_URL' | 'JWT_SECRET' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'MICROSOFT_CLIENT_ID' | 'MICROSOFT_CLIENT_SECRET' | 'DATA_ENCRYPTION_KEY'
> & {
  PUBLIC_API_URL: string;
  REDIS_URL: string;
  SMTP_URL: string;
  /** Secure cookies: as set, else whenever the console is served over HTTPS. */
  COOKIE_SECURE: boolean;
  JWT_SECRET: string;
  GOOGLE_CLIENT_ID: string;
  GOOGLE_CLIENT_SECRET: string;
  MICROSOFT_CLIENT_ID: string;
  MICROSOFT_CLIENT_SECRET: string;
  MICROSOFT_ISSUER: string;
  MICROSOFT_AUTH_URL: string;
  MICROSOFT_TOKEN_URL: string;
  /** Required by the api; the cli may run without it (SecretBox then refuses to seal or open, naming it). */
  DATA_ENCRYPTION_KEY: string;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError whose message is one line naming the first bad variable. */
export function loadConfig(kind: ProcessKind, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blank = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(blank);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    const why = issue.code === 'invalid_type' && issue.received === 'undefined' ? 'is required but not set' : issue.message;
    throw new ConfigError(`Configuration error: ${name} ${why}`);
  }
  const c = parsed.data;
  const missing = REQUIRED_BY[kind].find((name) => c[name] === undefined);
  if (missing) throw new ConfigError(`Configuration error: ${missing} is required but not set`);
  if (c.JOB_EFFECTS_RETENTION_DAYS < c.OUTBOX_RETENTION_DAYS) {
    throw new ConfigError('Configuration error: JOB_EFFECTS_RETENTION_DAYS must be at least OUTBOX_RETENTION_DAYS (an event still in the outbox can be published again)');
  }
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither for the default credential chain)');
  }
  if (kind === 'api' && !c.MICROSOFT_TENANT_ID && !(c.MICROSOFT_ISSUER && c.MICROSOFT_AUTH_URL && c.MICROSOFT_TOKEN_URL)) {
    throw new ConfigError('Configuration error: MICROSOFT_TENANT_ID is required but not set (or give MICROSOFT_ISSUER, MICROSOFT_AUTH_URL and MICROSOFT_TOKEN_URL)');
  }
  const msBase = `https://login.microsoftonline.com/${c.MICROSOFT_TENANT_ID}`;
  return {
    ...(c as unknown as AppConfig),
    PUBLIC_API_URL: c.PUBLIC_API_URL ?? `http://localhost:${c.PORT}`,
    COOKIE_SECURE: c.COOKIE_SECURE ? c.COOKIE_SECURE === 'true' : c.CONSOLE_URL.startsWith('https:'),
    MICROSOFT_ISSUER: c.MICROSOFT_ISSUER ?? `${msBase}/v2.0`,
    MICROSOFT_AUTH_URL: c.MICROSOFT_AUTH_URL ?? `${msBase}/oauth2/v2.0/authorize`,
    MICROSOFT_TOKEN_URL: c.MICROSOFT_TOKEN_URL ?? `${msBase}/oauth2/v2.0/token`,
  };
}

/** For entry points: load the config or print one clear line and exit. */
export function loadConfigOrExit(kind: ProcessKind, env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(kind, env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

export const APP_CONFIG = Symbol('APP_CONFIG');

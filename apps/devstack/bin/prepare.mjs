// Shared by `npm start`, `npm test` and the script commands: only Node built-ins here, because
// this runs before the dependencies are installed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DATA_DIR = join(ROOT, '.data');

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${what} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

/** Installs the dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  console.log('Installing dependencies (npm ci)…');
  run('npm', existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'], 'npm ci');
}

/** Compiles the back end (incremental: quick when nothing changed). */
export function ensureBuilt() {
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(ROOT, 'tsconfig.build.json')], 'The build');
}

/**
 * Local secrets, made once and kept in .data/local.env (never in the repo): the JWT secret, the
 * client secrets the local OIDC server and the API share, and the data-encryption key (base64 of
 * 32 bytes) that seals stored secrets. A file from before a secret existed gains it: the others
 * are kept, since the data sealed with them must stay readable.
 */
export function localSecrets() {
  const file = join(DATA_DIR, 'local.env');
  const read = () =>
    existsSync(file)
      ? Object.fromEntries(
          readFileSync(file, 'utf8')
            .split('\n')
            .filter((line) => line.includes('='))
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        )
      : {};
  const secret = () => randomBytes(24).toString('hex');
  const makers = {
    JWT_SECRET: () => `${secret()}${secret()}`,
    GOOGLE_CLIENT_SECRET: secret,
    MICROSOFT_CLIENT_SECRET: secret,
    COLORME_CLIENT_SECRET: secret,
    DATA_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
  };
  const secrets = read();
  const missing = Object.keys(makers).filter((name) => !secrets[name]);
  if (missing.length) {
    mkdirSync(DATA_DIR, { recursive: true });
    const kept = existsSync(file) ? readFileSync(file, 'utf8').replace(/\n*$/, '\n').replace(/^\n$/, '') : '';
    writeFileSync(file, kept + missing.map((name) => `${name}=${makers[name]()}`).join('\n') + '\n', { mode: 0o600 });
  }
  return read();
}

/** The environment `npm start` runs with; what the caller set wins. Written to .data/local.env.json for the script commands. */
export function localEnvironmentFile() {
  return join(DATA_DIR, 'local-runtime.json');
}

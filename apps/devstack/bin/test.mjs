// `npm test`: install what is missing, check that PostgreSQL and Redis answer, run every jest project.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { ensureDependencies, ROOT } from './prepare.mjs';

ensureDependencies();

const postgres = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redis = new URL(process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

for (const [name, url, variable] of [
  ['PostgreSQL', postgres, 'TEST_DATABASE_URL'],
  ['Redis', redis, 'TEST_REDIS_URL'],
]) {
  if (!(await reachable(url.hostname, url.port || (name === 'Redis' ? 6379 : 5432)))) {
    console.error(`${name} does not answer at ${url.host}. The tests need a real ${name}: start one there, or point ${variable} at one.`);
    process.exit(1);
  }
}

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error('The browser tests need Chromium: install Debian\'s package (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

// Arguments select jest tests (`npm test -- apps/api/test/users`); without any, the console's unit tests run too.
const args = process.argv.slice(2);
const out = join(ROOT, 'test-output');
mkdirSync(out, { recursive: true });
const env = { ...process.env, TEST_LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' };

const jestSummary = join(out, 'jest-summary.json');
const jest = spawnSync(process.execPath, [join(ROOT, 'node_modules/jest/bin/jest.js'), '--json', `--outputFile=${jestSummary}`, ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});

const vitestSummary = join(out, 'vitest-summary.json');
const vitest = args.length
  ? { status: 0 }
  : spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestSummary}`], {
      cwd: join(ROOT, 'apps/console'),
      stdio: 'inherit',
      env,
    });

// One plain closing line over both runners, for CI and for people.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of [jestSummary, ...(args.length ? [] : [vitestSummary])]) {
  if (!existsSync(file)) continue;
  const s = JSON.parse(readFileSync(file, 'utf8'));
  passed += s.numPassedTests;
  failed += s.numFailedTests;
  skipped += s.numPendingTests + (s.numTodoTests ?? 0);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(jest.status || vitest.status ? 1 : 0);

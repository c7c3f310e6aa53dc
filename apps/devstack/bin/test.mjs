// `npm test`: install what is missing, check that PostgreSQL and Redis answer, run every jest project.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
const vitestSummary = join(out, 'vitest-summary.json');
for (const file of [jestSummary, vitestSummary]) rmSync(file, { force: true });

/**
 * Runs a test runner in a process group of its own, with a watchdog: a run that hangs (a process
 * left open by a failed test) is killed with everything it started, and fails in time instead of
 * stalling CI. Resolves to the exit code.
 */
function run(name, runnerArgs, cwd, limitMinutes) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, runnerArgs, { cwd, env, stdio: 'inherit', detached: true });
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const watchdog = setTimeout(() => {
      console.error(`\n${name} did not finish within ${limitMinutes} minutes; stopping it and everything it started.`);
      stopGroup('SIGKILL');
    }, limitMinutes * 60_000);
    const interrupt = () => stopGroup('SIGTERM');
    process.on('SIGINT', interrupt).on('SIGTERM', interrupt);
    child.on('exit', (code) => {
      clearTimeout(watchdog);
      stopGroup('SIGKILL'); // whatever the runner left behind
      resolve(code ?? 1);
    });
  });
}

const limit = Number(process.env.TEST_TIME_LIMIT_MINUTES ?? 40);
// The console's component tests took 11 minutes on the 2-core CI machine with issue 16's forms (was 10):
// the cap stops a hung run, not a slow one.
const vitestLimit = Number(process.env.VITEST_TIME_LIMIT_MINUTES ?? 20);
const jestStatus = await run('jest', [join(ROOT, 'node_modules/jest/bin/jest.js'), '--json', `--outputFile=${jestSummary}`, ...args], ROOT, limit);
const vitestStatus = args.length
  ? 0
  : await run('vitest', [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestSummary}`], join(ROOT, 'apps/console'), vitestLimit);

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
process.exit(jestStatus !== 0 || vitestStatus !== 0 ? 1 : 0);

// `npm run migrate | migrate:revert | seed | cli -- …`: build when needed, then run the API's CLI.
// Configured by the environment; after `npm start` has run once, its local settings fill what is unset.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, localEnvironmentFile, ROOT } from './prepare.mjs';

ensureDependencies();
ensureBuilt();
const local = existsSync(localEnvironmentFile()) ? JSON.parse(readFileSync(localEnvironmentFile(), 'utf8')) : {};
const env = { ...local, ...process.env };
const result = spawnSync(process.execPath, [join(ROOT, 'apps/api/dist/cli.js'), ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

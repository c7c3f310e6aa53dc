import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * The dependency rule (.dependency-cruiser.cjs, run by `npm run lint`) refuses each forbidden arrow
 * and lets the allowed ones through: a one-line probe file is written where the importing code
 * would live, the cruiser runs on the probes with the real configuration, and the probes are removed.
 */
const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'node_modules/dependency-cruiser/bin');
/** A library folder that no layer names (made for its probe, removed after). */
const NO_LAYER = 'libs/probe-lib-without-layer';

interface Probe {
  arrow: string;
  /** Where the probe goes, as a directory relative to the repository. */
  dir: string;
  source: string;
  /** The rule that must refuse it, or null for an arrow the rule allows. */
  rule: string | null;
  /** The import's target as the cruiser resolves it. */
  to: RegExp;
}

const FORBIDDEN: Probe[] = [
  { arrow: 'domain → @nestjs/common', dir: 'libs/domain/src', source: "import { Injectable } from '@nestjs/common';", rule: 'domain-imports-only-itself', to: /^node_modules\/@nestjs\/common\// },
  { arrow: 'domain → class-validator', dir: 'libs/domain/src', source: "import { IsString } from 'class-validator';", rule: 'domain-imports-only-itself', to: /^node_modules\/class-validator\// },
  { arrow: 'domain → typeorm, type only', dir: 'libs/domain/src/orders', source: "import type { Repository } from 'typeorm';", rule: 'domain-imports-only-itself', to: /^node_modules\/typeorm\// },
  { arrow: 'domain → @oms/infra', dir: 'libs/domain/src', source: "import { loadConfig } from '@oms/infra';", rule: 'domain-imports-only-itself', to: /^libs\/infra\/src\/index\.ts$/ },
  { arrow: 'domain → a Node built-in', dir: 'libs/domain/src', source: "import { randomUUID } from 'node:crypto';", rule: 'domain-imports-only-itself', to: /crypto$/ },
  { arrow: 'infra → apps/api', dir: 'libs/infra/src', source: "import { createApp } from '../../../apps/api/src/app.factory';", rule: 'infra-imports-only-the-domain-migrations-and-packages', to: /^apps\/api\/src\/app\.factory\.ts$/ },
  { arrow: 'migrations → apps/api', dir: 'migrations/src', source: "import { createApp } from '../../apps/api/src/app.factory';", rule: 'migrations-import-only-libs-and-packages', to: /^apps\/api\/src\/app\.factory\.ts$/ },
  { arrow: 'api → workers', dir: 'apps/api/src', source: "import { createWorkers } from '../../workers/src/workers.factory';", rule: 'api-imports-only-itself-libs-and-packages', to: /^apps\/workers\/src\/workers\.factory\.ts$/ },
  { arrow: 'workers → api', dir: 'apps/workers/src', source: "import { createApp } from '../../api/src/app.factory';", rule: 'workers-import-only-themselves-libs-and-packages', to: /^apps\/api\/src\/app\.factory\.ts$/ },
  { arrow: 'console → @oms/infra', dir: 'apps/console/src', source: "import { loadConfig } from '@oms/infra';", rule: 'console-imports-only-itself-the-domain-and-its-packages', to: /^libs\/infra\/src\/index\.ts$/ },
  { arrow: 'console → a Node built-in', dir: 'apps/console/src/common', source: "import { readFileSync } from 'node:fs';", rule: 'console-imports-only-itself-the-domain-and-its-packages', to: /fs$/ },
  { arrow: 'console → a dev-only package', dir: 'apps/console/src', source: "import { http } from 'msw';", rule: 'console-imports-only-itself-the-domain-and-its-packages', to: /^node_modules\/msw\// },
  { arrow: 'console → relative path into libs/domain', dir: 'apps/console/src/features/orders', source: "import { ORDER_LIMITS } from '../../../../../libs/domain/src/orders/order-edit';", rule: 'console-imports-the-domain-as-a-package', to: /^libs\/domain\/src\/orders\/order-edit\.ts$/ },
  { arrow: "workers test → api's test outside support", dir: 'apps/workers/test', source: "import '../../api/test/health.e2e-spec';", rule: 'workers-tests-share-only-support-folders', to: /^apps\/api\/test\/health\.e2e-spec\.ts$/ },
  { arrow: "console browser test → workers' source", dir: 'apps/console/e2e', source: "import { createWorkers } from '../../workers/src/workers.factory';", rule: 'console-tests-share-only-support-folders', to: /^apps\/workers\/src\/workers\.factory\.ts$/ },
  { arrow: "api test → console's source", dir: 'apps/api/test', source: "import { ORDER_ACTIONS } from '../../console/src/features/orders/order-actions';", rule: 'api-tests-share-only-support-folders', to: /^apps\/console\/src\/features\/orders\/order-actions\.ts$/ },
  { arrow: 'a folder in no layer → the domain', dir: `${NO_LAYER}/src`, source: "import { ORDER_LIMITS } from '@oms/domain';", rule: 'module-outside-every-layer', to: /^libs\/domain\/src\/index\.ts$/ },
];

const ALLOWED: Probe[] = [
  { arrow: 'console → @oms/domain', dir: 'apps/console/src/features/orders', source: "import { ORDER_LIMITS } from '@oms/domain';", rule: null, to: /^libs\/domain\/src\/index\.ts$/ },
  { arrow: 'console → antd', dir: 'apps/console/src', source: "import { Button } from 'antd';", rule: null, to: /^node_modules\/antd\// },
  { arrow: 'infra → domain', dir: 'libs/infra/src', source: "import { ORDER_LIMITS } from '@oms/domain';", rule: null, to: /^libs\/domain\/src\/index\.ts$/ },
  { arrow: 'api → infra', dir: 'apps/api/src', source: "import { loadConfig } from '@oms/infra';", rule: null, to: /^libs\/infra\/src\/index\.ts$/ },
  { arrow: 'api → @nestjs/common', dir: 'apps/api/src', source: "import { Injectable } from '@nestjs/common';", rule: null, to: /^node_modules\/@nestjs\/common\// },
  { arrow: "workers test → api's test support", dir: 'apps/workers/test', source: "import { TestApp } from '../../api/test/support/test-app';", rule: null, to: /^apps\/api\/test\/support\/test-app\.ts$/ },
  { arrow: "console browser test → workers' test support", dir: 'apps/console/e2e', source: "import { createWorkers } from '../../workers/test/support/workers-app';", rule: null, to: /^apps\/workers\/test\/support\/workers-app\.ts$/ },
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

const probes = [...FORBIDDEN, ...ALLOWED].map((probe, i) => ({ ...probe, file: `${probe.dir}/__dependency-probe-${process.pid}-${i}__.ts` }));
let violations: Violation[] = [];
let modules: CruisedModule[] = [];
/** The run as `npm run lint` reports it: the `err` reporter's exit status and text. */
let lint: { status: number | null; text: string };

beforeAll(() => {
  const madeForTheProbe = existsSync(join(ROOT, NO_LAYER)) ? null : join(ROOT, NO_LAYER);
  const output = mkdtempSync(join(tmpdir(), 'dependency-rule-'));
  const cruise = join(output, 'cruise.json');
  try {
    for (const probe of probes) {
      mkdirSync(dirname(join(ROOT, probe.file)), { recursive: true });
      writeFileSync(join(ROOT, probe.file), `${probe.source}\n`);
    }
    // Only the probes and what they import directly: quick, and it judges exactly their arrows.
    const files = probes.map((p) => p.file);
    const run = spawnSync(process.execPath, [join(BIN, 'dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--output-to', cruise, '--max-depth', '1', ...files], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`dependency-cruiser could not run (exit ${run.status}): ${run.stderr}`);
    const result = JSON.parse(readFileSync(cruise, 'utf8'));
    violations = result.summary.violations;
    modules = result.modules;
    const report = spawnSync(process.execPath, [join(BIN, 'depcruise-fmt.mjs'), '--output-type', 'err', '--exit-code', cruise], { cwd: ROOT, encoding: 'utf8' });
    lint = { status: report.status, text: report.stdout };
  } finally {
    for (const probe of probes) rmSync(join(ROOT, probe.file), { force: true });
    if (madeForTheProbe) rmSync(madeForTheProbe, { recursive: true, force: true });
    rmSync(output, { recursive: true, force: true });
  }
}, 120_000);

describe('the dependency rule (npm run lint)', () => {
  it('fails the lint when a forbidden arrow is there', () => {
    expect(lint.status).not.toBe(0);
  });

  it.each(probes.filter((p) => p.rule))('refuses $arrow, naming $rule', ({ file, rule, to }) => {
    const found = violations.filter((v) => v.from === file);
    expect(found.map((v) => v.rule.name)).toContain(rule);
    expect(found.find((v) => v.rule.name === rule)?.to).toMatch(to);
    expect(found.every((v) => v.rule.severity === 'error')).toBe(true);
    // The line a developer reads in `npm run lint`.
    expect(lint.text).toContain(`error ${rule}: ${file} → `);
  });

  it.each(probes.filter((p) => !p.rule))('allows $arrow', ({ file, to }) => {
    // Judged, not skipped: the cruiser read the probe and resolved its import.
    expect(modules.find((m) => m.source === file)?.dependencies.map((d) => d.resolved)).toEqual([expect.stringMatching(to)]);
    expect(violations.filter((v) => v.from === file)).toEqual([]);
  });
});

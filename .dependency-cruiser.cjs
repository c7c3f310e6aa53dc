/**
 * The dependency rule (DESIGN.md §3) as an allow-list, checked by `npm run lint` (so in CI).
 *
 * Every file of apps/, libs/ and migrations/ belongs to exactly one layer below, and each layer
 * lists what it may import; an import of anything else fails and names the layer's rule. A file in
 * no layer may import nothing (`module-outside-every-layer`), so a new folder must be placed here
 * first. (dependency-cruiser's own `allowed` list would report every breach as the anonymous
 * `not-in-allowed`; one rule per layer, "anything but these", says which arrow broke.)
 *
 * `@oms/*` resolve to their source through apps/api/test/tsconfig.json, as jest maps them. Type-only
 * imports count (`tsPreCompilationDeps`): a domain type from NestJS is still a NestJS dependency.
 * apps/devstack/test/dependency-rule.spec.ts shows that each forbidden arrow fails.
 */
const path = require('node:path');
const consoleManifest = require('./apps/console/package.json');

// A package, hoisted to the root or installed beside the workspace that needs its own version.
const NPM = '^node_modules/|^apps/[a-z]+/node_modules/|^libs/[a-z]+/node_modules/';
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** These npm packages (or their @types), and nothing else from node_modules. */
const packages = (names) => `^node_modules/(@types/)?(${names.map(escape).join('|')})/`;

/** Test files: beside the code (*.spec.ts, *.test.tsx) or in a test folder. */
const TEST = '(\\.(spec|int-spec|e2e-spec|test)\\.tsx?|\\.browser\\.ts)$';
/**
 * The only test code one area's tests may share with another's: these support folders start the
 * database, Redis, the OIDC server, the API and the workers for a test, and hold SMTP and PDF helpers.
 * Anything else in another app's tests or source is out of reach.
 */
const SHARED_TEST_SUPPORT = ['^libs/infra/test/support/', '^apps/api/test/support/', '^apps/workers/test/support/'];
/** The libraries' source, which tests exercise directly (a migration's seeded defaults, say). */
const LIBS_SOURCE = ['^libs/domain/src/', '^libs/infra/src/', '^migrations/src/'];

const any = (...paths) => paths.flat().join('|');

/**
 * The layers: `from` is the layer's files, `may` what they may import, `core` whether Node's
 * built-in modules are among it. The first five are the source of DESIGN.md §3's table.
 */
const LAYERS = [
  {
    name: 'domain-imports-only-itself',
    comment:
      'libs/domain is pure TypeScript (its specs too): no framework, validation library, database, Node API or other ' +
      'package of ours. The one npm package it needs is listed here by name: Japan\'s national holidays ' +
      '(@holiday-jp/holiday_jp, data only) for business days (DESIGN.md §11).',
    from: { path: '^libs/domain/src/' },
    may: ['^libs/domain/src/', packages(['@holiday-jp/holiday_jp'])],
    core: false,
  },
  {
    name: 'infra-imports-only-the-domain-migrations-and-packages',
    comment:
      'libs/infra builds on the domain and its own npm packages, never on an app. It registers the migrations ' +
      'in its data source (MIGRATIONS), so it may import migrations/src too.',
    from: { path: '^libs/infra/src/', pathNot: TEST },
    may: ['^libs/infra/src/', '^libs/domain/src/', '^migrations/src/', NPM],
    core: true,
  },
  {
    name: 'migrations-import-only-libs-and-packages',
    comment: 'Migrations may use the libraries (entities, domain constants) and TypeORM, never an app.',
    from: { path: '^migrations/src/', pathNot: TEST },
    may: ['^migrations/src/', '^libs/domain/src/', '^libs/infra/src/', NPM],
    core: true,
  },
  {
    name: 'api-imports-only-itself-libs-and-packages',
    comment: 'apps/api uses the libraries, never the workers, the console or the devstack.',
    from: { path: '^apps/api/src/', pathNot: TEST },
    may: ['^apps/api/src/', '^libs/domain/src/', '^libs/infra/src/', NPM],
    core: true,
  },
  {
    name: 'workers-import-only-themselves-libs-and-packages',
    comment: 'apps/workers uses the libraries, never the API, the console or the devstack.',
    from: { path: '^apps/workers/src/', pathNot: TEST },
    may: ['^apps/workers/src/', '^libs/domain/src/', '^libs/infra/src/', NPM],
    core: true,
  },
  {
    name: 'console-imports-only-itself-the-domain-and-its-packages',
    comment:
      'The console bundles its own code (including the generated API client), @oms/domain and the npm packages ' +
      'apps/console/package.json lists as dependencies: never @oms/infra, another app, a dev-only package or a ' +
      'Node built-in (none of which belongs in the browser bundle).',
    from: { path: '^apps/console/src/', pathNot: any(TEST, '^apps/console/src/test-(setup|utils)\\.tsx?$') },
    may: ['^apps/console/src/', '^libs/domain/src/', packages(Object.keys(consoleManifest.dependencies).filter((n) => !n.startsWith('@oms/')))],
    core: false,
  },
  {
    name: 'console-config-imports-only-packages',
    comment: "The console's Vite and vitest configuration: Vite, its plugins, Node, and each other.",
    from: { path: '^apps/console/[^/]+\\.(ts|mjs|js)$' },
    may: ['^apps/console/[^/]+\\.(ts|mjs|js)$', NPM, '^apps/console/node_modules/'],
    core: true,
  },
  {
    name: 'devstack-uses-what-it-needs',
    comment: 'apps/devstack holds local-only scripts (start the stack, run the tests, seed); nothing imports it.',
    from: { path: '^apps/devstack/' },
    may: ['^apps/devstack/', ...LIBS_SOURCE, NPM],
    core: true,
  },
  // Tests: their own area's code, the libraries' source, the shared support folders, any package.
  ...[
    ['libs/infra', '^libs/infra/(test/|src/.+' + TEST + ')'],
    ['apps/api', '^apps/api/(test/|src/.+' + TEST + ')'],
    ['apps/workers', '^apps/workers/(test/|src/.+' + TEST + ')'],
    ['apps/console', '^apps/console/(e2e/|src/.+' + TEST + '|src/test-(setup|utils)\\.tsx?$)'],
  ].map(([area, tests]) => ({
    name: `${area.split('/')[1]}-tests-share-only-support-folders`,
    comment:
      `Tests of ${area} import ${area}'s own code, the libraries' source, npm packages and the shared test-support ` +
      `folders (${SHARED_TEST_SUPPORT.join(', ')}); never another app's source or tests outside those folders.`,
    from: { path: tests },
    may: [`^${area}/`, ...LIBS_SOURCE, ...SHARED_TEST_SUPPORT, NPM],
    core: true,
  })),
];

/** One rule per layer: an import from the layer that is in none of its `may` paths fails. */
const layerRules = LAYERS.map(({ name, comment, from, may, core }) => ({
  name,
  comment,
  severity: 'error',
  from,
  to: { pathNot: any(may), ...(core ? { dependencyTypesNot: ['core'] } : {}) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'console-imports-the-domain-as-a-package',
      comment:
        "The console takes the domain as the package @oms/domain (its package.json exports the source to Vite, vitest and tsc), never by a relative path into libs/.",
      severity: 'error',
      from: { path: '^apps/console/src/' },
      to: { path: '^libs/', dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'module-outside-every-layer',
      comment: 'A file in none of the layers above may import nothing: give its folder a layer first.',
      severity: 'error',
      from: { pathNot: any(LAYERS.map((layer) => layer.from.path), NPM) },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file (a typo, a package not installed, a library not mapped to its source).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'apps/api/test/tsconfig.json') },
    // ESM-only packages (vite, csv-stringify/sync) resolve through their `exports`.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
